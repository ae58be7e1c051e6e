/// How far a download that must end before the episode plays has got.
public struct Fetching: Equatable, Sendable {
    /// Bytes downloaded so far.
    public var received: Int
    /// The whole file's length, when the server said it.
    public var total: Int?

    public init(received: Int, total: Int?) {
        self.received = received
        self.total = total
    }

    /// `downloading first 12.3 / 57.0 MB` (or `12.3 MB` when the length is unknown): megabytes with one decimal.
    public var text: String {
        let got = Self.megabytes(received)
        guard let total else { return "downloading first \(got) MB" }
        return "downloading first \(got) / \(Self.megabytes(total)) MB"
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 500_000) / 1_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
