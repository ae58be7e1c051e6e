import PodcastKit

extension LibraryTaskRunner {
    /// `config`: the effective settings and where each came from, or (`defaults`) a documented file of every default.
    package func config(defaults: Bool) throws(CommandError) -> Int32 {
        if defaults {
            // The file's text whatever else was asked: it is meant to be saved as it is.
            if output.printing {
                output.text(ConfigFile.documentedDefaults)
            } else {
                output.value(.string(ConfigFile.documentedDefaults))
            }
            return 0
        }
        let config: ConfigFile
        do {
            config = try Configuration.file()
        } catch {
            throw CommandError(.configuration, error.description)
        }
        let members = config.entries.map { entry in
            (entry.key, JSONValue.object([("value", Self.json(toml: entry.value)), ("source", .string(entry.source))]))
        }
        output.value(.object([("path", .string(config.path)), ("exists", .bool(config.exists)), ("settings", .object(members))]))
        output.line("# \(config.path)\(config.exists ? "" : " (not found: defaults)")")
        let width = config.entries.map { $0.key.count + $0.value.count + 3 }.max() ?? 0
        for entry in config.entries {
            let assignment = "\(entry.key) = \(entry.value)"
            output.line(assignment.padding(toLength: max(width, assignment.count) + 2, withPad: " ", startingAt: 0) + "# \(entry.source)")
        }
        return 0
    }

    /// A rendered TOML scalar as JSON: strings unquoted, numbers as numbers.
    private static func json(toml text: String) -> JSONValue {
        if text.hasPrefix("\"") {
            let inner = String(text.dropFirst().dropLast())
            return .string(inner.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\"))
        }
        return Double(text).map { JSONValue.number($0) } ?? .string(text)
    }
}
