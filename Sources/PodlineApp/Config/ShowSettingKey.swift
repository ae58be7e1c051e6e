import Playback
import PodcastKit
import TOMLKit

/// One key of a show's own settings: in a `[shows.SLUG]` table of config.toml, and in `podline show SLUG set KEY
/// VALUE`, which writes it there. How it reads, renders and names its values, in one place.
package struct ShowSettingKey: Sendable {
    package let name: String
    /// What a value must be, for messages and the documented file.
    package let expected: String
    /// Reads a TOML value into one show's settings; false when it is not what `expected` says.
    package let apply: @Sendable (any TOMLValueConvertible, inout ShowSettings) -> Bool
    /// The show's value rendered as TOML, nil when it has none.
    package let render: @Sendable (ShowSettings) -> String?

    /// Every key, in the order `podline show` lists them.
    package static let all: [ShowSettingKey] = [
        number("speed", in: Player.speedRange, \.speed),
        switchKey("skip_silence", \.skipSilence),
        switchKey("normalize", \.normalize),
        switchKey("voice_boost", \.voiceBoost),
        switchKey("skip_inserted", \.skipInserted),
        switchKey("skip_inserted_streams", \.skipInsertedStreams),
        number("volume", in: Player.volumeRange, \.volume),
        number("skip_intro", in: 0...86_400, \.skipIntro, seconds: true),
        number("skip_outro", in: 0...86_400, \.skipOutro, seconds: true),
        ShowSettingKey(
            name: "prefer_format", expected: ConfigKey.preferredFormatsExpected + " for the general setting",
            apply: { value, show in
                guard let formats = ConfigKey.preferredFormats(value) else { return false }
                show.preferFormats = formats.isEmpty ? nil : formats
                return true
            }, render: { $0.preferFormats.map(ConfigKey.render(formats:)) }),
        rule(
            "max_bitrate", ConfigKey.bitrateExpected, { ConfigKey.number($0, in: ConfigKey.bitrateRange) }, \.maxBitrate, ConfigKey.format),
        ShowSettingKey(
            name: "auto_download", expected: ConfigKey.autoDownloadExpected,
            apply: { value, show in
                guard let count = value.int, ConfigKey.autoDownloadRange.contains(count) else { return false }
                show.autoDownload = count
                return true
            }, render: { $0.autoDownload.map(String.init) }),
        rule("skip_chapters", RuleValues.patternsExpected, RuleValues.patterns, \.skipChapters, RuleValues.render(patterns:)),
        rule("skip_phrases", RuleValues.phrasesExpected, RuleValues.phrases, \.skipPhrases, RuleValues.render(patterns:)),
        rule("download_include", RuleValues.patternsExpected, RuleValues.patterns, \.downloadInclude, RuleValues.render(patterns:)),
        rule("download_exclude", RuleValues.patternsExpected, RuleValues.patterns, \.downloadExclude, RuleValues.render(patterns:)),
        rule("download_min_duration", RuleValues.durationExpected, RuleValues.duration, \.downloadMinDuration, ConfigKey.format),
        rule("download_max_duration", RuleValues.durationExpected, RuleValues.duration, \.downloadMaxDuration, ConfigKey.format),
        rule("auto_add", RuleValues.playlistExpected, RuleValues.playlist, \.autoAdd, ConfigKey.quoted),
        rule("auto_add_at", RuleValues.placeExpected, RuleValues.atHead, \.autoAddAtHead, RuleValues.render(atHead:)),
        rule("retention", RuleValues.retentionExpected, RuleValues.retention, \.retention, String.init),
        rule("delete_played_after", RuleValues.ageExpected, RuleValues.age, \.deletePlayedAfter, RuleValues.render(age:)),
    ]

    /// The key named `name`.
    package static func named(_ name: String) -> ShowSettingKey? { all.first { $0.name == name } }

    /// A number in `range` (seconds: a TIME such as "1:30" too).
    private static func number(
        _ name: String, in range: ClosedRange<Double>, _ path: WritableKeyPath<ShowSettings, Double?> & Sendable, seconds: Bool = false
    ) -> ShowSettingKey {
        ShowSettingKey(
            name: name, expected: seconds ? "seconds (or a TIME such as \"1:30\")" : ConfigKey.numberExpected(in: range),
            apply: { value, show in
                let number = value.double ?? value.int.map(Double.init) ?? (seconds ? value.string.flatMap(TimeSpec.seconds) : nil)
                guard let number, range.contains(number) else { return false }
                show[keyPath: path] = number
                return true
            }, render: { $0[keyPath: path].map(ConfigKey.format) })
    }

    /// A key of the download or retention rules, read and rendered as the general key is.
    private static func rule<Value: Sendable>(
        _ name: String, _ expected: String, _ read: @escaping @Sendable (any TOMLValueConvertible) -> Value?,
        _ path: WritableKeyPath<ShowSettings, Value?> & Sendable, _ render: @escaping @Sendable (Value) -> String
    ) -> ShowSettingKey {
        ShowSettingKey(
            name: name, expected: expected,
            apply: { value, show in
                guard let read = read(value) else { return false }
                show[keyPath: path] = read
                return true
            }, render: { $0[keyPath: path].map(render) })
    }

    /// true or false.
    private static func switchKey(_ name: String, _ path: WritableKeyPath<ShowSettings, Bool?> & Sendable) -> ShowSettingKey {
        ShowSettingKey(
            name: name, expected: "true or false",
            apply: { value, show in
                guard let on = value.bool else { return false }
                show[keyPath: path] = on
                return true
            }, render: { $0[keyPath: path].map { $0 ? "true" : "false" } })
    }
}
