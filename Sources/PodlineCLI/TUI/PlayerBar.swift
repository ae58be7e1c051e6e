import DataFlow
import Foundation
import PodcastKit
import PodlineApp

/// The player bar: what plays (show, title, chapter) with the player's settings, and the position on a bar that a
/// click seeks along.
struct PlayerBar: View {
    let model: BrowseModel

    var body: some View {
        VStack(alignment: .leading) {
            NowPlayingInfo(player: model.player)
            PositionBar(model: model, player: model.player)
        }
        .frame(maxWidth: .max, alignment: .leading)
    }
}

/// The first line: state, show, title and chapter; speed, volume, skip silence's saving, loudness and the sleep timer.
struct NowPlayingInfo: View {
    let player: Player

    private var state: String {
        guard player.current != nil else { return "■" }
        switch player.state {
        case .playing: return "▶"
        case .paused: return "⏸"
        default: return "■"
        }
    }

    private var settings: String {
        var parts: [String] = []
        if player.speed != 1 { parts.append(String(format: "%.2g×", player.speed)) }
        parts.append("vol \(Int(player.volume))")
        if player.skipSilence { parts.append("silence −" + TerminalOutput.duration(player.timeSaved)) }
        if player.normalize { parts.append(player.loudness.map { String(format: "%.0f LUFS", $0) } ?? "even") }
        if player.voiceBoost { parts.append("voice boost") }
        switch player.sleep {
        case .at(let date)?: parts.append("sleep " + TerminalOutput.duration(max(0, date.timeIntervalSinceNow)))
        case .endOfEpisode?: parts.append("sleep at end")
        case nil: break
        }
        return parts.joined(separator: " · ")
    }

    var body: some View {
        let settings = settings
        let what =
            player.current.map { item in
                [item.show, item.title, player.currentChapter.flatMap { $0.chapter.title }].compactMap { $0 }.joined(
                    separator: " — ")
            } ?? "Nothing playing"
        Columns([
            Columns.Column(state, width: 1, style: CellStyle(bold: true)),
            Columns.Column(what, style: CellStyle(dim: player.current == nil)),
            Columns.Column(settings, width: DisplayWidth.of(settings), style: CellStyle(dim: true)),
        ])
    }
}

/// The second line: position, a bar of the episode's length, duration. A click on the bar seeks there.
struct PositionBar: View {
    let model: BrowseModel
    let player: Player

    var body: some View {
        let duration = player.duration ?? player.current?.duration
        let position = Double(Int(player.position))
        // A live stream has no length: the time of day before the bar, the time heard after it.
        let live = player.isLive
        return HStack(spacing: 1) {
            Text(live ? LiveClock.text() : TerminalOutput.duration(position))
            ProgressView(value: live ? 0 : position, total: live ? 0 : duration ?? 0)
                .onTapGesture { point, size in
                    // Through the command language, as a typed seek would go.
                    guard !live, let duration, duration > 0, player.current != nil, size.width > 0 else { return }
                    model.run(.player(.seek(.to(Double(Int(duration * Double(point.x) / Double(size.width)))))))
                }
            Text(live ? TerminalOutput.duration(position) + " heard" : TerminalOutput.duration(duration))
        }
    }
}
