import Playback
import PodcastKit
import TOMLKit

/// A table of config.toml that sets one setting for particular shows, by show slug (`[show_speed]`,
/// `[show_auto_download]`): the older form of a `[shows.SLUG]` key, read into the same place.
package struct ShowTable: Sendable {
    package let name: String
    /// What the file documents for it.
    package let summary: String
    package let example: String
    /// The key of `[shows.SLUG]` it sets.
    package let key: String
    /// Reads one show's value into the settings, as `[shows.SLUG]` reads its key; returns what was wrong with it, or nil.
    package func apply(show: String, value: any TOMLValueConvertible, to settings: inout Settings) -> String? {
        let setting = ShowSettingKey.named(key)!
        return setting.apply(value, &settings.shows[show, default: ShowSettings()]) ? nil : "expected \(setting.expected)"
    }

    package static let all: [ShowTable] = [
        ShowTable(
            name: "show_speed", summary: "speeds for particular shows, by show slug (see podline shows)",
            example: "\"some-show\" = 1.5", key: "speed"),
        ShowTable(
            name: "show_auto_download", summary: "auto_download for particular shows, by show slug",
            example: "\"some-show\" = 3", key: "auto_download"),
    ]
}
