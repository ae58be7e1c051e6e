import Foundation
import PodcastKit

/// The text form of `status`, the same in the shell, the REPL and over the socket: made from the status JSON.
public enum StatusText {
    /// Lines for a status report built here.
    public static func lines(_ report: JSONValue) -> [String] {
        lines(try? JSONSerialization.jsonObject(with: Data(report.rendered.utf8), options: [.fragmentsAllowed]))
    }

    /// Lines for a decoded status report (as a player's reply carries it).
    public static func lines(_ data: Any?) -> [String] {
        guard let status = data as? [String: Any], let state = status["state"] as? String else { return ["stopped"] }
        let queued = (status["queue"] as? [Any])?.count ?? 0
        guard let episode = status["episode"] as? [String: Any], let title = episode["title"] as? String else {
            return [state + (queued == 0 ? "" : "  (queue: \(queued))")]
        }
        var heading = TerminalText.safe(title)
        if let show = episode["show"] as? String { heading += " — " + TerminalText.safe(show) }
        var details = "\(TerminalOutput.duration(number(status["position"]))) / \(TerminalOutput.duration(number(status["duration"])))"
        details += "  volume \(Int((number(status["volume"]) ?? 100).rounded()))"
        details += "  speed \((number(status["speed"]) ?? 1).plainText)x"
        if status["skip_silence"] as? Bool == true {
            details += "  skip silence (saved \(TerminalOutput.duration(number(status["time_saved"]) ?? 0)))"
        }
        if status["normalize"] as? Bool == true { details += "  normalized" }
        if queued > 0 { details += "  queue \(queued)" }
        if let sleep = status["sleep"] as? String, sleep == "end" {
            details += "  sleep at end"
        } else if let seconds = number(status["sleep"]) {
            details += "  sleep in \(TerminalOutput.duration(seconds))"
        }
        return ["\(state): \(heading)", "  \(details)"]
    }

    /// A JSON number, whether it was decoded as a whole number or not.
    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let double as Double: double
        case let int as Int: Double(int)
        case let number as NSNumber: number.doubleValue
        default: nil
        }
    }
}
