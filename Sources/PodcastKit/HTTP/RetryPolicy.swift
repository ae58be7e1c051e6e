/// How a transfer that broke off after it started (a download, a stream) is tried again: after each
/// delay in turn, resuming with a Range request, until the delays are spent. A first connection that
/// fails (no such host, refused) is not retried: that fails at once.
public struct RetryPolicy: Sendable, Equatable {
    /// Seconds to wait before each new try, in order.
    public var delays: [Double]

    /// Four more tries over ten seconds.
    public init(delays: [Double] = [1, 2, 3, 4]) {
        self.delays = delays
    }

    /// Never tries again.
    public static let never = RetryPolicy(delays: [])

    /// The wait before try number `attempt` (0 for the first retry), or nil when the tries are spent.
    public func delay(before attempt: Int) -> Double? {
        attempt < delays.count ? delays[attempt] : nil
    }
}
