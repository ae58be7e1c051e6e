import PodcastKit

/// Reads the words after `add`, `update`, `download`, `import`, `inspect`, `chapters`, `transcript`, `find`, `sync`
/// and `config` into a task, with the flags of the command table: one parse a command, which its table entry holds.
package enum LibraryTaskParser {
    /// The megabytes `--max-feed-size` accepts.
    package static let feedSizeRange = 1...4096

    /// `--max-feed-size`'s default, in megabytes.
    package static var defaultFeedSize: Int { FeedParser.defaultSizeCap / (1024 * 1024) }

    /// A task's parse: its flags read with the table entry's, then `body` says the task.
    private static func task(
        _ body: @escaping @Sendable (_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> LibraryTask
    ) -> CommandSpec.Parse {
        { (arguments: [String], spec: CommandSpec) throws(CommandError) -> ParsedCommand in
            let words = try FlagWords(arguments, for: spec)
            return .task(TaskCommand(task: try body(words, spec), json: words.has("json"), name: spec.name))
        }
    }

    /// `add <feed-url|file|find/N|page-url>`.
    package static let add = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        let command = words.value("password-command")
        if command != nil, words.value("user") == nil { throw .usage(spec, "--password-command goes with --user") }
        return .add(
            feed: try one(words, spec, "name a feed URL or file"), sizeCap: try sizeCap(words, spec), user: words.value("user"),
            passwordCommand: command)
    }

    /// `update [<show>…]`.
    package static let update = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        .update(shows: words.targets, jobs: try jobs(words, spec), sizeCap: try sizeCap(words, spec), notify: words.has("notify"))
    }

    /// `schedule every INTERVAL|off|status`.
    package static let schedule = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        let typed = words.targets.first ?? ScheduleAction.Word.status.rawValue
        guard let word = ScheduleAction.Word(rawValue: typed) else {
            throw .usage(spec, "expected every INTERVAL, off or status, not '\(typed)'")
        }
        switch word {
        case .every:
            guard words.targets.count == 2 else { throw .usage(spec, "every takes one interval, such as 1h") }
            guard let seconds = TimeSpec.age(words.targets[1]), UpdateSchedule.intervals.contains(seconds) else {
                throw .usage(spec, "every takes \(UpdateSchedule.intervalExpected), not '\(words.targets[1])'")
            }
            return .schedule(.every(seconds))
        case .off, .status:
            guard words.targets.count <= 1 else { throw .usage(spec, "\(typed) takes nothing more") }
            return .schedule(word == .off ? .off : .status)
        }
    }

    /// `import <file.opml>`.
    package static let importOPML = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        .importOPML(file: try one(words, spec, "name an OPML file"), jobs: try jobs(words, spec), sizeCap: try sizeCap(words, spec))
    }

    /// `inspect <feed-file|url|find/N>`.
    package static let inspect = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        .inspect(feed: try one(words, spec, "name a feed URL or file"), sizeCap: try sizeCap(words, spec))
    }

    /// `download <ref>…|--new [<show>…]`.
    package static let download = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        let new = words.has("new")
        if words.targets.isEmpty, !new { throw .usage(spec, "give at least one episode reference, or --new") }
        let limit = try count(words, "limit", spec, atLeast: 1)
        if limit != nil, !new { throw .usage(spec, "--limit goes with --new") }
        return .download(targets: words.targets, new: new, limit: limit, keep: try count(words, "keep", spec, atLeast: 0))
    }

    /// `chapters [<ref|file|url>]`.
    package static let chapters = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        .chapters(target: try atMostOne(words, spec))
    }

    /// `transcript [<ref>] [--at TIME|--follow]`.
    package static let transcript = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        let target = try atMostOne(words, spec)
        var at: Double?
        if let text = words.value("at") {
            guard let seconds = TimeSpec.seconds(text) else {
                throw .usage(spec, "--at: '\(text)' is not a TIME (SECONDS, MM:SS or HH:MM:SS)")
            }
            at = seconds
        }
        let follow = words.has("follow")
        if follow, at != nil { throw .usage(spec, "--follow starts where the player is; it takes no --at") }
        return .transcript(target: target, at: at, follow: follow)
    }

    /// `bookmark [NOTE…]`, `bookmark <ref> TIME [NOTE…]`, `bookmark remove N`.
    package static let bookmark = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        guard words.targets.first == "remove" else { return .bookmark(words: words.targets) }
        guard words.targets.count == 2, let text = words.targets.last,
            let id = Int64(text.hasPrefix(Bookmark.prefix) ? String(text.dropFirst(Bookmark.prefix.count)) : text), id > 0
        else { throw .usage(spec, "bookmark remove takes one bookmark's number") }
        return .removeBookmark(id)
    }

    /// `link [<ref>] [TIME]`: one word is an episode, unless it is a clock time (`1:23`), which is a time in what plays.
    package static let link = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        guard words.targets.count <= 2 else { throw .usage(spec, "give at most an episode and a TIME") }
        var targets = words.targets
        var time: Double?
        if let last = targets.last, targets.count == 2 || last.contains(":") {
            guard let seconds = TimeSpec.seconds(last) else { throw .usage(spec, "'\(last)' is not a TIME (SECONDS, MM:SS or HH:MM:SS)") }
            time = seconds
            targets.removeLast()
        }
        return .link(target: targets.first, time: time)
    }

    /// `clip <ref|bookmark/N|file|url> [FROM [TO]] [--length TIME] [--soundbite N] [--as-heard] -o FILE`.
    package static let clip = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        guard let output = words.value("output"), !output.isEmpty else { throw .usage(spec, "name the file to write with -o FILE") }
        guard let target = words.targets.first else { throw .usage(spec, "name an episode, a bookmark, a file or a URL") }
        guard words.targets.count <= 3 else { throw .usage(spec, "unexpected argument '\(words.targets[3])'") }
        var times: [Double] = []
        for text in words.targets.dropFirst() {
            guard let seconds = TimeSpec.seconds(text), seconds <= ClipRequest.longest else {
                throw .usage(spec, "'\(text)' is not a TIME (SECONDS, MM:SS or HH:MM:SS) of an episode")
            }
            times.append(seconds)
        }
        var request = ClipRequest(target: target, from: times.first, to: times.dropFirst().first, output: output)
        request.asHeard = words.has("as-heard")
        if let text = words.value("length") {
            guard let seconds = TimeSpec.seconds(text), seconds > 0, seconds <= ClipRequest.longest else {
                throw .usage(spec, "--length: '\(text)' is not a TIME above 0 of an episode")
            }
            guard request.to == nil else { throw .usage(spec, "give TO or --length, not both") }
            request.length = seconds
        }
        if let text = words.value("soundbite") {
            guard let number = Int(text), number >= 1 else { throw .usage(spec, "--soundbite takes a soundbite's number, from 1") }
            guard times.isEmpty, request.length == nil else { throw .usage(spec, "a soundbite has its own times: no FROM, TO or --length") }
            request.soundbite = number
        }
        if let from = request.from, let to = request.to, to <= from {
            throw .usage(spec, "TO (\(ClockText.of(to))) is not after FROM (\(ClockText.of(from)))")
        }
        return .clip(request)
    }

    /// `find <words>…|--trending`.
    package static let find = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        try findTask(words, spec)
    }

    /// `sync [status]`.
    package static let sync = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        guard words.targets.count <= 1, words.targets.allSatisfy({ $0 == "status" }) else {
            throw .usage(spec, "takes nothing, or status")
        }
        return .sync(status: words.targets == ["status"])
    }

    /// `config [--defaults]`.
    package static let config = task { (words: FlagWords, spec: CommandSpec) throws(CommandError) -> LibraryTask in
        guard words.targets.isEmpty else { throw .usage(spec, "takes no arguments") }
        return .config(defaults: words.has("defaults"))
    }

    /// The results `find` gives without `--limit`, and the most it gives.
    package static let findLimit = 20
    package static let findLimitRange = 1...200

    private static func findTask(_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> LibraryTask {
        let trending = words.has("trending")
        let terms = words.targets.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        if trending, !terms.isEmpty { throw .usage(spec, "--trending takes no search words") }
        if !trending, terms.isEmpty { throw .usage(spec, "give words to search for, or --trending") }
        if !trending, words.value("lang") != nil || words.value("category") != nil {
            throw .usage(spec, "--lang and --category go with --trending")
        }
        var limit = findLimit
        if let text = words.value("limit") {
            guard let value = Int(text), findLimitRange.contains(value) else {
                throw .usage(spec, "--limit takes a whole number from \(findLimitRange.lowerBound) to \(findLimitRange.upperBound)")
            }
            limit = value
        }
        var directory: DirectorySettings.Source?
        if let text = words.value("directory") {
            guard let source = DirectorySettings.Source(rawValue: text) else {
                throw .usage(spec, "--directory takes itunes, podcastindex or all, not '\(text)'")
            }
            directory = source
        }
        if trending, directory == .itunes { throw .usage(spec, "--trending asks Podcast Index: not with --directory itunes") }
        return .find(
            terms: trending ? nil : terms, limit: limit, directory: directory, language: words.value("lang"),
            category: words.value("category"))
    }

    private static func one(_ words: FlagWords, _ spec: CommandSpec, _ missing: String) throws(CommandError) -> String {
        guard let first = words.targets.first else { throw .usage(spec, missing) }
        guard words.targets.count == 1 else { throw .usage(spec, "unexpected argument '\(words.targets[1])'") }
        return first
    }

    private static func atMostOne(_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> String? {
        guard words.targets.count <= 1 else { throw .usage(spec, "unexpected argument '\(words.targets[1])'") }
        return words.targets.first
    }

    private static func jobs(_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> Int? {
        try count(words, "jobs", spec, atLeast: 1)
    }

    /// `--max-feed-size` in bytes (its default when not given).
    private static func sizeCap(_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> Int {
        guard let text = words.value("max-feed-size") else { return FeedParser.defaultSizeCap }
        guard let megabytes = Int(text), feedSizeRange.contains(megabytes) else {
            throw .usage(spec, "--max-feed-size must be between \(feedSizeRange.lowerBound) and \(feedSizeRange.upperBound) (MB)")
        }
        return megabytes * 1024 * 1024
    }

    /// The whole number `--name` gives, at least `least`; nil when not given.
    private static func count(_ words: FlagWords, _ name: String, _ spec: CommandSpec, atLeast least: Int) throws(CommandError) -> Int? {
        guard let text = words.value(name) else { return nil }
        guard let value = Int(text), value >= least else {
            throw .usage(spec, least == 0 ? "--\(name) must not be negative" : "--\(name) must be at least \(least)")
        }
        return value
    }
}
