import Foundation

/// How long the long runs go (the soak, the socket under load, writers at once, the terminal fuzz): short in the
/// default suite, their full length when they are asked for by name (`swift test --filter Soak`) or with
/// `PODLINE_FULL_LENGTH=1`.
public enum LongRun {
    /// The word a filter names to ask for every long run at its full length.
    public static let filterWord = "Soak"

    /// True when this run asked for the long runs at their full length.
    public static let isFull: Bool = {
        if ProcessInfo.processInfo.environment["PODLINE_FULL_LENGTH"] == "1" { return true }
        return filterNames(filterWord)
    }()

    /// `short` in the default suite, `full` when the long runs were asked for.
    public static func seconds(short: Double, full: Double) -> Double {
        isFull ? full : short
    }

    /// True when a `--filter` argument of this test process mentions `word`.
    public static func filterNames(_ word: String) -> Bool {
        let arguments = CommandLine.arguments
        for (index, argument) in arguments.enumerated() where argument == "--filter" && index + 1 < arguments.count {
            if arguments[index + 1].localizedCaseInsensitiveContains(word) { return true }
        }
        return false
    }
}
