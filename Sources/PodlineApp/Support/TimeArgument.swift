import ArgumentParser

/// A TIME given on the command line (`90`, `5m`, `1:30`, `1:02:03`).
public struct TimeArgument: ExpressibleByArgument, Sendable {
    /// The time in seconds.
    public var seconds: Double

    public init?(argument: String) {
        guard let seconds = TimeSpec.seconds(argument) else { return nil }
        self.seconds = seconds
    }

    public static var defaultCompletionKind: CompletionKind { .default }
}
