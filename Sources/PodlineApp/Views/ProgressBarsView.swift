import DataFlow
import Foundation

/// The progress of an update run and of the download under way: one bar each, drawn from the activity model.
package struct ProgressBarsView: View {
    package let activity: LibraryActivity
    package let style: ListStyle

    package var body: some View {
        VStack {
            if activity.feedsToRefresh > 0 {
                FeedsBarView(
                    done: activity.refreshes.count, total: activity.feedsToRefresh,
                    latest: activity.refreshes.max { $0.serial < $1.serial }?.show ?? "", style: style)
            }
            ForEach(activity.transfers.filter { !$0.isComplete }) { transfer in
                TransferBarView(transfer: transfer, style: style)
            }
        }
    }
}

/// `Updating feeds [#####-----] 3/200  slug`.
package struct FeedsBarView: View {
    package let done: Int
    package let total: Int
    package let latest: String
    package let style: ListStyle

    package var body: some View {
        var line = LineSegments()
        line.add("Updating feeds ")
        ProgressBar.add(Double(done) / Double(max(total, 1)), to: &line)
        line.add(" \(done)/\(total)  ")
        line.add(TerminalText.safe(latest))
        return Text(line.rendered(color: style.color, columns: style.columns))
    }
}

/// `show/3  [######--------] 42%  1.2 MB` (without a known size: `show/3  1.2 MB`).
package struct TransferBarView: View {
    package let transfer: LibraryActivity.Transfer
    package let style: ListStyle

    package var body: some View {
        var line = LineSegments()
        let megabytes = String(format: "%.1f MB", Double(transfer.bytes) / 1_048_576)
        if let fraction = transfer.fraction {
            line.add(TerminalText.safe(transfer.ref) + "  ")
            ProgressBar.add(fraction, to: &line)
            line.add(" \(Int(fraction * 100))%  \(megabytes)")
        } else {
            line.add(TerminalText.safe(transfer.ref) + "  \(megabytes)")
        }
        return Text(line.rendered(color: style.color, columns: style.columns))
    }
}

/// A 30-column bar: `[`, filled `#`, empty `-`, `]`.
package enum ProgressBar {
    package static let width = 30

    /// Adds the bar for `fraction` (0–1) to `line`, the filled part green.
    package static func add(_ fraction: Double, to line: inout LineSegments) {
        let filled = Int(min(1, max(0, fraction)) * Double(width))
        line.add("[")
        line.add(String(repeating: "#", count: filled), .green)
        line.add(String(repeating: "-", count: width - filled) + "]")
    }
}

extension LibraryActivity.Transfer {
    /// True once every byte has arrived.
    package var isComplete: Bool { total.map { bytes >= $0 } ?? false }
}
