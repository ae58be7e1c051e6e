import Playback

/// `[keys]` of config.toml: the full-screen view's keys, by action name.
enum KeysConfig {
    static let section = ConfigSection<[String: String]>(
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
}
