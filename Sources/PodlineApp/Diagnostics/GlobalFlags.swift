import ArgumentParser
import Foundation

/// The flags every command takes, anywhere on its line: `--verbose` and `--no-color`.
///
/// They are taken out of the words before the command is parsed, so they work before or after the command's name,
/// in the shell, in the REPL and on socket lines alike.
public struct GlobalFlags: Equatable, Sendable {
    public var verbose = false
    public var noColor = false
    /// `--home DIR`: the library's folder, for every command (as `PODLINE_HOME`).
    public var home: String?

    /// The flags found in `words` (up to a `--`), and the words without them.
    public static func extract(from words: [String]) -> (flags: GlobalFlags, rest: [String]) {
        var flags = GlobalFlags()
        var rest: [String] = []
        var afterSeparator = false
        var takesHome = false
        for word in words {
            if takesHome {
                flags.home = word
                takesHome = false
                continue
            }
            if afterSeparator {
                rest.append(word)
                continue
            }
            switch word {
            case "--":
                afterSeparator = true
                rest.append(word)
            case "--verbose": flags.verbose = true
            case "--no-color", "--no-colour": flags.noColor = true
            case "--home": takesHome = true
            case _ where word.hasPrefix("--home="): flags.home = String(word.dropFirst("--home=".count))
            default: rest.append(word)
            }
        }
        return (flags, rest)
    }

    /// Puts the flags in force for what follows (they only add: a line without them keeps the session's).
    public func apply() {
        if verbose { Diagnostics.isVerbose = true }
        if noColor { TerminalStyle.noColorFlag = true }
        if let home { setenv("PODLINE_HOME", home, 1) }
    }
}

/// The global flags as ArgumentParser sees them, so that `--help` lists them.
package struct GlobalOptions: ParsableArguments {
    package init() {}

    @Flag(name: .long, help: "Write diagnostic logs to standard error (files read, requests and their statuses, devices, sockets).")
    package var verbose = false

    @Flag(name: .customLong("no-color"), help: "Never colour the output (as NO_COLOR does); colour is only ever used on a terminal.")
    package var noColor = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder holding the library (default: $PODLINE_HOME, else $XDG_DATA_HOME/podline).",
            valueName: "DIR"))
    package var home: String?
}
