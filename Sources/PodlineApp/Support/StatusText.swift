import Foundation
import PodcastKit

/// The text form of `status`, the same in the shell, the REPL and over the socket.
public enum StatusText {
    /// Lines for a status; nil (no player answered) is `stopped`.
    public static func lines(_ status: PlayerStatus?) -> [String] {
        guard let status else { return ["stopped"] }
        let queued = status.queue.count
        guard let episode = status.episode else {
            return [status.state + (queued == 0 ? "" : "  (queue: \(queued))")]
        }
        var heading = TerminalText.safe(episode.title)
        if let show = episode.show { heading += " — " + TerminalText.safe(show) }
        var details = "\(TerminalOutput.duration(status.position)) / \(TerminalOutput.duration(status.duration))"
        details += "  volume \(Int(status.volume.rounded()))"
        details += "  speed \(status.speed.plainText)x"
        if status.skipSilence {
            details += "  skip silence (saved \(TerminalOutput.duration(status.timeSaved)))"
        }
        if status.normalize { details += "  normalized" }
        if status.voiceBoost { details += "  voice boost" }
        if queued > 0 { details += "  queue \(queued)" }
        switch status.sleep {
        case .endOfEpisode?: details += "  sleep at end"
        case .seconds(let seconds)?: details += "  sleep in \(TerminalOutput.duration(seconds))"
        case nil: break
        }
        return ["\(status.state): \(heading)", "  \(details)"]
    }
}
