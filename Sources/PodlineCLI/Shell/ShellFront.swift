import ArgumentParser
import CLazyLibraries
import Foundation
import PodlineApp

/// The shell form of the command language: `podline WORDS…` goes through the one command table and is parsed by the
/// language, as REPL and socket lines are; only `events`, `queue` and `repl` have ArgumentParser forms of their own.
@MainActor
enum ShellFront {
    /// Where a command line goes next.
    enum Route: Equatable {
        /// Done, with this exit status.
        case done(Int32)
        /// To ArgumentParser, with the command's full name in front.
        case parse([String])
    }

    /// True for the options that only ask about Podline itself, and so run even when config.toml is broken (commands
    /// say so in the table: `ignoresConfig`). (A switch, not a set: building a `Set<String>` costs every command about
    /// half a million instructions at start-up.)
    private nonisolated static func isAboutPodline(_ word: String) -> Bool {
        switch word {
        case "--help", "-h", "--version", "--generate-completion-script", "--experimental-dump-help": true
        default: false
        }
    }

    /// Decides what `words` (global flags taken out) are and runs them when the language can.
    static func route(_ words: [String]) async -> Route {
        guard let first = words.first else {
            return Configuration.check().map(Route.done) ?? .parse([])
        }
        if first.hasPrefix("-") {
            // Answered here: ArgumentParser's parse of the root costs ten times the rest of start-up.
            if words == ["--version"] {
                print(PodlineVersion.current)
                return .done(0)
            }
            if isAboutPodline(first) { return .parse(words) }
            return Configuration.check().map(Route.done) ?? .parse(words)
        }
        let spec: CommandSpec
        do {
            spec = try CommandParser.match(first, in: .shell)
        } catch {
            printError(error.message)
            return .done(error.exitStatus)
        }
        let full = [spec.name] + words.dropFirst()
        if spec.name == CommandTable.help.name { return help(Array(words.dropFirst())) }
        if !spec.traits.contains(.ignoresConfig) {
            // A command that only talks to a running player still works; the broken file is a warning for it.
            let talksToPlayer = spec.kind == .player && (!spec.startsPlayer || RunningPlayer.isRunning)
            if let status = Configuration.check(warningOnly: talksToPlayer) { return .done(status) }
        }
        switch spec.kind {
        case .player where !spec.traits.contains(.ownShellForm), .edit, .query, .library:
            return .done(await runLanguageCommand(full))
        case .player, .session:
            return .parse(full)
        }
    }

    /// `podline help [COMMAND]`: the table's help.
    private static func help(_ words: [String]) -> Route {
        guard let topic = words.first else {
            HelpText.lines(for: nil, in: .shell).forEach { print($0) }
            return .done(0)
        }
        do {
            let spec = try CommandMatcher.match(topic, in: CommandTable.available(in: .shell))
            HelpText.lines(for: spec.name).forEach { print($0) }
            return .done(0)
        } catch {
            printError(error.message)
            return .done(error.exitStatus)
        }
    }

    /// Runs a command of the language typed in the shell: `play` and `demo` start or hand over, `status` asks, library
    /// edits change the library here (a running player shows them), the other player commands go to the running player.
    static func runLanguageCommand(_ words: [String]) async -> Int32 {
        let command: ParsedCommand
        do {
            command = try CommandParser.parse(words, in: .shell)
        } catch {
            printError(error.message)
            return error.exitStatus
        }
        switch command {
        case .help(let topic):
            HelpText.lines(for: topic).forEach { print($0) }
            return 0
        case .player(.play(let request)):
            if words.first == CommandTable.demo.name, let file = request.targets.first { print("Podline demo: \(file)") }
            return await ShellPlay.run(request)
        case .player(.status(let json)):
            return exitStatus { try StatusQuery.report(json: json) }
        case .edit, .query, .task:
            return await ShellEdit.perform(command)
        case .player(let command):
            return exitStatus { try RemoteCommand.run(command) }
        case .quit:
            // Only the REPL offers it.
            return 0
        }
    }

    /// Parses `words` with the shell's subcommands and runs the command; an error is one line, with a pointer to
    /// the command's help.
    static func runParsed(_ words: [String]) async -> Int32 {
        // A subcommand is parsed on its own (ArgumentParser then reflects over its options only, not over every
        // command's): about half of a library command's start-up. Help goes through the whole tree, for its usage line.
        let asksForHelp = words.contains("--help") || words.contains("-h")
        let direct = asksForHelp ? nil : words.first.flatMap(subcommand(named:))
        let parser: any ParsableCommand.Type = direct ?? PodlineCommand.self
        do {
            var command = try parse(words, as: direct)
            if let onMain = command as? any MainActorCommand {
                try await onMain.runOnMain()
            } else if let asynchronous = command as? any AsyncParsableCommand {
                try await runOffMain(asynchronous)
            } else {
                try command.run()
            }
            return 0
        } catch {
            let code = parser.exitCode(for: error).rawValue
            podline_flush_standard_output()
            if code == 0 {
                let message = parser.fullMessage(for: error)
                if !message.isEmpty { print(message) }
                return 0
            }
            let message = parser.message(for: error)
            if code == ExitStatus.usage, !message.isEmpty, let name = words.first, CommandTable.spec(named: name) != nil {
                printError("\(message) (see 'podline help \(name)')")
            } else if !message.isEmpty {
                printError(message)
            }
            return code
        }
    }

    /// The command `words` name, parsed as `direct` when given, else from the root.
    private nonisolated static func parse(
        _ words: [String], as direct: (any ParsableCommand.Type)?
    ) throws -> sending any ParsableCommand {
        try direct.map { try $0.parseAsRoot(Array(words.dropFirst())) } ?? PodlineCommand.parseAsRoot(words)
    }

    /// Runs a command that waits (on the network, or on another process) off the main actor, which stays free for the
    /// player's work meanwhile (the REPL's own player, its socket).
    private nonisolated static func runOffMain(_ command: sending any AsyncParsableCommand) async throws {
        var command = command
        try await command.run()
    }

    /// The shell's subcommand named exactly `name`.
    private static func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        PodlineCommand.configuration.subcommands.first { $0.configuration.commandName == name }
    }

    private nonisolated static func exitStatus(_ body: () throws -> Void) -> Int32 {
        do {
            try body()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            printError("\(error)")
            return ExitStatus.failure
        }
    }
}
