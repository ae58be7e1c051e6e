import ArgumentParser

extension CommandTable {
    /// The help of `command`'s flag `--name`, with its value's name, for the shell's ArgumentParser declarations: the
    /// table is the one place they are written, so `podline help`, the REPL's help and `--help` say the same.
    static func flagHelp(_ command: String, _ name: String) -> ArgumentHelp {
        guard let flag = spec(named: command)?.flags.first(where: { $0.name == name }) else {
            preconditionFailure("the command table has no flag --\(name) for \(command)")
        }
        return ArgumentHelp(flag.help, valueName: flag.value)
    }
}
