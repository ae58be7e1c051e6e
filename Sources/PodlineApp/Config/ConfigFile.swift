import Foundation
import Logging
import Playback
import PodcastKit
import TOMLKit

/// The settings in force: the defaults, overridden by `$XDG_CONFIG_HOME/podline/config.toml`.
public struct ConfigFile: Sendable {
    /// The file read (whether or not it exists).
    public var path: String
    /// Whether the file exists.
    public var exists: Bool
    public var settings: Settings
    /// Where each key's value came from: `default`, or `config.toml line N`.
    public var sources: [String: String]

    /// `$XDG_CONFIG_HOME/podline/config.toml`, else `~/.config/podline/config.toml`.
    public static func defaultPath(environment: [String: String]? = nil) -> String {
        // Two variables are read with getenv: copying the whole environment into a dictionary costs start-up more.
        let value = { (name: String) in environment.map { $0[name] } ?? getenv(name).map { String(cString: $0) } }
        if let config = value("XDG_CONFIG_HOME"), config.hasPrefix("/") { return config + "/podline/config.toml" }
        let home = value("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/podline/config.toml"
    }

    /// Reads the file at `path`; a missing file gives the defaults, a bad one an error naming the key and line.
    public static func load(path: String = defaultPath()) throws(ConfigError) -> ConfigFile {
        let log = Logger(label: "podline.config")
        guard FileManager.default.fileExists(atPath: path) else {
            log.debug("no config file at \(path): defaults in force")
            return ConfigFile(path: path, exists: false, settings: Settings(), sources: [:])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, problem: "cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(path: path, problem: "is not valid UTF-8")
        }
        log.debug("reading config file \(path)")
        return try parse(text, path: path)
    }

    /// Reads settings from TOML `text`.
    public static func parse(_ text: String, path: String) throws(ConfigError) -> ConfigFile {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, problem: error.description)
        } catch {
            throw ConfigError(path: path, problem: "\(error)")
        }
        var settings = Settings()
        var sources: [String: String] = [:]
        let known =
            ConfigKey.all.map(\.name) + ShowTable.all.map(\.name) + [
                "shows", SyncConfig.section.table, DirectoryConfig.section.table, KeysConfig.section.table,
            ]
        for key in table.keys.sorted(by: { lineOf($0, nil, text) < lineOf($1, nil, text) }) {
            let line = KeyLines.line(of: key, inTable: nil, text: text)
            guard let value = table[key] else { continue }
            if key == "shows" {
                try readShows(value, into: &settings, sources: &sources, text: text, path: path)
                continue
            }
            if key == SyncConfig.section.table {
                settings.sync = try SyncConfig.section.read(
                    value, over: SyncSettings(server: "", username: ""), sources: &sources, text: text, path: path)
                continue
            }
            if key == KeysConfig.section.table {
                settings.keys = try KeysConfig.section.read(value, over: [:], sources: &sources, text: text, path: path)
                if let clash = KeysConfig.clash(in: settings.keys, text: text, path: path) { throw clash }
                continue
            }
            if key == DirectoryConfig.section.table {
                settings.directory = try DirectoryConfig.section.read(
                    value, over: settings.directory, sources: &sources, text: text, path: path)
                continue
            }
            if let showTable = ShowTable.all.first(where: { $0.name == key }) {
                try read(showTable, value, into: &settings, sources: &sources, text: text, path: path)
                continue
            }
            guard let spec = ConfigKey.all.first(where: { $0.name == key }) else {
                let guess = EditDistance.suggestion(for: key, among: known).map { "; did you mean '\($0)'?" } ?? ""
                throw ConfigError(path: path, line: line, key: key, problem: "unknown key\(guess)")
            }
            if let problem = spec.apply(value, &settings) {
                throw ConfigError(path: path, line: line, key: key, problem: problem)
            }
            sources[key] = line.map { "config.toml line \($0)" } ?? "config.toml"
        }
        return ConfigFile(path: path, exists: true, settings: settings, sources: sources)
    }

    private static func lineOf(_ key: String, _ table: String?, _ text: String) -> Int {
        KeyLines.line(of: key, inTable: table, text: text) ?? Int.max
    }

    private static func read(
        _ showTable: ShowTable, _ value: any TOMLValueConvertible, into settings: inout Settings,
        sources: inout [String: String], text: String, path: String
    ) throws(ConfigError) {
        guard let shows = value.table else {
            throw ConfigError(
                path: path, line: KeyLines.line(of: showTable.name, inTable: nil, text: text),
                key: showTable.name, problem: "expected a table of show = value")
        }
        for show in shows.keys {
            let line = KeyLines.line(of: show, inTable: showTable.name, text: text)
            guard let entry = shows[show] else { continue }
            if let problem = showTable.apply(show: show, value: entry, to: &settings) {
                throw ConfigError(path: path, line: line, key: "\(showTable.name).\(show)", problem: problem)
            }
            sources["shows.\(show).\(showTable.key)"] = line.map { "config.toml line \($0) ([\(showTable.name)])" } ?? "config.toml"
        }
    }

    /// Reads the `[shows.SLUG]` tables: each show's own settings.
    private static func readShows(
        _ value: any TOMLValueConvertible, into settings: inout Settings, sources: inout [String: String], text: String, path: String
    ) throws(ConfigError) {
        guard let shows = value.table else {
            throw ConfigError(
                path: path, line: KeyLines.line(of: "shows", inTable: nil, text: text), key: "shows",
                problem: "expected tables [shows.SLUG] of a show's settings")
        }
        for show in shows.keys {
            guard let table = shows[show]?.table else {
                throw ConfigError(path: path, key: "shows.\(show)", problem: "expected a table [shows.\(show)] of the show's settings")
            }
            for key in table.keys {
                let line = KeyLines.line(of: key, inTable: "shows.\(show)", text: text)
                guard let setting = ShowSettingKey.named(key) else {
                    let guess =
                        EditDistance.suggestion(for: key, among: ShowSettingKey.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                    throw ConfigError(path: path, line: line, key: "shows.\(show).\(key)", problem: "unknown show setting\(guess)")
                }
                guard let entry = table[key], setting.apply(entry, &settings.shows[show, default: ShowSettings()]) else {
                    throw ConfigError(path: path, line: line, key: "shows.\(show).\(key)", problem: "expected \(setting.expected)")
                }
                sources["shows.\(show).\(key)"] = line.map { "config.toml line \($0)" } ?? "config.toml"
            }
        }
    }

    /// Each key with its effective value (as TOML) and source, in documented order; per-show settings last.
    public var entries: [(key: String, value: String, source: String)] {
        var list = ConfigKey.all.map { (key: $0.name, value: $0.render(settings), source: sources[$0.name] ?? "default") }
        list += DirectoryConfig.section.entries(settings.directory, sources: sources)
        if let sync = settings.sync { list += SyncConfig.section.entries(sync, sources: sources) }
        list += KeysConfig.section.entries(settings.keys, sources: sources)
        for show in settings.shows.keys.sorted() {
            for setting in ShowSettingKey.all {
                guard let value = setting.render(settings.shows[show]!) else { continue }
                let key = "shows.\(show).\(setting.name)"
                list.append((key: key, value: value, source: sources[key] ?? "default"))
            }
        }
        return list
    }

    /// A documented config file with every default, as `podline config --defaults` prints it.
    public static var documentedDefaults: String {
        let defaults = Settings()
        var lines = ["# podline configuration: $XDG_CONFIG_HOME/podline/config.toml", ""]
        for key in ConfigKey.all {
            lines.append("# \(key.summary)")
            lines.append("\(key.name) = \(key.render(defaults))")
        }
        lines += [
            "", "# a show's own settings, by show slug (see podline shows); 'podline show SLUG set KEY VALUE' writes them",
            "# [shows.some-show]",
        ]
        lines += ShowSettingKey.all.map { "# \($0.name) = \($0.expected)" }
        for showTable in ShowTable.all {
            lines += ["", "# \(showTable.summary)", "[\(showTable.name)]", "# \(showTable.example)"]
        }
        lines += [""] + DirectoryConfig.section.documented + [""] + SyncConfig.section.documented + [""] + KeysConfig.section.documented
        return lines.joined(separator: "\n") + "\n"
    }
}
