import Foundation
import Playback

/// `set KEY VALUE` or `unset KEY` after `show SLUG`: written into config.toml's `[shows.SLUG]` table, and refused (the
/// file untouched) when the value is not one the key takes.
public struct ShowSettingChange: Equatable, Sendable {
    /// The key's name, one of `ShowSettingKey.all`.
    package let name: String
    /// The value as typed; nil to remove the key.
    package let value: String?

    /// Reads the words; a wrong form or an unknown key is a usage error naming what is expected.
    package init(words: [String]) throws(CommandError) {
        let keys = ShowSettingKey.all.map(\.name)
        guard let verb = words.first, (verb == "set" && words.count == 3) || (verb == "unset" && words.count == 2) else {
            throw CommandError(.invalidParameter, "show: expected 'set KEY VALUE' or 'unset KEY' (keys: \(keys.joined(separator: ", ")))")
        }
        guard ShowSettingKey.named(words[1]) != nil else {
            let guess = EditDistance.suggestion(for: words[1], among: keys).map { "; did you mean '\($0)'?" } ?? ""
            throw CommandError(.invalidParameter, "show: unknown setting '\(words[1])'\(guess)")
        }
        name = words[1]
        value = verb == "set" ? words[2] : nil
    }

    /// Writes the change for the show `slug`; the line saying what is now in force, and the same as data.
    package func apply(toShow slug: String) throws(CommandError) -> CommandOutput {
        let key = ShowSettingKey.named(name)!
        let path = ConfigFile.defaultPath()
        let old: String
        do {
            old = try FileManager.default.fileExists(atPath: path) ? String(contentsOfFile: path, encoding: .utf8) : ""
        } catch {
            throw CommandError(.configuration, "show: cannot read \(path): \(error.localizedDescription)")
        }
        do {
            _ = try ConfigFile.parse(old, path: path)
        } catch {
            throw CommandError(.configuration, "show: \(error.description) (mend the file first)")
        }
        let new =
            value.map { ConfigEditor.setting(key.name, to: ConfigEditor.literal($0), forShow: slug, in: old) }
            ?? ConfigEditor.removing(key.name, forShow: slug, in: old)
        let settings: ShowSettings
        do {
            settings = try ConfigFile.parse(new, path: path).settings.show(slug)
        } catch {
            throw CommandError(.invalidParameter, "show: \(key.name): expected \(key.expected)")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(new.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandError(.failed, "show: cannot write \(path): \(error.localizedDescription)")
        }
        Configuration.reload()
        let rendered = key.render(settings)
        return CommandOutput(
            data: .object([("show", .string(slug)), ("key", .string(key.name)), ("value", .string(rendered))]),
            lines: ["\(slug): \(key.name) = \(rendered ?? "(not set)")"])
    }
}
