import PodcastKit

/// One show's settings as they are in force: each key's value and where it comes from (the show's own table, the
/// general key, or the built-in default), for `podline show`.
package struct ShowSettingsListing {
    /// Each key, its value as TOML (nil: none), and its source.
    package let entries: [(key: String, value: String?, source: String)]

    package init(config: ConfigFile, show: String) {
        let own = config.settings.show(show)
        entries = ShowSettingKey.all.map { setting in
            let ownKey = "shows.\(show).\(setting.name)"
            if let value = setting.render(own) { return (setting.name, value, config.sources[ownKey] ?? "config.toml") }
            // A show setting falls back on the general key of the same name, where there is one.
            guard let general = ConfigKey.all.first(where: { $0.name == setting.name }) else { return (setting.name, nil, "not set") }
            return (
                setting.name, general.render(config.settings),
                "the general \(general.name) (\(config.sources[general.name] ?? "default"))"
            )
        }
    }

    /// `  speed = 1.4  (config.toml line 3)`, a line a key.
    package var lines: [String] {
        entries.map { entry in "  \(entry.key) = \(entry.value ?? "-")  (\(entry.source))" }
    }

    /// `{key: {"value", "source"}}`, values as JSON numbers, booleans or null.
    package var json: JSONValue {
        .object(
            entries.map { entry in
                let value: JSONValue =
                    switch entry.value {
                    case nil: .null
                    case "true"?: .bool(true)
                    case "false"?: .bool(false)
                    case let text?: Double(text).map { .number($0) } ?? .string(text)
                    }
                return (entry.key, .object([("value", value), ("source", .string(entry.source))]))
            })
    }
}
