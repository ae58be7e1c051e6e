import Foundation

/// The rows measured so far, what could not be measured, and the machine's load meanwhile; printed as a
/// Markdown table or one JSON object.
final class Report {
    /// A group, or part of one, that could not be measured.
    struct Problem: Encodable {
        var group: String
        var message: String
    }

    private(set) var rows: [BenchRow] = []
    private(set) var problems: [Problem] = []
    private var loads: [Double] = [Machine.load()]

    func add(_ row: BenchRow) {
        rows.append(row)
        loads.append(Machine.load())
    }

    func problem(_ group: String, _ message: String) {
        Progress.say("\(group): \(message)")
        problems.append(Problem(group: group, message: message))
    }

    /// Notes the load average (called between groups).
    func sampleLoad() {
        loads.append(Machine.load())
    }

    /// The report as Markdown: a line on the machine and the command, the table, then what was not measured.
    func markdown(command: String, runs: Int) -> String {
        let machine = Machine(loads: loads)
        var lines = [
            "Measured \(machine.summary); each figure the median of \(runs) alternating runs unless the row says otherwise.",
            "Command: `\(command)`",
            "",
            "| what | Podline | anchor | ratio | goal | met |",
            "|---|---|---|---|---|---|",
        ]
        for row in rows {
            let what = row.runs == 1 && runs != 1 ? "\(row.what) (one run)" : row.what
            lines.append("| \(what) | \(row.podlineText) | \(row.anchorText) | \(row.ratioText) | \(row.goal.text) | \(row.metText) |")
        }
        if !problems.isEmpty {
            lines.append("")
            lines += problems.map { "Not measured (\($0.group)): \($0.message)" }
        }
        return lines.joined(separator: "\n")
    }

    /// The report as one JSON object: machine, command, runs, rows, problems.
    func json(command: String, runs: Int) throws -> String {
        struct Document: Encodable {
            var machine: Machine
            var command: String
            var runs: Int
            var rows: [BenchRow]
            var problems: [Problem]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(machine: Machine(loads: loads), command: command, runs: runs, rows: rows, problems: problems)
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}
