/// Which new episodes of a show `update` downloads: the newest `count` whose title and duration pass.
public struct DownloadRule: Sendable, Hashable {
    /// How many of the matching new episodes are downloaded (0: none).
    public var count: Int
    /// Regular expressions: when there are some, a title must match one of them.
    public var include: [String]
    /// Regular expressions: a title matching one of them is never downloaded.
    public var exclude: [String]
    /// The shortest an episode may be, in seconds (nil: no limit); an episode of unknown length is left out.
    public var minDuration: Double?
    /// The longest an episode may be, in seconds (nil: no limit); an episode of unknown length is left out.
    public var maxDuration: Double?

    public init(count: Int, include: [String] = [], exclude: [String] = [], minDuration: Double? = nil, maxDuration: Double? = nil) {
        self.count = count
        self.include = include
        self.exclude = exclude
        self.minDuration = minDuration
        self.maxDuration = maxDuration
    }

    /// True when `pattern` is a regular expression the rule can use.
    public static func isValidPattern(_ pattern: String) -> Bool {
        (try? Regex(pattern)) != nil
    }

    /// The test an episode must pass, its patterns compiled once (a pattern that does not compile matches nothing).
    /// Compiling is the costly part: a caller with many shows of the same rule keeps one matcher (see `Matchers`).
    public func matcher() -> @Sendable (_ title: String?, _ duration: Double?) -> Bool {
        let included = TitlePatterns(include)
        let excluded = TitlePatterns(exclude)
        let (shortest, longest) = (minDuration, maxDuration)
        return { title, duration in
            if shortest != nil || longest != nil {
                guard let duration else { return false }
                if let shortest, duration < shortest { return false }
                if let longest, duration > longest { return false }
            }
            let title = title ?? ""
            if !included.isEmpty, !included.matches(title) { return false }
            return !excluded.matches(title)
        }
    }
}

/// The matchers of download rules, each compiled once however many shows share its filters.
public struct Matchers {
    private var compiled: [DownloadRule: @Sendable (String?, Double?) -> Bool] = [:]

    public init() {}

    /// The matcher of `rule`'s filters (its count aside).
    public mutating func matcher(of rule: DownloadRule) -> @Sendable (String?, Double?) -> Bool {
        var key = rule
        key.count = 0
        if let known = compiled[key] { return known }
        let made = key.matcher()
        compiled[key] = made
        return made
    }
}

/// Regular expressions searched for in a title, compiled once.
public struct TitlePatterns: @unchecked Sendable {
    // Regex is not Sendable; these are compiled here, never mutated, and only read by `matches`.
    private let expressions: [Regex<AnyRegexOutput>]

    /// The expressions of `patterns`; one that does not compile matches nothing.
    public init(_ patterns: [String]) {
        expressions = patterns.compactMap { try? Regex($0) }
    }

    public var isEmpty: Bool { expressions.isEmpty }

    /// True when one of the expressions is found somewhere in `title`.
    public func matches(_ title: String) -> Bool {
        expressions.contains { (try? $0.firstMatch(in: title)) != nil }
    }
}
