import PodcastKit

/// What a successful command gives back: data for JSON replies and lines for people.
public struct CommandOutput: Sendable {
    /// The reply's `data` (null when the command only acts).
    public var data: JSONValue
    /// The text form, one entry per line (empty when there is nothing to say).
    public var lines: [String]

    public init(data: JSONValue = .null, lines: [String] = []) {
        self.data = data
        self.lines = lines
    }

    /// Nothing to report.
    public static let none = CommandOutput()

    /// Prints the data as JSON, or the lines; the exit status of a success.
    package func print(json: Bool) -> Int32 {
        if json {
            TerminalOutput.writeJSON(data)
        } else if !lines.isEmpty {
            TerminalOutput.write(lines.joined(separator: "\n") + "\n")
        }
        return 0
    }
}
