import Foundation

/// Reads the words after `mark`, `fav`, `delete` and `remove` into an edit, with the flags of the command table: one
/// parse a command, which its table entry holds.
package enum LibraryEditParser {
    /// An edit's parse: its flags read with the table entry's, then `body` says the edit.
    private static func edit(
        _ body: @escaping @Sendable (_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> LibraryEdit
    ) -> CommandSpec.Parse {
        { (arguments: [String], spec: CommandSpec) throws(CommandError) -> ParsedCommand in
            let words = try FlagWords(arguments, for: spec)
            return .edit(EditCommand(edit: try body(words, spec), json: words.has("json")))
        }
    }

    /// `mark <ref|show>… played|unplayed`.
    package static let mark = edit { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryEdit in
        try markEdit(words, spec)
    }

    /// `fav <ref> [--on|--off]`.
    package static let fav = edit { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryEdit in
        guard words.targets.count == 1 else { throw .usage(spec, words.targets.isEmpty ? "name one episode" : "name one episode only") }
        if words.has("on") && words.has("off") { throw .usage(spec, "--on and --off cannot be used together") }
        let to: Bool? = words.has("on") ? true : words.has("off") ? false : nil
        return .favorite(target: words.targets[0], to: to)
    }

    /// `remove <show>…`.
    package static let remove = edit { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryEdit in
        guard !words.targets.isEmpty else { throw .usage(spec, "give at least one show") }
        return .remove(shows: words.targets, keepFiles: words.has("keep-files"), force: words.has("force"))
    }

    /// `delete <ref>…`.
    package static let delete = edit { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryEdit in
        guard !words.targets.isEmpty else { throw .usage(spec, "give at least one episode") }
        return .delete(targets: words.targets)
    }

    private static func markEdit(_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> LibraryEdit {
        guard let last = words.targets.last, let state = MarkState(rawValue: last) else {
            throw .usage(spec, "the last word must be played or unplayed")
        }
        let olderThan = words.value("older-than")
        let before = words.value("before")
        if words.targets.count == 1, olderThan == nil, before == nil {
            throw .usage(spec, "name an episode or a show, or catch up with --older-than or --before")
        }
        var cutoff: Date?
        if let olderThan {
            guard let age = TimeSpec.age(olderThan) else {
                throw .usage(spec, "--older-than takes an age such as 30d, 2w or 12h, not '\(olderThan)'")
            }
            cutoff = Date().addingTimeInterval(-age)
        }
        if let before {
            guard let date = Self.date(before) else { throw .usage(spec, "--before takes a date YYYY-MM-DD, not '\(before)'") }
            cutoff = min(cutoff ?? date, date)
        }
        return .mark(targets: Array(words.targets.dropLast()), played: state == .played, cutoff: cutoff)
    }

    /// The states an episode can be marked with.
    package enum MarkState: String, CaseIterable {
        case played, unplayed
    }

    /// Midnight UTC of a `YYYY-MM-DD` date.
    package static func date(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }
}
