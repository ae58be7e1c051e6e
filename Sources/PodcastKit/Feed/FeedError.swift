/// Why a feed or OPML document could not be read.
public struct FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason, for example `not a feed: the root element is <html> (line 3, column 1)`.
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
