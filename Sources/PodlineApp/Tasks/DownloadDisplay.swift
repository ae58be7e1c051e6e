import Foundation
import PodcastKit
import Synchronization

/// Shows download progress: bars on a terminal (fed by the activity reporter), throttled NDJSON events on standard
/// output otherwise; for a reply, only what was downloaded and deleted, as data.
package final class DownloadDisplay: Sendable {
    private let bars: ProgressDisplay?
    private let output: TaskOutput
    private let lastEvent = Mutex(ContinuousClock.now - .seconds(1))

    package init(bars: ProgressDisplay?, output: TaskOutput) {
        self.bars = bars
        self.output = output
    }

    /// True when progress is written as NDJSON events (standard output is for a program).
    private var writesEvents: Bool { output.drawsBars && bars == nil }

    package func progress(_ progress: DownloadProgress) {
        output.activity?.yield(.progress(progress))
        guard writesEvents else { return }
        let now = ContinuousClock.now
        let due = lastEvent.withLock { last -> Bool in
            guard now - last >= .milliseconds(250) || progress.received == progress.total else { return false }
            last = now
            return true
        }
        guard due else { return }
        // Written at once (not held in standard output's buffer): a program reading a pipe sees progress as it comes.
        TerminalOutput.writeJSON(
            .object([
                ("event", .string("download-progress")),
                (
                    "data",
                    .object([("ref", .string(progress.ref)), ("received", .int(progress.received)), ("total", .int(progress.total))])
                ),
            ]))
    }

    @MainActor package func finished(_ ref: String, file: URL) {
        clear()
        let data = JSONValue.object([("ref", .string(ref)), ("file", .string(file.path))])
        switch output.destination {
        case .streamed(let activity): activity.yield(.downloaded(ref: ref, file: file.path))
        case .reply: output.value(data)
        case .printed where writesEvents:
            TerminalOutput.writeJSON(.object([("event", .string("download-finished")), ("data", data)]))
        case .printed: print("\(ref): downloaded to \(file.path)")
        }
    }

    /// A download the retention rules deleted: a line, an event with `--json`, or data for a reply.
    package func deleted(_ deletion: Retention.Deletion) {
        let line = "\(deletion.ref): deleted \(deletion.file.path) (\(Self.text(deletion.reason)))"
        switch output.destination {
        case .reply: output.value(Self.data(deletion))
        case .streamed: output.line(line)
        case .printed(json: true):
            TerminalOutput.writeJSON(.object([("event", .string("download-deleted")), ("data", Self.data(deletion))]))
        case .printed: print(line)
        }
    }

    /// What comparing a download with a second fetch showed (`skip_inserted`): a line, a `download-compared` event with
    /// `--json`, or data for a reply.
    package func compared(_ ref: String, _ comparison: InsertedComparison) {
        let line = InsertedText.line(ref, comparison)
        let data = InsertedText.data(ref, comparison)
        switch output.destination {
        case .reply: output.value(data)
        case .streamed: output.line(line)
        case .printed(json: true): TerminalOutput.writeJSON(.object([("event", .string("download-compared")), ("data", data)]))
        case .printed: print(line)
        }
    }

    /// A deletion as data: `{"ref", "deleted": FILE, "reason": "keep" or "played-after", "limit"}`, the limit being
    /// the downloads kept or the seconds after being played.
    private static func data(_ deletion: Retention.Deletion) -> JSONValue {
        let (reason, limit): (String, JSONValue) =
            switch deletion.reason {
            case .beyondNewest(let keep): ("keep", .int(keep))
            case .playedLongAgo(let after): ("played-after", .number(after))
            }
        return .object([
            ("ref", .string(deletion.ref)), ("deleted", .string(deletion.file.path)), ("reason", .string(reason)), ("limit", limit),
        ])
    }

    /// Why, for people.
    private static func text(_ reason: Retention.Deletion.Reason) -> String {
        switch reason {
        case .beyondNewest(let keep): "played, older than the \(keep) newest download\(keep == 1 ? "" : "s") kept"
        case .playedLongAgo(let after): "played more than \(TimeSpec.ageText(after)) ago"
        }
    }

    /// Erases the bars.
    @MainActor package func clear() {
        bars?.clear()
    }
}
