import ArgumentParser
import PodlineApp

/// A command the language parses (a player command, a library edit, question or task) as ArgumentParser lists it (in
/// `podline --help` and the completion scripts): the `slot`th of `CommandTable.shellLanguage`. Its name, summary and
/// flags come from the command table alone; its words are parsed by the command language, as in the REPL and on the
/// socket.
struct LanguageSubcommand<let slot: Int>: AsyncParsableCommand {
    /// The command this slot lists.
    static var spec: CommandSpec { CommandTable.shellLanguage[slot] }

    static var configuration: CommandConfiguration {
        let spec = spec
        // The flags are listed by `podline help NAME` (as `NAME --help` is answered): building that text here would
        // cost every command's start-up, since ArgumentParser reads each subcommand's configuration.
        return CommandConfiguration(
            commandName: spec.name, abstract: spec.summary,
            discussion: spec.flags.isEmpty ? "" : "'podline help \(spec.name)' lists its flags.", aliases: spec.aliases)
    }

    @Argument(
        parsing: .captureForPassthrough, help: ArgumentHelp("Arguments and flags, as 'podline help NAME' lists them."),
        completion: .custom(ShellCompletion.candidates))
    var words: [String] = []

    func run() async throws {
        let status = await ShellFront.runLanguageCommand([Self.spec.name] + words)
        if status != 0 { throw ExitCode(status) }
    }
}

/// ArgumentParser's subcommands for the language's commands, one slot a command of `CommandTable.shellLanguage`.
enum LanguageSubcommands {
    /// More slots than the table has such commands (a test holds it so); the first ones are used.
    private static let slots: [any ParsableCommand.Type] = [
        LanguageSubcommand<0>.self, LanguageSubcommand<1>.self, LanguageSubcommand<2>.self, LanguageSubcommand<3>.self,
        LanguageSubcommand<4>.self, LanguageSubcommand<5>.self, LanguageSubcommand<6>.self, LanguageSubcommand<7>.self,
        LanguageSubcommand<8>.self, LanguageSubcommand<9>.self, LanguageSubcommand<10>.self, LanguageSubcommand<11>.self,
        LanguageSubcommand<12>.self, LanguageSubcommand<13>.self, LanguageSubcommand<14>.self, LanguageSubcommand<15>.self,
        LanguageSubcommand<16>.self, LanguageSubcommand<17>.self, LanguageSubcommand<18>.self, LanguageSubcommand<19>.self,
        LanguageSubcommand<20>.self, LanguageSubcommand<21>.self, LanguageSubcommand<22>.self, LanguageSubcommand<23>.self,
        LanguageSubcommand<24>.self, LanguageSubcommand<25>.self, LanguageSubcommand<26>.self, LanguageSubcommand<27>.self,
        LanguageSubcommand<28>.self, LanguageSubcommand<29>.self, LanguageSubcommand<30>.self, LanguageSubcommand<31>.self,
        LanguageSubcommand<32>.self, LanguageSubcommand<33>.self, LanguageSubcommand<34>.self, LanguageSubcommand<35>.self,
        LanguageSubcommand<36>.self, LanguageSubcommand<37>.self, LanguageSubcommand<38>.self, LanguageSubcommand<39>.self,
        LanguageSubcommand<40>.self, LanguageSubcommand<41>.self, LanguageSubcommand<42>.self, LanguageSubcommand<43>.self,
    ]

    /// How many commands the slots can list.
    static var capacity: Int { slots.count }

    /// One subcommand for each of the table's language commands of the shell, in the table's order.
    static var all: [any ParsableCommand.Type] {
        Array(slots.prefix(CommandTable.shellLanguage.count))
    }
}
