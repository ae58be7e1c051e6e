import Foundation
import Playback
import PodcastKit
import TOMLKit

/// `[sync]` of config.toml: the sync server and how to reach it. Its keys, what they mean and how each is read.
enum SyncConfig {
    /// The table's name.
    static let table = "sync"

    /// One key of `[sync]`.
    struct Key: Sendable {
        let name: String
        let summary: String
        let example: String
        /// Reads a value; returns what was wrong with it, or nil.
        let apply: @Sendable (any TOMLValueConvertible, inout SyncSettings) -> String?
        /// The value in force, as TOML; nil when unset.
        let render: @Sendable (SyncSettings) -> String?
    }

    static let keys: [Key] = [
        Key(
            name: "server", summary: "the server's base URL (https; http only for 127.0.0.1, ::1 or localhost, or with allow_http)",
            example: "\"https://gpodder.example.org\"",
            apply: { value, sync in
                guard let text = value.string, ["http://", "https://"].contains(where: text.lowercased().hasPrefix),
                    URL(string: text)?.host != nil
                else { return "expected an http(s) URL" }
                sync.server = text
                return nil
            }, render: { ConfigKey.quoted($0.server) }),
        Key(
            name: "kind", summary: "the server's protocol: \(SyncSettings.Kind.allCases.map(\.rawValue).joined(separator: " or "))",
            example: "\"gpodder\"",
            apply: { value, sync in
                guard let kind = value.string.flatMap(SyncSettings.Kind.init(rawValue:)) else {
                    return "expected \(SyncSettings.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))"
                }
                sync.kind = kind
                return nil
            }, render: { ConfigKey.quoted($0.kind.rawValue) }),
        Key(
            name: "username", summary: "the account's name", example: "\"alice\"",
            apply: { value, sync in
                guard let text = value.string, !text.isEmpty, !text.contains(":") else { return "expected a name (without ':')" }
                sync.username = text
                return nil
            }, render: { ConfigKey.quoted($0.username) }),
        Key(
            name: "password_command",
            summary: "a command whose first line of output is the password (else PODLINE_SYNC_PASSWORD); the password is never stored",
            example: "\"pass show gpodder\"",
            apply: { value, sync in
                guard let text = value.string, !text.isEmpty else { return "expected a command" }
                sync.passwordCommand = text
                return nil
            }, render: { $0.passwordCommand.map(ConfigKey.quoted) }),
        Key(
            name: "device", summary: "this device's id on the server (letters, digits, '.', '-', '_'; default podline-HOSTNAME)",
            example: "\"podline-laptop\"",
            apply: { value, sync in
                guard let text = value.string, SyncDevice.isValid(text) else { return "expected letters, digits, '.', '-' or '_'" }
                sync.device = text
                return nil
            }, render: { ConfigKey.quoted($0.device ?? SyncDevice.standard()) }),
        switchKey("auto", summary: "sync after update and when a player stops (true or false)", example: "true", \.auto),
        switchKey(
            "allow_http", summary: "allow a server on plain http beyond the loopback addresses (true or false)", example: "false",
            \.allowHTTP),
    ]

    /// A key that is true or false, kept at `path`.
    private static func switchKey(
        _ name: String, summary: String, example: String, _ path: WritableKeyPath<SyncSettings, Bool> & Sendable
    ) -> Key {
        Key(
            name: name, summary: summary, example: example,
            apply: { value, sync in value.bool.map { sync[keyPath: path] = $0 } == nil ? "expected true or false" : nil },
            render: { String($0[keyPath: path]) })
    }

    /// Reads `[sync]` into `settings`; it needs `server` and `username`.
    static func read(
        _ value: any TOMLValueConvertible, into settings: inout Settings, sources: inout [String: String], text: String, path: String
    ) throws(ConfigError) {
        guard let entries = value.table else {
            throw ConfigError(path: path, key: table, problem: "expected a table [sync] of the sync server's settings")
        }
        var sync = SyncSettings(server: "", username: "")
        for name in entries.keys {
            let line = KeyLines.line(of: name, inTable: table, text: text)
            guard let key = keys.first(where: { $0.name == name }) else {
                let guess = EditDistance.suggestion(for: name, among: keys.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw ConfigError(path: path, line: line, key: "\(table).\(name)", problem: "unknown key\(guess)")
            }
            if let entry = entries[name], let problem = key.apply(entry, &sync) {
                throw ConfigError(path: path, line: line, key: "\(table).\(name)", problem: problem)
            }
            sources["\(table).\(name)"] = line.map { "config.toml line \($0)" } ?? "config.toml"
        }
        for required in ["server", "username"] where entries[required] == nil {
            throw ConfigError(path: path, key: "\(table).\(required)", problem: "missing: [sync] needs server and username")
        }
        settings.sync = sync
    }

    /// `[sync]`'s keys with their values and sources, for `podline config`; none when it is not set.
    static func entries(_ settings: Settings, sources: [String: String]) -> [(key: String, value: String, source: String)] {
        guard let sync = settings.sync else { return [] }
        return keys.compactMap { key in
            key.render(sync).map { (key: "\(table).\(key.name)", value: $0, source: sources["\(table).\(key.name)"] ?? "default") }
        }
    }

    /// The documented (commented out) table, for `podline config --defaults`.
    static var documented: [String] {
        ["# the sync server (gpodder.net API or Nextcloud GPodder Sync); see podline help sync", "# [\(table)]"]
            + keys.map { "# \($0.name) = \($0.example)  # \($0.summary)" }
    }
}

/// This device's id on a sync server.
enum SyncDevice {
    /// `podline-HOSTNAME`, the host name's other characters as `-`.
    static func standard() -> String {
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        let cleaned = String(host.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
        return "podline-" + (cleaned.isEmpty ? "host" : cleaned)
    }

    /// True for an id servers take: letters, digits, `.`, `-`, `_`.
    static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
    }
}
