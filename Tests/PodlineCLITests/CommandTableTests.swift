import ArgumentParser
import Foundation
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The command table is the one list of commands: the shell's subcommands, their flags and the man page are held to it.
@Suite("the command table")
struct CommandTableTests {
    private var shellNames: Set<String> { Set(CommandTable.available(in: .shell).map(\.name)) }

    @Test("every shell command is an ArgumentParser subcommand, with the table's summary, and no other")
    func subcommandsMatch() {
        let subcommands = PodlineCommand.configuration.subcommands
        let names = Set(subcommands.map { $0.configuration.commandName ?? "" })
        #expect(names == shellNames.subtracting(["help"]))
        for command in subcommands {
            let name = command.configuration.commandName ?? ""
            #expect(command.configuration.abstract == CommandTable.spec(named: name)?.summary, "\(name)")
        }
    }

    /// The long flags a subcommand's help lists, without the ones every command takes.
    private func flags(ofHelp text: String) -> Set<String> {
        let common: Set<String> = ["help", "verbose", "no-color", "home", "version"]
        let pattern = try! NSRegularExpression(pattern: "--([a-z][a-z-]*)")
        let range = NSRange(text.startIndex..., in: text)
        let found = pattern.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) }
        return Set(found).subtracting(common)
    }

    @Test("the flags of the commands with ArgumentParser forms of their own are the table's flags")
    func ownFormFlagsMatch() {
        for command in PodlineCommand.configuration.subcommands {
            let name = command.configuration.commandName ?? ""
            guard let spec = CommandTable.spec(named: name), spec.traits.contains(.ownShellForm) else { continue }
            let usage = PodlineCommand.helpMessage(for: command, columns: 400).components(separatedBy: "OPTIONS:").dropFirst()
                .joined()
            #expect(flags(ofHelp: usage) == Set(spec.flags.map(\.name)), "\(name)")
        }
    }

    @Test("the shell lists every language command of the table through a subcommand type of its own, in order")
    func languageSlots() {
        let types = LanguageSubcommands.all
        #expect(types.count == CommandTable.shellLanguage.count)
        #expect(Set(types.map { ObjectIdentifier($0) }).count == types.count, "two commands share a type")
        let listed = PodlineCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        #expect(Array(listed.prefix(CommandTable.shellLanguage.count)) == CommandTable.shellLanguage.map(\.name))
        #expect(Set(listed).count == listed.count, "a command listed twice: \(listed)")
    }

    @Test("help in the shell lists the shell's commands; the REPL's, the REPL's")
    func helpListsTheFrontEnd() {
        let shell = HelpText.lines(for: nil, in: .shell).compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(shell.contains("demo") && !shell.contains("quit"))
        let repl = HelpText.lines(for: nil, in: .repl).compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(repl.contains("quit") && !repl.contains("demo"))
    }

    @Test("play's flags parse the same in every front end and say the request again")
    func playFlags() throws {
        for frontEnd: CommandSpec.FrontEnds in [.shell, .repl, .socket] {
            let parsed = try CommandParser.parse(
                [
                    "play", "a.mp3", "b/2", "--speed", "1.3", "--start=1:30", "--no-resume",
                    "--enqueue", "--sleep", "end", "--volume", "70",
                ], in: frontEnd)
            guard case .player(.play(let request)) = parsed else {
                Issue.record("not a play: \(parsed)")
                continue
            }
            #expect(request.targets == ["a.mp3", "b/2"])
            #expect(request.speed == 1.3 && request.start == 90 && request.volume == 70)
            #expect(request.noResume && request.enqueue && request.sleep == .endOfEpisode)
            #expect(try CommandParser.parse(request.words, in: frontEnd) == parsed)
        }
        // Large values are said again without grouping, so that they read back.
        let long = try CommandParser.parse(["play", "x", "--start", "2:00:00", "--duration", "3600"])
        guard case .player(.play(let request)) = long else { return }
        #expect(request.words == ["play", "x", "--start", "7200", "--duration", "3600"])
        #expect(throws: CommandError.self) { try CommandParser.parse(["play", "x", "--speed", "9"]) }
        #expect(throws: CommandError.self) { try CommandParser.parse(["play", "x", "--spede", "2"]) }
        #expect(throws: CommandError.self) { try CommandParser.parse(["demo"], in: .repl) }
    }
}
