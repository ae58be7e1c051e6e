import Foundation
import PodcastKit

/// The filters of `episodes`, which a smart playlist saves: which episodes, in what order, how many. Ages are kept as
/// they were typed (relative), so a saved `--newer 14d` always means the last fourteen days.
public struct EpisodeFilter: Codable, Equatable, Sendable {
    /// Shows by slug, id or feed URL (none: every show).
    public var shows: [String] = []
    /// States the episodes are all in.
    public var states: [EpisodeQuery.State] = []
    /// Words that must all appear in the title or show notes.
    public var search: String?
    /// Part of the name of a person the feed says is in the episode (or its show).
    public var person: String?
    /// Only episodes published less than this many seconds ago.
    public var newer: Double?
    /// Only episodes published more than this many seconds ago.
    public var older: Double?
    /// Only episodes at least this long, in seconds.
    public var minDuration: Double?
    /// Only episodes at most this long, in seconds.
    public var maxDuration: Double?
    public var sort: EpisodeQuery.Sort?
    public var limit: Int?

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case shows, states, search, person, newer, older, sort, limit
        case minDuration = "min_duration"
        case maxDuration = "max_duration"
    }

    /// The filter flags, as `episodes` and `playlist` take them.
    package static let flags: [FlagSpec] = [
        FlagSpec("new", "Only episodes not played and not started."),
        FlagSpec("unplayed", "Only episodes not played (started or not)."),
        FlagSpec("in-progress", "Only episodes started but not finished."),
        FlagSpec("downloaded", "Only downloaded episodes."), FlagSpec("favorites", "Only favourite episodes."),
        FlagSpec("show", value: "SHOW[,SHOW…]", "Only episodes of these shows (slug, id or feed URL)."),
        FlagSpec("newer", value: "AGE", "Only episodes published less than AGE ago (14d, 2w, 12h)."),
        FlagSpec("older", value: "AGE", "Only episodes published more than AGE ago."),
        FlagSpec("min-duration", value: "TIME", "Only episodes at least TIME long (20m, 1:30:00)."),
        FlagSpec("max-duration", value: "TIME", "Only episodes at most TIME long."),
        FlagSpec("search", value: "TEXT", "Only episodes whose title or show notes hold every word of TEXT."),
        FlagSpec("person", value: "NAME", "Only episodes whose people (else their show's) include NAME, case and accents aside."),
        FlagSpec("sort", value: "ORDER", "newest (the default), oldest, shortest or longest first."),
        FlagSpec("limit", value: "N", "At most N episodes."),
    ]

    /// The flag that asks for episodes in `state`.
    package static func flag(for state: EpisodeQuery.State) -> String {
        state == .favorite ? "favorites" : state.rawValue
    }

    /// The filter the flags among `words` say; a value that is not what its flag takes is a usage error naming it.
    package init(_ words: FlagWords, spec: CommandSpec) throws(CommandError) {
        states = EpisodeQuery.State.allCases.filter { words.has(Self.flag(for: $0)) }
        shows = words.flags.filter { $0.spec.name == "show" }.flatMap { ($0.value ?? "").split(separator: ",").map(String.init) }
        search = words.value("search")
        person = words.value("person")
        newer = try Self.value(words, "newer", spec, expected: "an age such as 14d, 2w or 12h", TimeSpec.age)
        older = try Self.value(words, "older", spec, expected: "an age such as 30d, 2w or 12h", TimeSpec.age)
        minDuration = try Self.value(words, "min-duration", spec, expected: "a TIME such as 20m or 1:30:00", TimeSpec.seconds)
        maxDuration = try Self.value(words, "max-duration", spec, expected: "a TIME such as 40m or 1:30:00", TimeSpec.seconds)
        sort = try Self.value(words, "sort", spec, expected: "newest, oldest, shortest or longest", EpisodeQuery.Sort.init(rawValue:))
        limit = try Self.value(words, "limit", spec, expected: "a whole number of 0 or more") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
    }

    /// The value of `--name` read by `read`, nil when not given; a usage error saying what it takes when unreadable.
    private static func value<Value>(
        _ words: FlagWords, _ name: String, _ spec: CommandSpec, expected: String, _ read: (String) -> Value?
    ) throws(CommandError) -> Value? {
        guard let text = words.value(name) else { return nil }
        guard let value = read(text) else { throw .usage(spec, "--\(name) takes \(expected), not '\(text)'") }
        return value
    }

    /// True when the filter lets every episode through, newest first.
    public var isEmpty: Bool { self == EpisodeFilter() }

    /// The flags that say this filter again, in the order of `flags`.
    public var words: [String] {
        var words = states.map { "--" + Self.flag(for: $0) }
        if !shows.isEmpty { words += ["--show", shows.joined(separator: ",")] }
        if let newer { words += ["--newer", TimeSpec.ageText(newer)] }
        if let older { words += ["--older", TimeSpec.ageText(older)] }
        if let minDuration { words += ["--min-duration", TimeSpec.ageText(minDuration)] }
        if let maxDuration { words += ["--max-duration", TimeSpec.ageText(maxDuration)] }
        if let search { words += ["--search", search] }
        if let person { words += ["--person", person] }
        if let sort { words += ["--sort", sort.rawValue] }
        if let limit { words += ["--limit", String(limit)] }
        return words
    }

    /// The store's query for this filter as of `now`, its shows found in `store`.
    package func query(in store: LibraryStore, now: Date = Date()) throws(StoreError) -> EpisodeQuery {
        var query = EpisodeQuery(states: states, search: search, limit: limit)
        for name in shows {
            guard let id = try findShow(name, in: store).id else { continue }
            query.showIDs.append(id)
        }
        query.publishedAfter = newer.map { now.addingTimeInterval(-$0) }
        query.publishedBefore = older.map { now.addingTimeInterval(-$0) }
        query.person = person
        query.minDuration = minDuration
        query.maxDuration = maxDuration
        query.sort = sort ?? .newest
        return query
    }

    /// The filter as JSON text, as a smart playlist keeps it.
    package var saved: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// The filter a smart playlist kept; nil when the text is not one.
    package init?(saved text: String) {
        guard let filter = try? JSONDecoder().decode(EpisodeFilter.self, from: Data(text.utf8)) else { return nil }
        self = filter
    }
}
