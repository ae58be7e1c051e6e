import Foundation
import PodcastKit

/// What `schedule` does: set the interval of scheduled updates, turn them off, or say how they stand.
public enum ScheduleAction: Equatable, Sendable {
    /// Updates every this many seconds.
    case every(Double)
    case off
    case status

    /// The words after `schedule`, as typed.
    package enum Word: String, CaseIterable {
        case every, off, status
    }
}

extension LibraryTaskRunner {
    /// `schedule every INTERVAL|off|status`: the systemd user units of a scheduled `update --notify`, written, enabled
    /// and asked about through `manager`; where no user manager runs, the crontab line that does the same.
    package func schedule(
        _ action: ScheduleAction, manager: UserManager = .live, folder: URL = UpdateSchedule.folder()
    ) throws(CommandError) -> Int32 {
        let service = folder.appendingPathComponent(UpdateSchedule.serviceName)
        let timer = folder.appendingPathComponent(UpdateSchedule.timerName)
        let executable = Self.executable()
        let environment = ProcessInfo.processInfo.environment
        switch action {
        case .every(let interval):
            let schedule = UpdateSchedule(interval: interval)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandError(.failed, "schedule: cannot make \(folder.path): \(error.localizedDescription)")
            }
            let serviceText = UpdateSchedule.serviceText(executable: executable, environment: environment)
            for (file, text) in [(service, serviceText), (timer, schedule.timerText())] {
                if let reason = AtomicFile.write(Array(text.utf8), to: file.path) {
                    throw CommandError(.failed, "schedule: cannot write \(file.path): \(reason)")
                }
            }
            let every = TimeSpec.ageText(interval)
            var data: [(String, JSONValue)] = [
                ("every", .string(every)), ("seconds", .number(interval)), ("service", .string(service.path)),
                ("timer", .string(timer.path)),
            ]
            guard manager.isRunning() else {
                let cron = withoutManager(schedule, data, executable: executable, environment: environment)
                output.line(
                    "Wrote \(timer.path) (every \(every)), but no systemd user manager runs to start it; to update from cron "
                        + "instead, add this line with crontab -e: \(cron)")
                return 0
            }
            _ = manager.systemctl(["daemon-reload"])
            let enabled = manager.systemctl(["enable", "--now", UpdateSchedule.timerName])
            guard enabled.status == 0 else {
                throw CommandError(.failed, "schedule: systemctl --user enable --now \(UpdateSchedule.timerName): \(enabled.output)")
            }
            data += [("manager", .bool(true)), ("enabled", .bool(true)), ("cron", .null)]
            output.value(.object(data))
            output.line("Updates every \(every): \(UpdateSchedule.timerName) enabled (\(timer.path))")
            return 0
        case .off:
            let existing = [service, timer].filter { FileManager.default.fileExists(atPath: $0.path) }
            if manager.isRunning(), !existing.isEmpty {
                _ = manager.systemctl(["disable", "--now", UpdateSchedule.timerName])
            }
            for file in existing {
                do {
                    try FileManager.default.removeItem(at: file)
                } catch {
                    throw CommandError(.failed, "schedule: cannot remove \(file.path): \(error.localizedDescription)")
                }
            }
            if manager.isRunning(), !existing.isEmpty { _ = manager.systemctl(["daemon-reload"]) }
            output.value(.object([("removed", .array(existing.map { .string($0.path) }))]))
            output.line(
                existing.isEmpty
                    ? "No scheduled updates" : "Scheduled updates off: removed \(existing.map(\.path).joined(separator: " and "))")
            return 0
        case .status:
            let text = try? String(contentsOf: timer, encoding: .utf8)
            guard let text, let schedule = UpdateSchedule(timerText: text) else {
                output.value(.object([("scheduled", .bool(false))]))
                output.line("No scheduled updates (podline schedule every 1h sets them)")
                return 0
            }
            let every = TimeSpec.ageText(schedule.interval)
            var data: [(String, JSONValue)] = [
                ("scheduled", .bool(true)), ("every", .string(every)), ("seconds", .number(schedule.interval)),
                ("timer", .string(timer.path)),
            ]
            guard manager.isRunning() else {
                let cron = withoutManager(schedule, data, executable: executable, environment: environment)
                output.line("Updates every \(every) (\(timer.path)); no systemd user manager runs: with cron, \(cron)")
                return 0
            }
            let enabled = manager.systemctl(["is-enabled", UpdateSchedule.timerName]).output == "enabled"
            let next = manager.systemctl(["show", UpdateSchedule.timerName, "--property=NextElapseUSecRealtime", "--value"]).output
            data += [("manager", .bool(true)), ("enabled", .bool(enabled)), ("next", next.isEmpty ? .null : .string(next))]
            output.value(.object(data))
            output.line(
                "Updates every \(every) (\(timer.path)): \(enabled ? "enabled" : "not enabled")" + (next.isEmpty ? "" : ", next at \(next)")
            )
            return 0
        }
    }

    /// Where no user manager runs: `data` said with the crontab line that does the same; returns the line.
    private func withoutManager(
        _ schedule: UpdateSchedule, _ data: [(String, JSONValue)], executable: String, environment: [String: String]
    ) -> String {
        let cron = schedule.cronLine(executable: executable, environment: environment)
        output.value(.object(data + [("manager", .bool(false)), ("enabled", .bool(false)), ("cron", .string(cron))]))
        return cron
    }

    /// This program's own path, for the service to run.
    private static func executable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
