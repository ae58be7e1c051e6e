import ArgumentParser
import PodlineApp

/// A command the language parses (a player command, a library edit, question or task) as ArgumentParser lists it (in
/// `podline --help` and the completion scripts): the one of `CommandTable.shellLanguage` that `Slot` points at. Its
/// name, summary and flags come from the command table alone; its words are parsed by the command language, as in the
/// REPL and on the socket.
struct LanguageSubcommand<Slot: SlotPath>: AsyncParsableCommand {
    /// The command this subcommand lists.
    static var spec: CommandSpec { CommandTable.shellLanguage[Slot.index] }

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

/// ArgumentParser's subcommands for the language's commands: one for each of `CommandTable.shellLanguage`, in its
/// order, however many the table has.
///
/// ArgumentParser takes a type for each subcommand, so each command gets a type of its own: `LanguageSubcommand` at a
/// path of a binary tree of types (`Left<Right<Root>>`, …), made as deep as the table needs; the path's type says the
/// command's index.
enum LanguageSubcommands {
    /// One subcommand for each of the table's language commands of the shell, in the table's order.
    static var all: [any ParsableCommand.Type] {
        let count = CommandTable.shellLanguage.count
        var depth = 0
        while 1 << depth < count { depth += 1 }
        return Array(SlotTree<Root>.commands(depth: depth).prefix(count))
    }
}

/// A place in a binary tree of types, standing for the index it reaches.
protocol SlotPath {
    static var index: Int { get }
}

/// The tree's root: index 0.
enum Root: SlotPath {
    static var index: Int { 0 }
}

/// The left child of `Parent`: twice its index.
enum Left<Parent: SlotPath>: SlotPath {
    static var index: Int { 2 * Parent.index }
}

/// The right child of `Parent`: twice its index, and one.
enum Right<Parent: SlotPath>: SlotPath {
    static var index: Int { 2 * Parent.index + 1 }
}

/// The subcommands at the leaves under `Path`, `depth` levels down, left to right (in the order of their indexes).
enum SlotTree<Path: SlotPath> {
    static func commands(depth: Int) -> [any ParsableCommand.Type] {
        guard depth > 0 else { return [LanguageSubcommand<Path>.self] }
        return SlotTree<Left<Path>>.commands(depth: depth - 1) + SlotTree<Right<Path>>.commands(depth: depth - 1)
    }
}
