import PodcastKit
import TOMLKit

/// A table of config.toml that sets one setting for particular shows, by show slug (`[show_speed]`,
/// `[show_auto_download]`): the older form of a `[shows.SLUG]` key, read into the same place.
struct ShowTable: Sendable {
    let name: String
    /// What the file documents for it.
    let summary: String
    let example: String
    /// The key of `[shows.SLUG]` it sets.
    let key: String
    /// Reads one show's value into the settings; returns what was wrong with it, or nil.
    let apply: @Sendable (_ show: String, _ value: any TOMLValueConvertible, inout Settings) -> String?

    static let all: [ShowTable] = [
        ShowTable(
            name: "show_speed", summary: "speeds for particular shows, by show slug (see podline shows)",
            example: "\"some-show\" = 1.5", key: "speed",
            apply: { show, value, settings in
                guard let speed = ConfigKey.number(value, in: Player.speedRange) else { return ConfigKey.speedProblem }
                settings.shows[show, default: ShowSettings()].speed = speed
                return nil
            }),
        ShowTable(
            name: "show_auto_download", summary: "auto_download for particular shows, by show slug",
            example: "\"some-show\" = 3", key: "auto_download",
            apply: { show, value, settings in
                guard let count = value.int, ConfigKey.autoDownloadRange.contains(count) else { return ConfigKey.autoDownloadProblem }
                settings.shows[show, default: ShowSettings()].autoDownload = count
                return nil
            }),
    ]
}
