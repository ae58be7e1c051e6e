/// The time limits of HTTP requests, in seconds.
public struct HTTPTimeouts: Sendable, Equatable {
    /// Establishing the connection.
    public var connect: Int
    /// Waiting for the next bytes of a response.
    public var read: Int
    /// The whole exchange of a feed request, body included.
    public var total: Int

    /// A directory's: an answer of a few kilobytes that should come at once.
    public static let directory = HTTPTimeouts(connect: 5, read: 10, total: 20)

    public init(connect: Int = 10, read: Int = 30, total: Int = 120) {
        self.connect = connect
        self.read = read
        self.total = total
    }
}
