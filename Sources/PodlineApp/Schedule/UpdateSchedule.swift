import Foundation
import PodcastKit

/// The scheduled `update`: a systemd user service and timer that run `podline update --notify` every so often, their
/// text, where they live, and the cron line that does the same where no user manager runs.
package struct UpdateSchedule: Equatable, Sendable {
    /// Seconds between two updates.
    package var interval: Double

    /// The shortest and longest intervals: often enough to hear of an episode the day it comes out, never so often
    /// that feed servers are hammered.
    package static let intervals: ClosedRange<Double> = 300...(28 * 86_400)

    /// What an interval must be, for messages.
    package static let intervalExpected = "an interval from 5m to 4w, such as 30m, 1h or 1d"

    /// The unit files' names.
    package static let serviceName = "podline-update.service"
    package static let timerName = "podline-update.timer"

    /// The folder of the user's own units: `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
    package static func folder() -> URL {
        let config =
            ProcessEnvironment.value("XDG_CONFIG_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (ProcessEnvironment.value("HOME") ?? NSHomeDirectory()) + "/.config"
        return URL(fileURLWithPath: config).appendingPathComponent("systemd/user")
    }

    /// The variables a scheduled update takes from the shell that scheduled it, so that it reads the same library and
    /// the same config.toml.
    package static let carriedVariables = ["PODLINE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"]

    /// The command the service runs.
    package static func command(executable: String) -> [String] {
        [executable, CommandTable.update.name, "--notify"]
    }

    /// The service: one `update --notify`, with the variables that locate the library.
    package static func serviceText(executable: String, environment: [String: String]) -> String {
        var text = """
            # Written by podline schedule; podline schedule off removes it.
            [Unit]
            Description=Podline: refresh podcast feeds

            [Service]
            Type=oneshot
            ExecStart=\(command(executable: executable).map(quoted).joined(separator: " "))

            """
        for name in carriedVariables {
            if let value = environment[name], !value.isEmpty { text += "Environment=\(quoted("\(name)=\(value)"))\n" }
        }
        return text
    }

    /// The timer: a first update a minute after it starts (at login), then one every `interval`.
    package func timerText() -> String {
        """
        # Written by podline schedule; podline schedule off removes it.
        [Unit]
        Description=Podline: refresh podcast feeds every \(TimeSpec.ageText(interval))

        [Timer]
        OnActiveSec=1min
        OnUnitActiveSec=\(TimeSpec.ageText(interval))
        AccuracySec=1min

        [Install]
        WantedBy=timers.target

        """
    }

    /// The interval a timer written by `timerText` says; nil for another text.
    package init?(timerText text: String) {
        let prefix = "OnUnitActiveSec="
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
            let seconds = TimeSpec.age(String(line.dropFirst(prefix.count)))
        else { return nil }
        interval = seconds
    }

    package init(interval: Double) {
        self.interval = interval
    }

    /// A crontab line that runs the update about as often (cron counts minutes, hours and days of the month), with
    /// the variables that locate the library.
    package func cronLine(executable: String, environment: [String: String]) -> String {
        let minutes = max(1, Int((interval / 60).rounded()))
        let (hours, days) = (minutes / 60, minutes / 1440)
        let schedule =
            if minutes < 60 { "*/\(minutes) * * * *" } else if minutes < 1440 {
                hours == 1 ? "0 * * * *" : "0 */\(hours) * * *"
            } else { days == 1 ? "0 6 * * *" : "0 6 */\(days) * *" }
        let variables = Self.carriedVariables.compactMap { name in
            environment[name].flatMap { $0.isEmpty ? nil : "\(name)=\(Self.shellQuoted($0))" }
        }
        return ([schedule] + variables + Self.command(executable: executable).map(Self.shellQuoted)).joined(separator: " ")
    }

    /// A word as a unit file writes it: in double quotes when it needs them, `%` doubled (systemd's specifiers).
    private static func quoted(_ word: String) -> String {
        let escaped = word.replacingOccurrences(of: "%", with: "%%")
        guard escaped.contains(where: { $0.isWhitespace || "\"'\\;$".contains($0) }) else { return escaped }
        return "\"" + escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A word as a shell reads it.
    private static func shellQuoted(_ word: String) -> String {
        guard word.contains(where: { !($0.isLetter || $0.isNumber || "/-_.:=".contains($0)) }) else { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
