/// The human form of a status reply received from a player.
enum RemoteStatusText {
    /// Lines for the decoded `status` data.
    static func lines(_ data: (any Sendable)?) -> [String] {
        guard let status = data as? [String: (any Sendable)?], let state = status["state"] as? String else { return ["stopped"] }
        guard let episode = status["episode"] as? [String: (any Sendable)?], let title = episode["title"] as? String else {
            return [state]
        }
        var heading = TerminalText.safe(title)
        if let show = episode["show"] as? String { heading += " — " + TerminalText.safe(show) }
        let position = TerminalOutput.duration(status["position"] as? Double)
        let duration = TerminalOutput.duration(status["duration"] as? Double)
        let volume = Int(((status["volume"] as? Double) ?? 100).rounded())
        let speed = (status["speed"] as? Double) ?? 1
        let speedText = speed == speed.rounded() ? String(Int(speed)) : String(speed)
        return ["\(state): \(heading)", "  \(position) / \(duration)  volume \(volume)  speed \(speedText)x"]
    }
}
