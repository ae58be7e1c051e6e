import Foundation
import TestSupport
import Testing

/// `--verbose`: diagnostic logs on standard error, and nothing there without it.
@Suite("--verbose")
struct VerboseTests {
    @Test("library commands log the config file and the library with --verbose, before or after the command, and nothing without it")
    func libraryCommands() throws {
        let folder = try Fixtures.temporaryDirectory("pl-verbose")
        let environment: [String: String?] = [
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_RUNTIME_DIR": folder.path,
        ]
        let quiet = try PodlineBinary.run(["shows"], home: folder, environment: environment)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
        for arguments in [["shows", "--verbose"], ["--verbose", "shows"]] {
            let loud = try PodlineBinary.run(arguments, home: folder, environment: environment)
            #expect(loud.status == 0, "\(loud.stderr)")
            #expect(loud.stdout == quiet.stdout, "logs never reach standard output")
            #expect(
                loud.stderrLines.contains("podline: [library] debug: opening the library \(folder.path)/library.sqlite"), "\(loud.stderr)")
        }
        let status = try PodlineBinary.run(["status", "--json", "--verbose"], home: folder, environment: environment)
        #expect(status.stdout == "{\"state\":\"stopped\"}\n")
        #expect(status.stderr.contains("podline: [control] debug: no player at \(folder.path)/podline/control.sock"), "\(status.stderr)")
    }

    @Test("update logs each feed it reads and what it came to")
    func update() throws {
        let folder = try Fixtures.temporaryDirectory("pl-verbose-update")
        let feed = folder.appendingPathComponent("feed.xml")
        try ActivityEventsTests.feed(items: [("one", "http://127.0.0.1:9/one.mp3")]).write(to: feed, atomically: true, encoding: .utf8)
        let environment: [String: String?] = [
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_RUNTIME_DIR": folder.path,
        ]
        #expect(try PodlineBinary.run(["add", feed.path], home: folder, environment: environment).status == 0)
        let quiet = try PodlineBinary.run(["update"], home: folder, environment: environment)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
        let loud = try PodlineBinary.run(["update", "--verbose"], home: folder, environment: environment)
        #expect(loud.status == 0)
        #expect(loud.stderrLines.contains("podline: [http] debug: refreshing 1 feed, 4 at a time"), "\(loud.stderr)")
        #expect(
            loud.stderrLines.contains { $0.hasPrefix("podline: [http] debug: read \(feed.path): read, 0 new episodes") }, "\(loud.stderr)")
    }

    @Test("the REPL takes --verbose at start for every line, or on one line for that line only")
    func repl() throws {
        let folder = try Fixtures.temporaryDirectory("pl-verbose-repl")
        var environment = PodlineBinary.silentMachine(home: folder)
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        let session = try PodlineBinary.run(
            ["--verbose"], home: folder, environment: environment,
            stdin: Data("shows\nstatus\n".utf8))
        #expect(session.status == 0, "\(session.stderr)")
        #expect(
            session.stderrLines.contains(
                "podline: [config] debug: no config file at \(folder.path)/config/podline/config.toml: defaults in force"))
        #expect(session.stderrLines.contains("podline: [control] debug: serving the control socket at \(folder.path)/podline/control.sock"))
        #expect(session.stderrLines.contains("podline: [library] debug: opening the library \(folder.path)/library.sqlite"))
        // Each `update` says how many feeds it refreshes; only the line with --verbose logs it.
        let perLine = try PodlineBinary.run(
            [], home: folder, environment: environment,
            stdin: Data("update --verbose\nupdate\n".utf8))
        #expect(perLine.status == 0)
        let refreshing = perLine.stderrLines.filter { $0.contains("[http] debug: refreshing 0 feeds") }
        #expect(refreshing.count == 1, "only the line with --verbose logs: \(perLine.stderr)")
        #expect(!perLine.stderr.contains("[control]"))
    }
}
