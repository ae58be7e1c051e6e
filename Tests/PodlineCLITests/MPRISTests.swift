import Foundation
import TestSupport
import Testing

/// The player on a private D-Bus session bus, driven by `playerctl` and `dbus-send` as the desktop drives it, playing
/// into a PulseAudio null sink: the real binary, the real bus, the real clients.
@Suite("MPRIS on the session bus, end to end", .serialized)
struct MPRISTests {
    /// A running `podline play` and the tools that talk to it.
    final class Session {
        let home: URL
        let bus: SessionBusDaemon
        let pulse: PulseAudioServer
        let player = Process()
        let playerErrors: URL

        init(_ arguments: [String], home: URL) throws {
            self.home = home
            bus = try SessionBusDaemon()
            pulse = try PulseAudioServer()
            playerErrors = home.appendingPathComponent("player.err")
            FileManager.default.createFile(atPath: playerErrors.path, contents: nil)
            player.executableURL = URL(fileURLWithPath: PodlineBinary.path)
            player.arguments =
                ["play"] + arguments + ["--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native", "--quiet", "--verbose"]
            player.environment = ProcessInfo.processInfo.environment.merging([
                "PODLINE_HOME": home.path, "HOME": home.path, "XDG_RUNTIME_DIR": home.path,
                "DBUS_SESSION_BUS_ADDRESS": bus.address,
            ]) { $1 }
            player.standardError = try FileHandle(forWritingTo: playerErrors)
            try player.run()
        }

        /// Runs a D-Bus client (`playerctl`, `dbus-send`) on this bus.
        func client(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
            try CommandRunner.run(
                CommandRunner.which(tool) ?? "/usr/bin/\(tool)", arguments, environment: bus.environment, timeout: 20)
        }

        /// `playerctl -p podline ARGUMENTS`, its output trimmed.
        func playerctl(_ arguments: String...) throws -> String {
            try client("playerctl", ["-p", "podline"] + arguments).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// `dbus-send` of `member` (with its interface) and `arguments` to the player's object, waiting for the reply.
        func send(_ member: String, _ arguments: String...) throws -> ProcessResult {
            try client(
                "dbus-send",
                ["--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.podline", "/org/mpris/MediaPlayer2", member] + arguments)
        }

        /// The value of `property` of `interface` as dbus-send prints it (`variant       string "Podline"`).
        func property(_ interface: String, _ property: String) throws -> String {
            let reply = try send("org.freedesktop.DBus.Properties.Get", "string:\(interface)", "string:\(property)")
            return reply.stdout.split(separator: "\n").dropFirst().joined(separator: " ")
                .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }

        /// `podline status --json` of this player.
        func status() throws -> [String: Any] {
            let result = try PodlineBinary.run(["status", "--json"], home: home)
            return (try? JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any]) ?? [:]
        }

        /// Waits until `condition` holds (up to 10 s); true when it did.
        @discardableResult
        func wait(_ condition: () throws -> Bool) rethrows -> Bool {
            try poll(timeout: 10, condition, until: { $0 })
        }

        func stop() {
            if player.isRunning {
                player.terminate()
                player.waitUntilExit()
            }
            bus.stop()
            pulse.stop()
        }

        deinit { stop() }
    }

    /// A library show with an author and a picture, and one 40 s episode with Podlove chapters at 0, 10 and 20 s.
    static func library(in home: URL) throws -> String {
        let mp3 = try Fixtures.toneMP3(in: home, name: "episode.mp3", seconds: 40)
        let feed = """
            <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
            xmlns:psc="http://podlove.org/simple-chapters"><channel><title>Desktop Show</title>
            <itunes:author>Ada Host</itunes:author><itunes:image href="https://example.com/show.jpg"/>
            <item><title>Media keys</title><guid>mk</guid><enclosure url="\(mp3.path)" type="audio/mpeg"/>
            <psc:chapters><psc:chapter start="0" title="One"/><psc:chapter start="10" title="Two"/>
            <psc:chapter start="20" title="Three"/></psc:chapters></item>
            </channel></rss>
            """
        let file = home.appendingPathComponent("feed.xml")
        try feed.write(to: file, atomically: true, encoding: .utf8)
        #expect(try PodlineBinary.run(["add", file.path], home: home).status == 0)
        return "desktop-show/1"
    }

    @Test("playerctl lists the player and reads its status, metadata, position, volume and rate; writes go to the model")
    func propertiesAndControls() throws {
        let home = try Fixtures.temporaryDirectory("pl-mpris")
        let ref = try Self.library(in: home)
        let session = try Session([ref], home: home)
        defer { session.stop() }
        #expect(try session.wait { try session.client("playerctl", ["-l"]).stdout.contains("podline") }, "never on the bus")
        #expect(try session.wait { try session.playerctl("status") == "Playing" })

        let metadata = try session.playerctl(
            "metadata", "--format", "{{xesam:title}}|{{xesam:album}}|{{xesam:artist}}|{{mpris:artUrl}}|{{mpris:length}}")
        #expect(metadata == "Media keys|Desktop Show|Ada Host|https://example.com/show.jpg|40000000", "\(metadata)")
        let trackID = try session.playerctl("metadata", "mpris:trackid")
        #expect(trackID.hasPrefix("'/org/podline/track/"), "\(trackID)")
        #expect(try session.property("org.mpris.MediaPlayer2", "Identity") == #"variant string "Podline""#)
        let schemes = try session.property("org.mpris.MediaPlayer2", "SupportedUriSchemes")
        #expect(schemes == #"variant array [ string "file" string "http" string "https" ]"#, "\(schemes)")

        _ = try session.playerctl("volume", "0.4")
        #expect(try session.wait { try session.status()["volume"] as? Double == 40 })
        #expect(Double(try session.playerctl("volume")) == 0.4)
        let rate = try session.send(
            "org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player", "string:Rate", "variant:double:1.5")
        #expect(rate.status == 0, "\(rate.stderr)")
        #expect(try session.wait { try session.status()["speed"] as? Double == 1.5 })
        #expect(try session.property("org.mpris.MediaPlayer2.Player", "MaximumRate") == "variant double 3")

        _ = try session.playerctl("pause")
        #expect(try session.wait { try session.status()["state"] as? String == "paused" })
        #expect(try session.playerctl("status") == "Paused")
        _ = try session.playerctl("play-pause")
        #expect(try session.wait { try session.status()["state"] as? String == "playing" })

        // SetPosition, then chapters: Next goes to the next chapter, Previous (within 3 s of its start) back one.
        _ = try session.playerctl("position", "12")
        #expect(try session.wait { (try session.status()["chapter"] as? [String: Any])?["number"] as? Int == 2 })
        let position = Double(try session.playerctl("position")) ?? 0
        #expect(position >= 12 && position < 15, "\(position)")
        _ = try session.playerctl("next")
        #expect(try session.wait { (try session.status()["chapter"] as? [String: Any])?["number"] as? Int == 3 })
        _ = try session.playerctl("previous")
        #expect(try session.wait { (try session.status()["chapter"] as? [String: Any])?["number"] as? Int == 2 })

        // Wrong argument types and unknown methods get D-Bus errors; the player plays on.
        let wrong = try session.send("org.mpris.MediaPlayer2.Player.Seek", "string:hello")
        #expect(wrong.status != 0 && wrong.stderr.contains("InvalidArgs"), "\(wrong.stderr)")
        let unknown = try session.send("org.mpris.MediaPlayer2.Player.Bogus")
        #expect(unknown.status != 0 && unknown.stderr.contains("UnknownMethod"), "\(unknown.stderr)")
        let badVolume = try session.send(
            "org.freedesktop.DBus.Properties.Set", "string:org.mpris.MediaPlayer2.Player", "string:Volume", "variant:string:loud")
        #expect(badVolume.status != 0, "\(badVolume.stdout)")
        #expect(try session.status()["state"] as? String == "playing")

        // Quit stops the player and keeps the place.
        #expect(try session.send("org.mpris.MediaPlayer2.Quit").status == 0)
        session.player.waitUntilExit()
        #expect(session.player.terminationStatus == 0)
        let listed = try PodlineBinary.run(["episodes", "--json"], home: home)
        let episodes = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        #expect((episodes.first?["position"] as? Double ?? 0) >= 10, "\(episodes)")
    }

    @Test("playerctl --follow sees pause, play and volume changes as they happen, pushed by the player")
    func followSeesChanges() throws {
        let home = try Fixtures.temporaryDirectory("pl-mpris")
        let mp3 = try Fixtures.toneMP3(in: home, name: "tone.mp3", seconds: 30)
        let session = try Session([mp3.path], home: home)
        defer { session.stop() }
        #expect(try session.wait { try session.playerctl("status") == "Playing" })
        let followed = home.appendingPathComponent("follow.txt")
        FileManager.default.createFile(atPath: followed.path, contents: nil)
        let follow = Process()
        follow.executableURL = URL(fileURLWithPath: CommandRunner.which("playerctl") ?? "/usr/bin/playerctl")
        follow.arguments = ["-p", "podline", "--follow", "metadata", "--format", "{{status}} {{volume}}"]
        follow.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": session.bus.address]) { $1 }
        follow.standardOutput = try FileHandle(forWritingTo: followed)
        follow.standardError = FileHandle.nullDevice
        try follow.run()
        // SIGKILL: the test process may hold SIGTERM blocked, and its children inherit that.
        defer { if follow.isRunning { kill(follow.processIdentifier, SIGKILL) } }
        /// What --follow has printed so far, line by line.
        func lines() -> [String] {
            ((try? String(contentsOf: followed, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        // --follow prints the player's state as it finds it, then each change, each waited for before the next is made.
        session.wait { lines().contains("Playing 1.0") }
        // Changes made through another front end (the control socket) reach the bus too.
        #expect(try PodlineBinary.run(["pause"], home: home).status == 0)
        session.wait { lines().contains("Paused 1.0") }
        #expect(try PodlineBinary.run(["volume", "25"], home: home).status == 0)
        session.wait { lines().contains("Paused 0.25") }
        #expect(try PodlineBinary.run(["resume"], home: home).status == 0)
        let seen = session.wait {
            let printed = lines()
            return printed.contains("Paused 1.0") && printed.contains("Paused 0.25") && printed.contains("Playing 0.25")
        }
        #expect(seen, "\((try? String(contentsOf: followed, encoding: .utf8)) ?? "")")
    }

    @Test("Podline's own interface: voice boost, skip silence and normalisation read and written over the bus, changes signalled")
    func podlineInterface() throws {
        let home = try Fixtures.temporaryDirectory("pl-mpris-own")
        let mp3 = try Fixtures.toneMP3(in: home, name: "tone.mp3", seconds: 30)
        let session = try Session([mp3.path], home: home)
        defer { session.stop() }
        #expect(try session.wait { try session.playerctl("status") == "Playing" })
        let own = "org.podline.Player1"
        #expect(try session.property(own, "VoiceBoost") == "variant boolean false")
        #expect(try session.property(own, "Live") == "variant boolean false")
        #expect(try session.property("org.mpris.MediaPlayer2.Player", "CanSeek") == "variant boolean true")

        let monitored = home.appendingPathComponent("monitor.txt")
        FileManager.default.createFile(atPath: monitored.path, contents: nil)
        let monitor = Process()
        monitor.executableURL = URL(fileURLWithPath: CommandRunner.which("dbus-monitor") ?? "/usr/bin/dbus-monitor")
        monitor.arguments = ["--session", "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"]
        monitor.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": session.bus.address]) { $1 }
        monitor.standardOutput = try FileHandle(forWritingTo: monitored)
        monitor.standardError = FileHandle.nullDevice
        try monitor.run()
        defer { if monitor.isRunning { kill(monitor.processIdentifier, SIGKILL) } }
        func seen() -> String { (try? String(contentsOf: monitored, encoding: .utf8)) ?? "" }
        Thread.sleep(forTimeInterval: 0.5)

        // Written over the bus: the model follows.
        let set = try session.send("org.freedesktop.DBus.Properties.Set", "string:\(own)", "string:VoiceBoost", "variant:boolean:true")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try session.wait { try session.status()["voice_boost"] as? Bool == true })
        #expect(try session.property(own, "VoiceBoost") == "variant boolean true")
        // Changed through another front end: the bus is told.
        #expect(try PodlineBinary.run(["silence", "on"], home: home).status == 0)
        #expect(try session.wait { try session.property(own, "SkipSilence") == "variant boolean true" })
        #expect(session.wait { seen().contains("\"VoiceBoost\"") && seen().contains("\"SkipSilence\"") }, "\(seen())")
        #expect(seen().contains("string \"\(own)\""), "\(seen())")
        let normalize = try session.send("org.freedesktop.DBus.Properties.Set", "string:\(own)", "string:Normalize", "variant:boolean:true")
        #expect(normalize.status == 0, "\(normalize.stderr)")
        #expect(try session.wait { try session.status()["normalize"] as? Bool == true })

        // Wrong types and read-only properties are refused; the player plays on.
        let wrong = try session.send("org.freedesktop.DBus.Properties.Set", "string:\(own)", "string:VoiceBoost", "variant:string:yes")
        #expect(wrong.status != 0, "\(wrong.stdout)")
        let readOnly = try session.send("org.freedesktop.DBus.Properties.Set", "string:\(own)", "string:Live", "variant:boolean:true")
        #expect(readOnly.status != 0, "\(readOnly.stdout)")
        #expect(try session.status()["state"] as? String == "playing")
    }

    @Test("when the session bus dies mid-play, the player says so once under --verbose and plays on")
    func busDiesMidPlay() throws {
        let home = try Fixtures.temporaryDirectory("pl-mpris")
        let mp3 = try Fixtures.toneMP3(in: home, name: "tone.mp3", seconds: 30)
        let session = try Session([mp3.path], home: home)
        defer { session.stop() }
        #expect(try session.wait { try session.playerctl("status") == "Playing" })
        // Sound is flowing (the position moves) before the bus goes.
        #expect(try session.wait { (try session.status()["position"] as? Double ?? 0) >= 1 })
        session.bus.stop()
        // The player has noticed (it says so under --verbose) before its position is taken.
        session.wait { ((try? String(contentsOf: session.playerErrors, encoding: .utf8)) ?? "").contains("session bus went away") }
        let before = try session.status()["position"] as? Double ?? 0
        let after = try poll(timeout: 5, session.status) { ($0["position"] as? Double ?? 0) > before + 0.75 }
        #expect(after["state"] as? String == "playing")
        #expect((after["position"] as? Double ?? 0) > before + 0.75, "from \(before): \(after)")
        #expect(try PodlineBinary.run(["stop"], home: home).status == 0)
        session.player.waitUntilExit()
        #expect(session.player.terminationStatus == 0)
        let errors = (try String(contentsOf: session.playerErrors, encoding: .utf8)).split(separator: "\n")
        #expect(errors.filter { $0.contains("session bus went away") }.count == 1, "\(errors)")
    }

    @Test("without a session bus the player says so once under --verbose and plays as always")
    func noSessionBus() throws {
        let home = try Fixtures.temporaryDirectory("pl-mpris")
        let mp3 = try Fixtures.toneMP3(in: home, name: "tone.mp3", seconds: 1)
        let result = try PodlineBinary.run(
            ["play", mp3.path, "--output", "wav:\(home.path)/out.wav", "--verbose"], home: home,
            environment: ["DBUS_SESSION_BUS_ADDRESS": nil])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.filter { $0.contains("no D-Bus session bus") }.count == 1, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(home.path)/out.wav"))
    }
}
