import PodcastKit

/// What a successful command gives back: a value (typed where the command's result has a type of its own) for
/// programs, and lines for people.
public struct CommandOutput: Sendable {
    /// The result as a value: a `PlayerStatus`, a list of `ItemSummary`, … or plain JSON.
    public var value: any ResultValue
    /// The text form, one entry per line (empty when there is nothing to say).
    public var lines: [String]

    public init(data: JSONValue = .null, lines: [String] = []) {
        self.init(value: data, lines: lines)
    }

    public init(value: any ResultValue, lines: [String] = []) {
        self.value = value
        self.lines = lines
    }

    /// The reply's `data` (null when the command only acts): the value's documented JSON.
    public var data: JSONValue { value.json }

    /// Nothing to report.
    public static let none = CommandOutput()

    /// Prints the data as JSON, or the lines; the exit status of a success.
    package func print(json: Bool) -> Int32 {
        if json {
            value.writeJSON { TerminalOutput.writeBytes($0) }
            TerminalOutput.write("\n")
        } else if !lines.isEmpty {
            TerminalOutput.write(lines.joined(separator: "\n") + "\n")
        }
        return 0
    }
}
