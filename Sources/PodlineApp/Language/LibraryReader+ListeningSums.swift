import Foundation
import PodcastKit

extension LibraryReader {
    /// `stats --by`/`--since`: the listening log's sums, a line (and an object) a group, or one for them all.
    static func sums(_ sums: [ListeningSums], by grouping: ListeningGrouping?) -> CommandOutput {
        let keyName = grouping?.rawValue ?? ""
        func object(_ sum: ListeningSums) -> JSONValue {
            let members: [(String, JSONValue)] = [
                ("heard", .number(sum.heard)), ("saved_by_speed", .number(sum.savedBySpeed)),
                ("saved_by_silence", .number(sum.savedBySilence)), ("finished", .int(sum.finished)), ("abandoned", .int(sum.abandoned)),
            ]
            return .object((grouping == nil ? [] : [(keyName, JSONValue.string(sum.key))]) + members)
        }
        let data: JSONValue = grouping == nil ? object(sums.first ?? ListeningSums(key: nil)) : .array(sums.map(object))
        let header = [grouping == nil ? "" : keyName, "heard", "saved by speed", "silence left out", "finished", "abandoned"]
        var table = [header]
        for sum in sums {
            table.append([
                TerminalText.safe(sum.key ?? "all"), TerminalOutput.duration(sum.heard.rounded()),
                TerminalOutput.duration(sum.savedBySpeed.rounded()),
                TerminalOutput.duration(sum.savedBySilence.rounded()), String(sum.finished), String(sum.abandoned),
            ])
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let lines = table.map { row in
            row.indices.map { $0 == row.count - 1 ? row[$0] : row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        return CommandOutput(data: data, lines: sums.isEmpty ? ["Nothing heard then (the player logs each stretch it plays)."] : lines)
    }
}
