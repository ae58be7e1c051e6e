import ArgumentParser
import PodcastKit

/// `podline config`: prints the effective settings and where each came from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: CommandTable.summary(of: "config"),
        discussion:
            "Settings are read from $XDG_CONFIG_HOME/podline/config.toml (else ~/.config/podline/config.toml). A bad file is refused with the key and line named, and exit status 64."
    )

    @Flag(name: .long, help: "Print {\"path\",\"exists\",\"settings\":{key:{\"value\",\"source\"}}}.")
    var json = false

    @Flag(name: .long, help: CommandTable.flagHelp("config", "defaults"))
    var defaults = false

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        if defaults {
            print(ConfigFile.documentedDefaults, terminator: "")
            return
        }
        guard let config = Configuration.checkedFile() else { throw ExitCode(ExitStatus.config) }
        if json {
            let members = config.entries.map { entry in
                (entry.key, JSONValue.object([("value", tomlToJSON(entry.value)), ("source", .string(entry.source))]))
            }
            print(
                JSONValue.object([
                    ("path", .string(config.path)), ("exists", .bool(config.exists)),
                    ("settings", .object(members)),
                ]).rendered)
            return
        }
        print("# \(config.path)\(config.exists ? "" : " (not found: defaults)")")
        let width = config.entries.map { $0.key.count + $0.value.count + 3 }.max() ?? 0
        for entry in config.entries {
            let assignment = "\(entry.key) = \(entry.value)"
            print(assignment.padding(toLength: max(width, assignment.count) + 2, withPad: " ", startingAt: 0) + "# \(entry.source)")
        }
    }

    /// A rendered TOML scalar as JSON: strings unquoted, numbers as numbers.
    private func tomlToJSON(_ text: String) -> JSONValue {
        if text.hasPrefix("\"") {
            let inner = String(text.dropFirst().dropLast())
            return .string(inner.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\"))
        }
        return Double(text).map { JSONValue.number($0) } ?? .string(text)
    }
}
