import PodcastKit

/// What a library edit did: its result as a value, its lines for people, the lines for standard error, and its exit
/// status.
public struct EditReport: Sendable {
    /// A `MarkResult`, a `FavoriteResult`, a list of `DeleteOutcome` or of `RemovedShow`, or plain JSON.
    public var value: any ResultValue
    public var lines: [String]
    /// Episodes the edit could not act on, one line each (the rest were done).
    public var problems: [String] = []
    /// 0, or the documented status of the problems.
    public var status: Int32 = 0

    /// Prints the report as a one-shot command or a REPL line does (`json`: the data), and returns its status.
    package func print(json: Bool) -> Int32 {
        _ = CommandOutput(value: value, lines: lines).print(json: json)
        problems.forEach { printError($0) }
        return status
    }

    public init(value: any ResultValue, lines: [String]) {
        self.value = value
        self.lines = lines
    }

    /// The JSON of the value.
    public var data: JSONValue { value.json }
}
