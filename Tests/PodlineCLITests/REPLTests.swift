import Foundation
import TestSupport
import Testing

/// The REPL fed from a pipe: one command per line, no prompt, the status of the last failure.
@Suite("REPL over a pipe")
struct REPLTests {
    private func repl(_ script: String) throws -> ProcessResult {
        let folder = try Fixtures.temporaryDirectory("pl-repl")
        return try PodlineBinary.run(
            ["repl"], home: folder, environment: ["XDG_RUNTIME_DIR": folder.path, "NO_COLOR": "1"],
            stdin: Data(script.utf8))
    }

    @Test("every line runs; failures print one line each and the exit status is the last failure's")
    func lastFailure() throws {
        let result = try repl("volume 40\nfrobnicate\nstatus --json\nseek 10\nvolume 60\nstatus --json\n")
        #expect(result.status == 1, "seek while stopped fails with 1, after frobnicate's 64")
        #expect(result.stderrLines == ["podline: unknown command 'frobnicate' (try 'help')", "podline: seek: nothing is playing"])
        let statuses = result.stdout.split(separator: "\n").map(String.init)
        #expect(statuses.count == 2)
        #expect(statuses[0].contains(#""volume":40"#))
        #expect(statuses[1].contains(#""volume":60"#))
        #expect(!result.stdout.contains("podline ["), "no prompt when stdin is not a terminal")
    }

    @Test("piped input that ends while an episode plays waits for it to end; play takes the shell's flags")
    func pipeWaitsForPlayback() throws {
        let folder = try Fixtures.temporaryDirectory("pl-repl-wait")
        let tone = try Fixtures.toneMP3(in: folder, name: "tone.mp3", seconds: 2)
        let config = folder.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("out.wav")
        try Data("output = \"wav:\(out.path)\"\n".utf8).write(to: config.appendingPathComponent("config.toml"))
        let environment: [String: String?] = [
            "XDG_RUNTIME_DIR": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        ]
        let whole = try PodlineBinary.run(["repl"], home: folder, environment: environment, stdin: Data("play \(tone.path)\n".utf8))
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try WAVFile(url: out).frameCount == 2 * 44_100, "the whole episode is played before the REPL ends")
        let started = try PodlineBinary.run(
            ["repl"], home: folder, environment: environment, stdin: Data("play \(tone.path) --start 1 --volume 50\n".utf8))
        #expect(started.status == 0, "\(started.stderr)")
        #expect(abs(try WAVFile(url: out).frameCount - 44_100) <= 1152, "--start 1 of a 2 s episode")
    }

    @Test("usage errors exit 64 when they are the last failure")
    func usageLast() throws {
        let result = try repl("seek 10\nvolume 101\n")
        #expect(result.status == 64)
        #expect(result.stderrLines.count == 2)
    }

    @Test("a script with no failure exits 0; quit stops reading")
    func quit() throws {
        let result = try repl("vol 30\nstatu --json\nquit\nvolume 99\nstatus --json\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.contains(#""volume":30"#))
    }

    @Test("quoting and comments work in scripts; a missing file is unreadable (exit 2)")
    func quoting() throws {
        let result = try repl("# a comment line\nplay 'no such file.mp3'\n")
        #expect(result.status == 2)
        #expect(result.stderrLines == ["podline: no such file.mp3: no such file or directory"])
    }

    @Test("library commands run inside the REPL with the shell form's parser and exit codes")
    func libraryCommands() throws {
        let result = try repl("shows --json\nepisodes --no-such-flag\n")
        #expect(result.status == 64)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(result.stderrLines.count == 1)
    }

    @Test("help lists every command")
    func help() throws {
        let result = try repl("help\n")
        #expect(result.status == 0)
        for name in ["pause", "seek", "queue", "sleep", "status", "episodes", "quit"] {
            #expect(result.stdout.contains("\n\(name) ") || result.stdout.hasPrefix("\(name) "), "\(name)")
        }
    }
}
