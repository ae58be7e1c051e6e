import Foundation
import PodcastKit

extension LibraryReader {
    /// `history`: the listening log's stretches, oldest first, as text lines, CSV or JSON.
    static func history(since date: Date?, show: String?, csv: Bool, in store: LibraryStore) throws -> CommandOutput {
        let showID = try show.map { name throws in try findShow(name, in: store).id }
        let rows = try store.listening(since: date, showID: showID ?? nil)
        let entries = rows.map { row in
            JSONValue.object([
                ("ref", .string(row.ref)), ("title", .string(row.title)), ("from", .number(row.stretch.from)),
                ("to", .number(row.stretch.to)), ("started", .string(ISO8601.string(row.stretch.startedAt))),
                ("ended", .string(ISO8601.string(row.stretch.endedAt))), ("speed", .number(row.stretch.speed)),
                ("silence_skipped", .number(row.stretch.silenceSkipped)), ("heard", .number(row.stretch.heardFor)),
                ("output", .string(row.stretch.output)),
            ])
        }
        let lines: [String]
        if csv {
            lines =
                [HistoryCSV.header]
                + rows.map { row in HistoryCSV.line(row.stretch, ref: row.ref, title: row.title) }
        } else if rows.isEmpty {
            lines = ["Nothing heard\(date == nil ? "" : " since then") (the player logs each stretch it plays)."]
        } else {
            let refWidth = rows.map(\.ref.count).max() ?? 0
            lines = rows.map { row in
                let stretch = row.stretch
                let when = ISO8601.string(stretch.startedAt).prefix(16).replacingOccurrences(of: "T", with: " ")
                let speed = stretch.speed == 1 ? "" : String(format: "  %gx", stretch.speed)
                let saved =
                    stretch.silenceSkipped >= 0.5
                    ? "  \(TerminalOutput.duration(stretch.silenceSkipped.rounded())) of silence left out" : ""
                return "\(when)  \(row.ref.padding(toLength: refWidth, withPad: " ", startingAt: 0))  "
                    + "\(ClockText.of(stretch.from))–\(ClockText.of(stretch.to))  heard \(TerminalOutput.duration(stretch.heardFor.rounded()))"
                    + "\(speed)\(saved)  \(TerminalText.safe(row.title))"
            }
        }
        return CommandOutput(data: .array(entries), lines: lines)
    }
}

/// The listening log as CSV (RFC 4180): a header, then a line a stretch, times in ISO 8601, seconds as decimals.
enum HistoryCSV {
    static let header = "started,ended,ref,title,from,to,speed,silence_skipped,heard,output"

    static func line(_ stretch: ListeningStretch, ref: String, title: String) -> String {
        let fields = [
            ISO8601.string(stretch.startedAt), ISO8601.string(stretch.endedAt), ref, title, number(stretch.from), number(stretch.to),
            number(stretch.speed), number(stretch.silenceSkipped), number(stretch.heardFor), stretch.output ?? "",
        ]
        return fields.map(quoted).joined(separator: ",")
    }

    /// Seconds with three decimals at most.
    private static func number(_ value: Double) -> String {
        String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    /// A field as RFC 4180 writes it: quoted, its quotes doubled, when it holds a comma, a quote or a line break.
    private static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
