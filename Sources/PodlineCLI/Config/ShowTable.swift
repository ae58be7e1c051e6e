import PodcastKit
import TOMLKit

/// A table of config.toml that sets one setting for particular shows, by show slug (`[show_speed]`,
/// `[show_auto_download]`): how it is read, where it is kept and how `podline config` prints it.
struct ShowTable: Sendable {
    let name: String
    /// What the file documents for it.
    let summary: String
    let example: String
    /// Reads one show's value into the settings; returns what was wrong with it, or nil.
    let apply: @Sendable (_ show: String, _ value: any TOMLValueConvertible, inout Settings) -> String?
    /// Each show's value, rendered as TOML, by slug.
    let values: @Sendable (Settings) -> [String: String]

    static let all: [ShowTable] = [
        ShowTable(
            name: "show_speed", summary: "speeds for particular shows, by show slug (see podline shows)",
            example: "\"some-show\" = 1.5",
            apply: { show, value, settings in
                guard let speed = ConfigKey.number(value, in: Player.speedRange) else { return ConfigKey.speedProblem }
                settings.showSpeeds[show] = speed
                return nil
            },
            values: { $0.showSpeeds.mapValues(ConfigKey.format) }),
        ShowTable(
            name: "show_auto_download", summary: "auto_download for particular shows, by show slug",
            example: "\"some-show\" = 3",
            apply: { show, value, settings in
                guard let count = value.int, ConfigKey.autoDownloadRange.contains(count) else { return ConfigKey.autoDownloadProblem }
                settings.showAutoDownloads[show] = count
                return nil
            },
            values: { $0.showAutoDownloads.mapValues { String($0) } }),
    ]
}
