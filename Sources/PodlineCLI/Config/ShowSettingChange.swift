import ArgumentParser
import Foundation
import Playback

/// `set KEY VALUE` or `unset KEY` after `podline show SLUG`: written into config.toml's `[shows.SLUG]` table, and
/// refused (the file untouched) when the value is not one the key takes.
struct ShowSettingChange {
    let key: ShowSettingKey
    /// The value as a TOML literal; nil to remove the key.
    let literal: String?

    /// Reads the words; a wrong form or an unknown key is a usage error naming what is expected.
    init(words: [String]) throws {
        let usage = "show: expected 'set KEY VALUE' or 'unset KEY' (keys: \(ShowSettingKey.all.map(\.name).joined(separator: ", ")))"
        guard let verb = words.first, (verb == "set" && words.count == 3) || (verb == "unset" && words.count == 2) else {
            printError(usage)
            throw ExitCode(ExitStatus.usage)
        }
        guard let key = ShowSettingKey.named(words[1]) else {
            let guess =
                EditDistance.suggestion(for: words[1], among: ShowSettingKey.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            printError("show: unknown setting '\(words[1])'\(guess)")
            throw ExitCode(ExitStatus.usage)
        }
        self.key = key
        literal = verb == "set" ? ConfigEditor.literal(words[2]) : nil
    }

    /// Writes the change for the show `slug` and prints what is now in force.
    func apply(toShow slug: String) throws {
        let path = ConfigFile.defaultPath()
        let old: String
        do {
            old = try FileManager.default.fileExists(atPath: path) ? String(contentsOfFile: path, encoding: .utf8) : ""
        } catch {
            printError("show: cannot read \(path): \(error.localizedDescription)")
            throw ExitCode(ExitStatus.config)
        }
        do {
            _ = try ConfigFile.parse(old, path: path)
        } catch {
            printError("show: \(error.description) (mend the file first)")
            throw ExitCode(ExitStatus.config)
        }
        let new =
            literal.map { ConfigEditor.setting(key.name, to: $0, forShow: slug, in: old) }
            ?? ConfigEditor.removing(key.name, forShow: slug, in: old)
        let settings: ShowSettings
        do {
            settings = try ConfigFile.parse(new, path: path).settings.show(slug)
        } catch {
            printError("show: \(key.name): expected \(key.expected)")
            throw ExitCode(ExitStatus.usage)
        }
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(new.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            printError("show: cannot write \(path): \(error.localizedDescription)")
            throw ExitCode(ExitStatus.failure)
        }
        Configuration.reload()
        print("\(slug): \(key.name) = \(key.render(settings) ?? "(not set)")")
    }
}
