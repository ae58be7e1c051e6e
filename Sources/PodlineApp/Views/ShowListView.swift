import DataFlow
import PodcastKit

/// The `shows` listing: slug, unplayed/total, title (and the last error), aligned on the slug column.
package struct ShowListView: View {
    package let summaries: [ShowSummary]
    package let style: ListStyle

    package var body: some View {
        let slugWidth = min(32, summaries.map { TerminalText.width($0.show.slug) }.max() ?? 4)
        VStack {
            ForEach(summaries, id: \.show.slug) { summary in
                ShowRowView(summary: summary, slugWidth: slugWidth, style: style)
            }
        }
    }
}

/// One show's line.
package struct ShowRowView: View {
    package let summary: ShowSummary
    package let slugWidth: Int
    package let style: ListStyle

    package var body: some View {
        var line = LineSegments()
        line.add(TerminalText.pad(TerminalText.safe(summary.show.slug), columns: slugWidth), .cyan)
        line.add("  " + TerminalText.pad("\(summary.unplayedCount)/\(summary.episodeCount)", columns: 11) + "  ")
        if let error = summary.show.lastError {
            line.add(TerminalText.safe(summary.show.displayTitle) + "  ")
            line.add("[error: \(TerminalText.safe(error))]", .red)
        } else {
            line.add(TerminalText.safe(summary.show.displayTitle))
        }
        return Text(line.rendered(color: style.color, columns: style.columns))
    }
}
