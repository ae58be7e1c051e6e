import Foundation
import Playback
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// config.toml: documented defaults, values with their sources, and bad files refused with key and line.
@Suite("config file")
struct ConfigTests {
    @Test("no file gives the documented defaults")
    func defaults() throws {
        let config = try ConfigFile.load(path: "/nonexistent/podline/config.toml")
        #expect(!config.exists)
        #expect(config.settings == Settings())
        #expect(config.entries.allSatisfy { $0.source == "default" })
        #expect(config.settings.skipLengths == SkipLengths(forward: 30, back: 15))
    }

    @Test("values are read with the line they came from; TIMEs are accepted for lengths")
    func values() throws {
        let text = """
            # comment
            speed = 1.25
            skip_forward = "1:00"
            skip_back = 10
            output = "wav:/tmp/out.wav"

            [show_speed]
            "news-daily" = 2

            [shows.weekly]
            skip_silence = true
            skip_intro = "1:30"
            volume = 80
            """
        let config = try ConfigFile.parse(text, path: "config.toml")
        #expect(config.settings.speed == 1.25)
        #expect(config.settings.skipForward == 60)
        #expect(config.settings.skipBack == 10)
        #expect(config.settings.output == "wav:/tmp/out.wav")
        #expect(config.settings.speed(forShow: "news-daily") == 2)
        #expect(config.settings.speed(forShow: "other") == 1.25)
        #expect(config.sources["speed"] == "config.toml line 2")
        #expect(config.sources["skip_back"] == "config.toml line 4")
        #expect(config.sources["shows.news-daily.speed"] == "config.toml line 8 ([show_speed])")
        let weekly = config.settings.show("weekly")
        #expect(weekly.skipSilence == true && weekly.skipIntro == 90 && weekly.volume == 80 && weekly.speed == nil)
        #expect(config.sources["shows.weekly.skip_intro"] == "config.toml line 12")
        #expect(config.entries.contains { $0.key == "shows.weekly.skip_intro" && $0.value == "90" })
        #expect(config.sources["update_jobs"] == nil)
    }

    @Test(
        "a bad file names the key and the line",
        arguments: [
            ("speed = 1.5\nspead = 2\n", "config.toml line 2: spead: unknown key; did you mean 'speed'?"),
            ("speed = 9\n", "config.toml line 1: speed: expected a number from 0.5 to 3.0"),
            ("\nupdate_jobs = 0\n", "config.toml line 2: update_jobs: expected a whole number from 1 to 32"),
            (
                "output = \"hdmi\"\n",
                "config.toml line 1: output: expected default, pulse, pulse:SERVER, alsa, null, wav:FILE, au:FILE or raw:FILE, got \"hdmi\""
            ),
            ("skip_back = \"soon\"\n", "config.toml line 1: skip_back: expected seconds or a TIME greater than 0"),
            ("[show_speed]\nslow = 0.1\n", "config.toml line 2: show_speed.slow: expected a number from 0.5 to 3.0"),
            ("retention = -1\n", "config.toml line 1: retention: expected a whole number, 0 or more (0 keeps all)"),
            (
                "\n[shows.news]\ndownload_include = [\"ok\", \"(bad\"]\n",
                "config.toml line 3: shows.news.download_include: expected \(RuleValues.patternsExpected)"
            ),
            ("delete_played_after = 7\n", "config.toml line 1: delete_played_after: expected \(RuleValues.ageExpected)"),
            ("[shows.news]\nskip_silence = \"yes\"\n", "config.toml line 2: shows.news.skip_silence: expected true or false"),
            ("[shows.news]\nsped = 2\n", "config.toml line 2: shows.news.sped: unknown show setting; did you mean 'speed'?"),
            ("loudness_target = 0\n", "config.toml line 1: loudness_target: expected a number of LUFS from -36.0 to -6.0"),
        ])
    func refused(text: String, message: String) {
        Self.expectRefused(text, message)
    }

    /// config.toml holding `text` is refused with the one-line `message`.
    static func expectRefused(_ text: String, _ message: String) {
        #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "config.toml") }
        do {
            _ = try ConfigFile.parse(text, path: "config.toml")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("a show's setting is written into its own table, the rest of the file kept; unset takes it out")
    func editor() {
        let text = "# mine\nspeed = 1.2\n\n[show_speed]\nnews = 1.5\nother = 2\n\n[shows.news]\nvolume = 80\n\n[shows.later]\n"
        let set = ConfigEditor.setting("speed", to: "1.4", forShow: "news", in: text)
        #expect(set == "# mine\nspeed = 1.2\n\n[show_speed]\nother = 2\n\n[shows.news]\nvolume = 80\nspeed = 1.4\n\n[shows.later]\n")
        let again = ConfigEditor.setting("speed", to: "2", forShow: "news", in: set)
        #expect(again.contains("[shows.news]\nvolume = 80\nspeed = 2\n"))
        let added = ConfigEditor.setting("skip_intro", to: ConfigEditor.literal("1:30"), forShow: "fresh", in: "speed = 1\n")
        #expect(added == "speed = 1\n\n[shows.fresh]\nskip_intro = \"1:30\"\n")
        #expect(ConfigEditor.setting("normalize", to: ConfigEditor.literal("on"), forShow: "a", in: "") == "[shows.a]\nnormalize = true\n")
        #expect(ConfigEditor.removing("volume", forShow: "news", in: set) == set.replacingOccurrences(of: "volume = 80\n", with: ""))
        #expect(ConfigEditor.literal("0x10") == "\"0x10\"" && ConfigEditor.literal("-3.5") == "-3.5")
    }

    @Test("a syntax error is refused with its line")
    func syntax() {
        do {
            _ = try ConfigFile.parse("speed = 1\nskip_back = = 3\n", path: "config.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test("the documented defaults file reads back as the defaults")
    func documentedDefaults() throws {
        let config = try ConfigFile.parse(ConfigFile.documentedDefaults, path: "config.toml")
        #expect(config.settings == Settings())
    }

    @Test("config prints values and sources; --json feeds jq; a bad file exits 78 but for player-only commands; the REPL runs nothing")
    func endToEnd() throws {
        let folder = try Fixtures.temporaryDirectory("pl-config")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("podline"), withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("podline/config.toml")
        try "skip_forward = 45\nspeed = 1.5\n".write(to: file, atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["XDG_CONFIG_HOME": folder.path, "XDG_RUNTIME_DIR": folder.path]
        let text = try PodlineBinary.run(["config"], home: folder, environment: environment)
        #expect(text.status == 0)
        #expect(text.stdout.contains("skip_forward = 45"))
        #expect(text.stdout.split(separator: "\n").contains { $0.hasPrefix("skip_forward = 45") && $0.hasSuffix("# config.toml line 1") })
        let json = try PodlineBinary.run(["config", "--json"], home: folder, environment: environment)
        let jq = try CommandRunner.run(
            try #require(CommandRunner.which("jq")), ["-r", ".settings.speed.value, .settings.skip_back.source"],
            stdin: json.stdoutData)
        #expect(jq.stdout == "1.5\ndefault\n")
        let repl = try PodlineBinary.run(["repl"], home: folder, environment: environment, stdin: Data("speed 2\nstatus --json\n".utf8))
        #expect(repl.stdout.contains(#""speed":2"#))
        try "skip_forward = 45\nspeed = fast\n".write(to: file, atomically: true, encoding: .utf8)
        let bad = try PodlineBinary.run(["config"], home: folder, environment: environment)
        #expect(bad.status == 78)
        #expect(bad.stderrLines.count == 1)
        #expect(bad.stderr.contains("line 2"))
        let refused = try PodlineBinary.run(["repl"], home: folder, environment: environment, stdin: Data("status --json\n".utf8))
        #expect(refused.status == 78)
        #expect(refused.stdout.isEmpty)
        for command in [["play", "x.mp3"], ["update"], ["episodes"], ["demo"]] {
            let result = try PodlineBinary.run(command, home: folder, environment: environment)
            #expect(result.status == 78, "\(command)")
            #expect(result.stderrLines.count == 1, "\(command)")
            #expect(result.stderr.hasPrefix("podline: \(file.path) line 2: "), "\(command)")
        }
        // Commands that only talk to a running player read no config.toml: the broken file is a warning for them, and
        // with no player they say so as usual.
        let status = try PodlineBinary.run(["status"], home: folder, environment: environment)
        #expect(status.status == 0 && status.stdout.contains("stopped"), "\(status.stdout) \(status.stderr)")
        #expect(status.stderrLines == status.stderrLines.filter { $0.hasPrefix("podline: warning: \(file.path) line 2: ") })
        #expect(status.stderrLines.count == 1)
        let pause = try PodlineBinary.run(["pause"], home: folder, environment: environment)
        #expect(pause.status == 4, "\(pause.stderr)")
        #expect(pause.stderrLines.first?.hasPrefix("podline: warning: \(file.path) line 2: ") == true, "\(pause.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/podline/control.sock"))
    }
}
