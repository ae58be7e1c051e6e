import Foundation
import Playback
import PodcastKit
import TOMLKit

/// A table of config.toml that sets a group of settings (`[sync]`, `[directory]`): its keys, what they mean, how each
/// is read and shown, and how the table is documented.
package struct ConfigSection<Value: Sendable>: Sendable {
    /// One key of the table.
    package struct Key: Sendable {
        package let name: String
        package let summary: String
        package let example: String
        /// Reads a value; returns what was wrong with it, or nil.
        package let apply: @Sendable (any TOMLValueConvertible, inout Value) -> String?
        /// The value in force, as TOML; nil when unset.
        package let render: @Sendable (Value) -> String?
    }

    package let table: String
    /// What the table is, for the documented file.
    package let summary: String
    package let keys: [Key]
    /// The keys the table must have.
    package let required: [String]

    /// Reads the table `value` over `start`; an unknown or bad key, or a missing required one, is refused with its line.
    package func read(
        _ value: any TOMLValueConvertible, over start: Value, sources: inout [String: String], text: String, path: String
    ) throws(ConfigError) -> Value {
        guard let entries = value.table else {
            throw ConfigError(path: path, key: table, problem: "expected a table [\(table)]")
        }
        var result = start
        for name in entries.keys {
            let line = KeyLines.line(of: name, inTable: table, text: text)
            guard let key = keys.first(where: { $0.name == name }) else {
                let guess = EditDistance.suggestion(for: name, among: keys.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw ConfigError(path: path, line: line, key: "\(table).\(name)", problem: "unknown key\(guess)")
            }
            if let entry = entries[name], let problem = key.apply(entry, &result) {
                throw ConfigError(path: path, line: line, key: "\(table).\(name)", problem: problem)
            }
            sources["\(table).\(name)"] = line.map { "config.toml line \($0)" } ?? "config.toml"
        }
        for name in required where entries[name] == nil {
            throw ConfigError(
                path: path, key: "\(table).\(name)", problem: "missing: [\(table)] needs \(required.joined(separator: " and "))")
        }
        return result
    }

    /// The keys with their values and sources, for `podline config`.
    package func entries(_ value: Value, sources: [String: String]) -> [(key: String, value: String, source: String)] {
        keys.compactMap { key in
            key.render(value).map { (key: "\(table).\(key.name)", value: $0, source: sources["\(table).\(key.name)"] ?? "default") }
        }
    }

    /// The table documented and commented out, for `podline config --defaults`.
    package var documented: [String] {
        ["# \(summary)", "# [\(table)]"] + keys.map { "# \($0.name) = \($0.example)  # \($0.summary)" }
    }

    /// What is wrong with `text` as an http(s) base URL, or nil.
    package static func urlProblem(_ text: String) -> String? {
        ["http://", "https://"].contains(where: text.lowercased().hasPrefix) && URL(string: text)?.host != nil
            ? nil : "expected an http(s) URL"
    }
}

extension ConfigSection.Key {
    /// A key that is true or false, kept at `path`.
    package static func switchKey(_ name: String, summary: String, example: String, _ path: WritableKeyPath<Value, Bool> & Sendable) -> Self
    {
        Self(
            name: name, summary: summary, example: example,
            apply: { value, target in value.bool.map { target[keyPath: path] = $0 } == nil ? "expected true or false" : nil },
            render: { String($0[keyPath: path]) })
    }

    /// A key whose value is a string that `check` accepts (returning what is wrong with it, or nil), kept at `path`.
    package static func textKey(
        _ name: String, summary: String, example: String, _ path: WritableKeyPath<Value, String> & Sendable,
        check: @escaping @Sendable (String) -> String? = { _ in nil }
    ) -> Self {
        string(
            name, summary: summary, example: example, check: check, set: { $0[keyPath: path] = $1 },
            render: { ConfigKey.quoted($0[keyPath: path]) })
    }

    /// A key whose value is a string that `check` accepts, kept at `path`, unset by default.
    package static func optionalTextKey(
        _ name: String, summary: String, example: String, _ path: WritableKeyPath<Value, String?> & Sendable,
        check: @escaping @Sendable (String) -> String? = { $0.isEmpty ? "expected a string that is not empty" : nil }
    ) -> Self {
        string(
            name, summary: summary, example: example, check: check, set: { $0[keyPath: path] = $1 },
            render: { $0[keyPath: path].map(ConfigKey.quoted) })
    }

    /// A key whose value is a string that `check` accepts, given to `set`, and shown by `render`.
    private static func string(
        _ name: String, summary: String, example: String, check: @escaping @Sendable (String) -> String?,
        set: @escaping @Sendable (inout Value, String) -> Void, render: @escaping @Sendable (Value) -> String?
    ) -> Self {
        Self(
            name: name, summary: summary, example: example,
            apply: { value, target in
                guard let text = value.string else { return "expected a string" }
                if let problem = check(text) { return problem }
                set(&target, text)
                return nil
            }, render: render)
    }
}
