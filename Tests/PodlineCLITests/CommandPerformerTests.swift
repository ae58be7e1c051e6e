import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp

/// One entry point carries out every parsed command; front ends differ only in where the player and library live.
@MainActor
@Suite("the one command performer")
struct CommandPerformerTests {
    let folder: URL
    let dispatcher: CommandDispatcher

    init() throws {
        folder = try Fixtures.temporaryDirectory()
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("one.mp3").path, contents: Data([0]))
        dispatcher = CommandDispatcher(
            player: Player(), resolver: PlayableResolver(paths: LibraryPaths(home: folder.path), directory: folder.path))
    }

    private func perform(_ line: String, in frontEnd: CommandSpec.FrontEnds = .repl) async throws -> CommandResult {
        let command = try #require(try CommandParser.parse(line: line, in: frontEnd))
        return try await CommandPerformer(dispatcher).perform(command, output: .reply(), style: ListStyle())
    }

    @Test("a player command changes the model and gives its value as data")
    func playerCommand() async throws {
        let result = try await perform("volume 40")
        guard case .player(let output) = result else { throw PerformerFailure("volume gave \(result)") }
        #expect(output.data == .number(40) && dispatcher.player.volume == 40 && result.status == 0)
        let status = try await perform("status --json")
        #expect(status.data == StatusReport.json(dispatcher.player))
    }

    @Test("help gives its lines, and the same lines as data")
    func help() async throws {
        let result = try await perform("help seek")
        guard case .help(let lines) = result else { throw PerformerFailure("help gave \(result)") }
        #expect(!lines.isEmpty && lines == HelpText.lines(for: "seek"))
        #expect(result.data == .array(lines.map(JSONValue.string)))
    }

    @Test("quit and events are results the front end acts on, not errors")
    func sessionResults() async throws {
        guard case .quit = try await perform("quit") else { throw PerformerFailure("quit") }
        guard case .events = try await perform("events", in: .socket) else { throw PerformerFailure("events") }
    }

    @Test("a library task is awaited by perform and refused by performNow")
    func tasks() async throws {
        let command = try CommandParser.parse(["config", "--json"])
        #expect(throws: CommandError.self) { try CommandPerformer(dispatcher).performNow(command, style: ListStyle()) }
        let result = try await CommandPerformer(dispatcher).perform(command, output: .reply(), style: ListStyle())
        guard case .task(let end) = result else { throw PerformerFailure("config gave \(result)") }
        guard case .object(let members) = result.data else { throw PerformerFailure("config data: \(result.data)") }
        #expect(end.status == 0 && !members.isEmpty)
    }

    @Test("without a player here, a player command is unavailable and a library question still answered")
    func noPlayer() async throws {
        let performer = CommandPerformer(
            player: nil, editor: { dispatcher.library }, reader: { dispatcher.reader }, tasks: { dispatcher.tasks($0) })
        do {
            _ = try await performer.perform(.player(.pause), output: .reply(), style: ListStyle())
            Issue.record("pause ran without a player")
        } catch {
            #expect(error.kind == .unavailable)
        }
        let shows = try await performer.perform(try CommandParser.parse(["shows", "--json"]), output: .reply(), style: ListStyle())
        #expect(shows.data == .array([]))
    }
}

/// A result of the wrong kind.
private struct PerformerFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A front end follows a task's activity as an asynchronous sequence that ends with the task.
@MainActor
@Suite("a task's activity as a stream")
struct TaskActivityStreamTests {
    @Test("what a task says comes through the stream in order, and the stream ends when perform returns")
    func streamEnds() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let dispatcher = CommandDispatcher(
            player: Player(), resolver: PlayableResolver(paths: LibraryPaths(home: folder.path), directory: folder.path))
        let (output, activity) = TaskOutput.streamed()
        let collected = Task { @MainActor in
            var lines: [String] = []
            for await event in activity {
                if case .line(let line) = event { lines.append(line) }
            }
            return lines
        }
        let result = try await CommandPerformer(dispatcher).perform(
            try CommandParser.parse(["config"]), output: output, style: ListStyle())
        #expect(result.status == 0)
        let lines = await collected.value
        #expect(lines.contains { $0.contains("speed") } && lines.count > 3)
    }
}
