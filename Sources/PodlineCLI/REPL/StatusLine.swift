import DataFlow
import PodcastKit
import PodlineApp

/// The now-playing line shown above the REPL prompt on a terminal.
@MainActor
enum StatusLine {
    /// The status, and under it (`cue on`) the transcript's cue being heard: lines separated by newlines.
    static func text(_ player: Player) -> String {
        let status = statusText(player)
        guard player.showsCue, player.current != nil else { return status }
        let cue = player.currentCue.map { "  " + CueLine.line($0) } ?? (player.transcript.isEmpty ? "  (no transcript)" : "  …")
        return status + "\n" + cue
    }

    /// `▶ Title — Show  [3/12 Chapter title]  1:23 / 45:00  vol 80  1.5x  saved 0:42  even`, or `■ stopped`.
    static func statusText(_ player: Player) -> String {
        guard let current = player.current else {
            return "■ stopped" + (player.queue.isEmpty ? "" : "  queue \(player.queue.count)")
        }
        let symbol = player.state == .playing ? "▶" : "⏸"
        var title = figuresMark + TerminalText.safe(current.title)
        if let show = current.show { title += " — " + TerminalText.safe(show) }
        if player.isLive, let streamTitle = player.currentChapter?.chapter.title {
            // A live stream's chapters are the titles its server sent: the one heard now.
            title += "  [\(TerminalText.safe(streamTitle))]"
        } else if let (number, chapter) = player.currentChapter {
            title += "  [\(number)/\(player.chapters.chapters.count)\(chapter.title.map { " " + TerminalText.safe($0) } ?? "")]"
        }
        let speed = player.speed == player.speed.rounded() ? String(Int(player.speed)) : String(player.speed)
        let time =
            player.isLive
            ? LiveClock.text()
            : "\(TerminalOutput.duration(player.position.rounded(.down))) / \(TerminalOutput.duration(player.duration))"
        var details = "  \(time)  vol \(Int(player.volume.rounded()))  \(speed)x"
        // Whole seconds saved, so that the line changes when a pause is cut, not at every report.
        if player.skipSilence { details += "  saved \(TerminalOutput.duration(player.timeSaved.rounded(.down)))" }
        if player.normalize { details += "  even" }
        if player.voiceBoost { details += "  voice" }
        if !player.outputAvailable { details += "  no sound output" }
        if let fetching = player.fetching { details += "  " + fetching.text }
        // In steps of 5 %, as the engine reports it.
        if player.state == .playing, let buffering = player.buffering { details += "  buffering \(Int((buffering * 100).rounded())) %" }
        details = figuresMark + details
        switch player.sleep {
        case .endOfEpisode?: return "\(symbol) \(title)\(details)  sleep at end"
        case .at(let date)?:
            // Whole seconds, so that the line changes once a second, not at every report.
            return "\(symbol) \(title)\(details)  sleep \(TerminalOutput.duration(max(0, date.timeIntervalSinceNow).rounded(.up)))"
        case nil: return "\(symbol) \(title)\(details)"
        }
    }
}

extension StatusLine {
    /// Marks where the title starts and ends in a status line, so that a narrow terminal cuts the title and keeps the
    /// figures; a control character, which no title keeps (`TerminalText.safe`).
    nonisolated static let figuresMark = "\u{1F}"

    /// The first line of a status fitted to `columns`: the title cut first, the figures kept; the marks removed.
    nonisolated static func fitted(_ line: String, columns: Int) -> String {
        let parts = line.split(separator: Character(figuresMark), omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return TerminalText.clip(line, columns: columns) }
        let room = columns - TerminalText.width(parts[0]) - TerminalText.width(parts[2])
        guard room >= 2 else { return TerminalText.clip(parts[0] + parts[2].drop { $0 == " " }, columns: columns) }
        return parts[0] + TerminalText.clip(parts[1], columns: room) + parts[2]
    }
}

/// A DataFlow view of the status line: its body reads the player, and a change of the text is reported.
struct StatusLineView: View {
    let player: Player
    let changed: @MainActor (_ line: String, _ state: String) -> Void

    var body: some View {
        let line = StatusLine.text(player)
        let state = player.shownState
        Text(line)
            .onChange(of: line, initial: true) { _, new in changed(new, state) }
            .onChange(of: state) { _, new in changed(line, new) }
    }
}
