import AudioEngine
import DataFlow
import Foundation
import Synchronization

/// Progress bars on standard error while a library command runs: a view host over an activity model of its own,
/// redrawn in place whenever the lines it renders change. Only on a terminal; elsewhere it draws nothing.
@MainActor
package final class ProgressDisplay {
    private let activity = LibraryActivity(limit: 8)
    private let host: ViewHost<ProgressBarsView>
    private var drawn: [String] = []
    /// Bumped by `clear()`, so that notices posted before it and applied after it are dropped.
    private nonisolated let epoch = Atomic<Int>(0)

    /// A display on standard error, or nil when standard error is not a terminal.
    package static func onTerminal() -> ProgressDisplay? {
        StandardError.isTerminal
            ? ProgressDisplay(
                style: ListStyle(
                    color: TerminalStyle.enabled(for: StandardError.descriptor),
                    columns: TerminalSize.columns(of: StandardError.descriptor) - 1))
            : nil
    }

    private let output: (String) -> Void

    /// A display drawn with `style` through `output` (standard error by default).
    package init(style: ListStyle, output: @escaping (String) -> Void = { StandardError.write($0) }) {
        host = ViewHost(ProgressBarsView(activity: activity, style: style))
        self.output = output
    }

    /// The number of feeds an update run will refresh.
    package func expectFeeds(_ count: Int) {
        activity.feedsToRefresh = count
        redraw()
    }

    /// Takes a notice from any thread; it is drawn on the main actor.
    package nonisolated func post(_ notice: ActivityNotice) {
        let posted = epoch.load(ordering: .relaxed)
        Task { @MainActor in
            guard self.epoch.load(ordering: .relaxed) == posted else { return }
            self.record(notice)
        }
    }

    /// `post` as a function value, for an activity reporter.
    package nonisolated var sink: @Sendable (ActivityNotice) -> Void {
        { [self] notice in post(notice) }
    }

    /// Applies a notice and redraws if the lines changed.
    package func record(_ notice: ActivityNotice) {
        activity.record(notice)
        redraw()
    }

    /// The lines drawn now.
    package var lines: [String] { drawn }

    /// Erases the bars (before a command prints its result); notices still on their way are dropped.
    package func clear() {
        epoch.add(1, ordering: .relaxed)
        erase()
        drawn = []
    }

    private func redraw() {
        let lines = host.render()
        guard lines != drawn else { return }
        erase()
        if !lines.isEmpty { write(lines.map { "\r\u{1B}[K" + $0 }.joined(separator: "\n")) }
        drawn = lines
    }

    /// Moves to the first drawn line and clears from there to the end of the screen.
    private func erase() {
        guard !drawn.isEmpty else { return }
        write("\r" + (drawn.count > 1 ? "\u{1B}[\(drawn.count - 1)A" : "") + "\u{1B}[J")
    }

    private func write(_ text: String) {
        output(text)
    }
}
