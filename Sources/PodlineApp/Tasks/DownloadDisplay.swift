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

    package func deleted(_ file: URL) {
        switch output.destination {
        case .reply: output.value(.object([("deleted", .string(file.path))]))
        case .streamed: output.line("deleted \(file.path)")
        case .printed where writesEvents: break
        case .printed: print("deleted \(file.path)")
        }
    }

    /// Erases the bars.
    @MainActor package func clear() {
        bars?.clear()
    }
}
