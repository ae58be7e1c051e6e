import DataFlow
import Foundation
import PodcastKit

/// The `episodes` listing: reference, flags (played ✓ / started …, favourite ★, downloaded ↓ / not playable !),
/// date, duration and title, aligned on the reference column.
package struct EpisodeListView: View {
    package let listings: [EpisodeListing]
    /// The reference column's width (the same on every page of a long listing).
    package let refWidth: Int
    package let style: ListStyle

    package var body: some View {
        VStack {
            ForEach(listings, id: \.ref) { listing in
                EpisodeRowView(listing: listing, refWidth: refWidth, style: style)
            }
        }
    }

    /// The reference column's width for `listings`.
    package static func refWidth(_ listings: [EpisodeListing]) -> Int {
        min(40, listings.map { TerminalText.width($0.ref) }.max() ?? 4)
    }
}

/// One episode's line.
package struct EpisodeRowView: View {
    package let listing: EpisodeListing
    package let refWidth: Int
    package let style: ListStyle

    package var body: some View {
        let episode = listing.episode
        var line = LineSegments()
        line.add(TerminalText.pad(TerminalText.safe(listing.ref), columns: refWidth), .cyan)
        line.add("  ")
        line.add(episode.isPlayed ? "✓" : episode.position > 0 ? "…" : " ", .green)
        line.add(episode.isFavorite ? "★" : " ", .yellow)
        if episode.downloadPath != nil {
            line.add("↓", .green)
        } else {
            line.add(episode.isPlayable ? " " : "!", .red)
        }
        line.add("  \(TerminalOutput.day(episode.published))  \(TerminalOutput.pad(TerminalOutput.duration(episode.duration), 8))  ")
        line.add(TerminalText.safe(episode.title ?? episode.guid))
        return Text(line.rendered(color: style.color, columns: style.columns))
    }
}
