import PodcastKit

/// One show's settings as they are in force: each key's value and where it comes from (the show's own table, the
/// general key, or the built-in default), for `podline show`.
struct ShowSettingsListing {
    /// Each key, its value as TOML (nil: none), and its source.
    let entries: [(key: String, value: String?, source: String)]

    init(config: ConfigFile, show: String) {
        let own = config.settings.show(show)
        let general = config.settings
        entries = ShowSettingKey.all.map { setting in
            let ownKey = "shows.\(show).\(setting.name)"
            if let value = setting.render(own) { return (setting.name, value, config.sources[ownKey] ?? "config.toml") }
            let fallback: (String?, String)
            switch setting.name {
            case "speed": fallback = (ConfigKey.format(general.speed), "speed")
            case "skip_silence": fallback = (String(general.skipSilence), "skip_silence")
            case "normalize": fallback = (String(general.normalize), "normalize")
            case "auto_download": fallback = (String(general.autoDownload), "auto_download")
            default: fallback = (nil, "")
            }
            guard let value = fallback.0 else { return (setting.name, nil, "not set") }
            return (setting.name, value, "the general \(fallback.1) (\(config.sources[fallback.1] ?? "default"))")
        }
    }

    /// `  speed = 1.4  (config.toml line 3)`, a line a key.
    var lines: [String] {
        entries.map { entry in "  \(entry.key) = \(entry.value ?? "-")  (\(entry.source))" }
    }

    /// `{key: {"value", "source"}}`, values as JSON numbers, booleans or null.
    var json: JSONValue {
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
