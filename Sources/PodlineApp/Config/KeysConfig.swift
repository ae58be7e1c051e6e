import Playback

/// `[keys]` of config.toml: the full-screen view's keys, by action name.
package enum KeysConfig {
    package static let section = ConfigSection<[String: String]>(
        table: "keys",
        summary:
            "the keys of podline tui, action = \"key\" (a character, C-x, or space, enter, tab, up, down, left, right, home, end, pgup, pgdn, delete)",
        keys: KeyAction.allCases.map { action in
            ConfigSection.Key(
                name: action.rawValue, summary: action.summary,
                example: ConfigKey.quoted(action.defaultKeys.first?.name ?? ""),
                apply: { value, keys in
                    guard let text = value.string, KeyPress(name: text) != nil else {
                        return "expected a key: a character, C-x, or a key's name (space, enter, tab, up, pgdn, …)"
                    }
                    keys[action.rawValue] = text
                    return nil
                }, render: { $0[action.rawValue].map(ConfigKey.quoted) })
        },
        required: [])

    /// The error for a key that `keys` (action name to key name, each already checked) would give to two actions: one
    /// line naming the key and both actions, at the line of the later of the two; nil when each key does one action.
    package static func clash(in keys: [String: String], text: String, path: String) -> ConfigError? {
        func line(_ action: KeyAction) -> Int? { KeyLines.line(of: action.rawValue, inTable: section.table, text: text) }
        let overrides = keys.compactMap { name, key in
            KeyAction(rawValue: name).flatMap { action in KeyPress(name: key).map { (action: action, key: $0) } }
        }
        .sorted { (line($0.action) ?? .max, $0.action.rawValue) < (line($1.action) ?? .max, $1.action.rawValue) }
        guard let clash = KeyMap.clash(overrides) else { return nil }
        let other = clash.other.rawValue + (clash.byDefault ? " (by default)" : line(clash.other).map { " (line \($0))" } ?? "")
        return ConfigError(
            path: path, line: line(clash.action), key: "\(section.table).\(clash.action.rawValue)",
            problem:
                "\(ConfigKey.quoted(clash.key.name)) is already the key of \(other); a key does one action: "
                + "give \(clash.action.rawValue) or \(clash.other.rawValue) another key")
    }
}
