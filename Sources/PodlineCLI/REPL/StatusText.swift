import PodcastKit

/// The human form of `status`: what plays, where, and the settings.
@MainActor
public enum StatusText {
    /// One or two lines describing `player`.
    public static func lines(_ player: Player) -> [String] {
        guard let current = player.current else {
            return ["stopped" + (player.queue.isEmpty ? "" : "  (queue: \(player.queue.count))")]
        }
        var title = TerminalText.safe(current.title)
        if let show = current.show { title += " — " + TerminalText.safe(show) }
        var details = "\(TerminalOutput.duration(player.position)) / \(TerminalOutput.duration(player.duration))"
        details += "  volume \(Int(player.volume.rounded()))  speed \(trimmed(player.speed))x"
        if !player.queue.isEmpty { details += "  queue \(player.queue.count)" }
        switch player.sleep {
        case .endOfEpisode: details += "  sleep at end"
        case .at(let date): details += "  sleep in \(TerminalOutput.duration(max(0, date.timeIntervalSinceNow)))"
        case nil: break
        }
        return ["\(player.state.rawValue): \(title)", "  \(details)"]
    }

    private static func trimmed(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
