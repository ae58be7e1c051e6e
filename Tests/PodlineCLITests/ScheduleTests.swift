import Foundation
import PodcastKit
import Synchronization
import TestSupport
import Testing

@testable import PodlineApp

/// Scheduled updates: the unit files `schedule` writes pass `systemd-analyze verify`, the timer's command run as the
/// timer would run it updates and notifies (seen by `dbus-monitor` on a private session bus), with no bus it says
/// nothing, and where a user manager runs the timer is loaded and enabled.
@Suite("scheduled updates", .serialized)
struct ScheduleTests {
    /// A private home whose config folder is its own, and its environment.
    private struct Home {
        let folder: URL
        let environment: [String: String?]

        init() throws {
            folder = try Fixtures.temporaryDirectory("pl-schedule")
            environment = [
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "NO_COLOR": "1",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder.path)/no-such-bus",
            ]
        }

        var units: URL { folder.appendingPathComponent("config/systemd/user") }

        func run(_ arguments: [String], _ extra: [String: String?] = [:]) throws -> ProcessResult {
            try PodlineBinary.run(arguments, home: folder, environment: environment.merging(extra) { $1 })
        }
    }

    @Test("schedule every 1h writes units that systemd-analyze verifies; with no user manager, the cron line in one line")
    func unitsVerify() throws {
        let home = try Home()
        let set = try home.run(["schedule", "every", "1h"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdoutLines.count == 1 && set.stdout.contains("no systemd user manager runs"), "\(set.stdout)")
        #expect(set.stdout.contains("crontab -e: 0 * * * * PODLINE_HOME=\(home.folder.path) "), "\(set.stdout)")
        #expect(set.stdout.hasSuffix(" update --notify\n"))
        let service = home.units.appendingPathComponent("podline-update.service").path
        let timer = home.units.appendingPathComponent("podline-update.timer").path
        let verify = try CommandRunner.run(
            try #require(CommandRunner.which("systemd-analyze")), ["--man=no", "verify", service, timer],
            environment: ["XDG_RUNTIME_DIR": home.folder.path])
        #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify.stderr)")
        let status = try home.run(["schedule", "status", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: status.stdoutData) as? [String: Any])
        #expect(object["every"] as? String == "1h" && object["seconds"] as? Int == 3600 && object["manager"] as? Bool == false)
        // Changed: the timer says the new interval.
        #expect(try home.run(["schedule", "every", "30m"]).status == 0)
        #expect(try String(contentsOfFile: timer, encoding: .utf8).contains("OnUnitActiveSec=30m\n"))
        for bad in [["schedule", "every", "10s"], ["schedule", "every", "often"], ["schedule", "sometimes"], ["schedule", "every"]] {
            let refused = try home.run(bad)
            #expect(refused.status == 64 && refused.stderrLines.count == 1, "\(bad): \(refused.stderr)")
        }
        let off = try home.run(["schedule", "off"])
        #expect(off.status == 0 && off.stdout.hasPrefix("Scheduled updates off: removed "))
        #expect(!FileManager.default.fileExists(atPath: service) && !FileManager.default.fileExists(atPath: timer))
        #expect(try home.run(["schedule"]).stdout == "No scheduled updates (podline schedule every 1h sets them)\n")
    }

    @Test("the timer's command, run as the timer runs it, updates and notifies on the session bus; with no bus, not a word")
    func timerCommandNotifies() throws {
        let home = try Home()
        let feed = home.folder.appendingPathComponent("feed.xml")
        let audio = try Fixtures.toneMP3(in: home.folder, name: "a.mp3", seconds: 1)
        func serve(_ titles: [String]) throws {
            let items = titles.enumerated().map { index, title in
                "<item><title>\(title)</title><guid>\(title)</guid><pubDate>Mon, 0\(index + 1) Jan 2024 10:00:00 GMT</pubDate>"
                    + "<enclosure url=\"\(audio.path)\" type=\"audio/mpeg\"/></item>"
            }
            try "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Bus Show</title>\(items.joined())</channel></rss>"
                .write(to: feed, atomically: true, encoding: .utf8)
        }
        try serve(["first"])
        #expect(try home.run(["add", feed.path]).status == 0)
        #expect(try home.run(["schedule", "every", "1h"]).status == 0)

        // The service's command and variables, as systemd would run them.
        let unit = try String(contentsOf: home.units.appendingPathComponent("podline-update.service"), encoding: .utf8)
        let lines = unit.split(separator: "\n").map(String.init)
        let command = try #require(lines.first { $0.hasPrefix("ExecStart=") }).dropFirst("ExecStart=".count).split(separator: " ")
            .map(String.init)
        var environment: [String: String?] = ["HOME": home.folder.path, "XDG_RUNTIME_DIR": home.folder.path]
        for line in lines where line.hasPrefix("Environment=") {
            let pair = line.dropFirst("Environment=".count).split(separator: "=", maxSplits: 1).map(String.init)
            environment[pair[0]] = pair[1]
        }
        #expect(environment["PODLINE_HOME"] == home.folder.path)
        #expect(Array(command.dropFirst()) == ["update", "--notify"])

        let bus = try SessionBusDaemon()
        defer { bus.stop() }
        let seen = home.folder.appendingPathComponent("monitor.txt")
        let monitor = try BackgroundProcess(
            "/bin/sh",
            ["-c", "exec dbus-monitor --session \"type='method_call',interface='org.freedesktop.Notifications'\" > '\(seen.path)'"],
            environment: bus.environment)
        defer { _ = monitor.killNow() }
        let monitored = { (try? String(contentsOf: seen, encoding: .utf8)) ?? "" }
        // dbus-monitor gives up its name once it is a monitor: from then on it sees every call.
        #expect(poll(timeout: 10, every: 0.05, monitored) { $0.contains("member=NameLost") }.contains("member=NameLost"))
        try serve(["first", "second", "third"])
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let updated = try CommandRunner.run(command[0], Array(command.dropFirst()), environment: environment)
        #expect(updated.status == 0 && updated.stderr.isEmpty, "\(updated.stderr)")
        #expect(updated.stdout.contains("2 new episodes"), "\(updated.stdout)")
        let heard = poll(timeout: 5, every: 0.05, monitored) { $0.contains("int32 -1") }
        #expect(heard.contains("member=Notify"), "\(heard)")
        #expect(heard.contains("string \"Podline\""))
        #expect(heard.contains("string \"2 new episodes\""), "\(heard)")
        #expect(heard.contains("string \"Bus Show — third\nBus Show — second\""), "\(heard)")

        // No session bus: the update says what it found and nothing more.
        try serve(["first", "second", "third", "fourth"])
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(home.folder.path)/no-such-bus"
        let alone = try CommandRunner.run(command[0], Array(command.dropFirst()), environment: environment)
        #expect(alone.status == 0 && alone.stderr.isEmpty, "\(alone.stderr)")
        #expect(alone.stdout.contains("1 new episode"))
        // notify = false: no notification, though a bus is there.
        try FileManager.default.createDirectory(at: home.folder.appendingPathComponent("config/podline"), withIntermediateDirectories: true)
        try "notify = false\n".write(
            to: home.folder.appendingPathComponent("config/podline/config.toml"), atomically: true, encoding: .utf8)
        try serve(["first", "second", "third", "fourth", "fifth"])
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        #expect(try CommandRunner.run(command[0], Array(command.dropFirst()), environment: environment).status == 0)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!((try? String(contentsOf: seen, encoding: .utf8)) ?? "").contains("1 new episode"))
    }

    @MainActor
    @Test("where a user manager runs, the units are loaded and the timer enabled; a refusal is one line, exit 1")
    func managerEnables() throws {
        let folder = try Fixtures.temporaryDirectory("pl-schedule-unit")
        let calls = ManagerCalls()
        let manager = UserManager(
            isRunning: { true },
            systemctl: { arguments in
                calls.append(arguments)
                return arguments.first == "enable" && calls.refuse ? (1, "Failed to enable unit: Access denied") : (0, "")
            })
        let editor = LibraryEditor(paths: LibraryPaths(home: folder.path), playingRef: { nil }, stopPlayer: { false })
        let runner = LibraryTaskRunner(editor: editor, output: .reply()) { nil }
        let units = folder.appendingPathComponent("units")
        #expect(try runner.schedule(.every(7200), manager: manager, folder: units) == 0)
        #expect(calls.all == [["daemon-reload"], ["enable", "--now", "podline-update.timer"]])
        #expect(
            try String(contentsOf: units.appendingPathComponent("podline-update.timer"), encoding: .utf8).contains("OnUnitActiveSec=2h"))
        calls.refuse = true
        #expect(throws: CommandError.self) { try runner.schedule(.every(7200), manager: manager, folder: units) }
        calls.refuse = false
        #expect(try runner.schedule(.off, manager: manager, folder: units) == 0)
        #expect(calls.all.suffix(2) == [["disable", "--now", "podline-update.timer"], ["daemon-reload"]])
    }
}

/// The systemctl calls a test's manager saw, and whether it refuses to enable.
private final class ManagerCalls: Sendable {
    private let state = Mutex<(calls: [[String]], refusing: Bool)>(([], false))

    func append(_ call: [String]) { state.withLock { $0.calls.append(call) } }
    var all: [[String]] { state.withLock { $0.calls } }
    var refuse: Bool {
        get { state.withLock { $0.refusing } }
        set { state.withLock { $0.refusing = newValue } }
    }
}
