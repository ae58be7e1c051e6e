import PodcastKit

/// Reads the words after `add`, `update`, `download`, `import`, `inspect`, `chapters`, `transcript` and `config` into a
/// `TaskCommand`, with the flags of the command table.
package enum LibraryTaskParser {
    /// The megabytes `--max-feed-size` accepts.
    package static let feedSizeRange = 1...4096

    /// `--max-feed-size`'s default, in megabytes.
    package static var defaultFeedSize: Int { FeedParser.defaultSizeCap / (1024 * 1024) }

    package static func parse(_ arguments: [String], for spec: CommandSpec) throws(CommandError) -> TaskCommand {
        let words = try FlagWords(arguments, for: spec)
        let task: LibraryTask
        switch spec.name {
        case CommandTable.add.name:
            let command = words.value("password-command")
            if command != nil, words.value("user") == nil { throw .usage(spec, "--password-command goes with --user") }
            task = .add(
                feed: try one(words, spec, "name a feed URL or file"), sizeCap: try sizeCap(words, spec), user: words.value("user"),
                passwordCommand: command)
        case CommandTable.update.name:
            task = .update(shows: words.targets, jobs: try jobs(words, spec), sizeCap: try sizeCap(words, spec))
        case CommandTable.importOPML.name:
            task = .importOPML(
                file: try one(words, spec, "name an OPML file"), jobs: try jobs(words, spec), sizeCap: try sizeCap(words, spec))
        case CommandTable.inspect.name:
            task = .inspect(feed: try one(words, spec, "name a feed URL or file"), sizeCap: try sizeCap(words, spec))
        case CommandTable.download.name:
            task = try download(words, spec)
        case CommandTable.chapters.name:
            task = .chapters(target: try atMostOne(words, spec))
        case CommandTable.transcript.name:
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
            task = .transcript(target: target, at: at, follow: follow)
        case CommandTable.find.name:
            task = try find(words, spec)
        case CommandTable.sync.name:
            guard words.targets.count <= 1, words.targets.allSatisfy({ $0 == "status" }) else {
                throw .usage(spec, "takes nothing, or status")
            }
            task = .sync(status: words.targets == ["status"])
        default:
            guard words.targets.isEmpty else { throw .usage(spec, "takes no arguments") }
            task = .config(defaults: words.has("defaults"))
        }
        return TaskCommand(task: task, json: words.has("json"), name: spec.name)
    }

    /// The results `find` gives without `--limit`, and the most it gives.
    package static let findLimit = 20
    package static let findLimitRange = 1...200

    private static func find(_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> LibraryTask {
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

    private static func download(_ words: FlagWords, _ spec: CommandSpec) throws(CommandError) -> LibraryTask {
        let new = words.has("new")
        if words.targets.isEmpty, !new { throw .usage(spec, "give at least one episode reference, or --new") }
        let limit = try count(words, "limit", spec, atLeast: 1)
        if limit != nil, !new { throw .usage(spec, "--limit goes with --new") }
        return .download(targets: words.targets, new: new, limit: limit, keep: try count(words, "keep", spec, atLeast: 0))
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
