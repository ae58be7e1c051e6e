import Foundation
import Playback
import PodcastKit
import TOMLKit

/// One key of config.toml: its name, what it means, and how a value is read into the settings.
package struct ConfigKey: Sendable {
    package let name: String
    package let summary: String
    /// Reads a TOML value into the settings; returns what was wrong with it, or nil.
    package let apply: @Sendable (any TOMLValueConvertible, inout Settings) -> String?
    /// The current value, rendered as TOML.
    package let render: @Sendable (Settings) -> String

    /// Every key, in the order `podline config` prints them.
    package static let all: [ConfigKey] = [
        ConfigKey(
            name: "output", summary: "audio output: default, pulse, pulse:SERVER, alsa, null, wav:FILE, au:FILE, raw:FILE",
            apply: { value, settings in
                guard let text = value.string else { return "expected a string" }
                let driver = text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
                let files = ["wav", "au", "raw", "pulse"]
                guard ["default", "pulse", "alsa", "null"].contains(text) || (files.contains(driver) && text.count > driver.count + 1)
                else {
                    return "expected default, pulse, pulse:SERVER, alsa, null, wav:FILE, au:FILE or raw:FILE, got \"\(text)\""
                }
                settings.output = text
                return nil
            }, render: { quoted($0.output) }),
        ConfigKey(
            name: "speed", summary: "playback speed, \(Player.speedRange.text)",
            apply: { value, settings in
                number(value, in: Player.speedRange).map { settings.speed = $0 } == nil ? speedProblem : nil
            }, render: { format($0.speed) }),
        switchKey("skip_silence", summary: "shorten long pauses (true or false)", \.skipSilence),
        switchKey(
            "skip_inserted",
            summary: "fetch each download twice and leave out of playback what one fetch has and the other lacks (true or false)",
            \.skipInserted),
        switchKey(
            "skip_inserted_streams",
            summary:
                "keep each streamed episode whole as it comes, fetch it again, and leave out of the rest of it what one fetch has and the other lacks (true or false)",
            \.skipInsertedStreams),
        ConfigKey(
            name: "prefer_format",
            summary:
                "when a feed offers an episode in several files, the format to play: \(MediaFormat.names), an array of them in order, or \"\" for the feed's first",
            apply: { value, settings in
                guard let formats = preferredFormats(value) else { return "expected " + preferredFormatsExpected }
                settings.preferFormats = formats
                return nil
            }, render: { render(formats: $0.preferFormats) }),
        ConfigKey(
            name: "max_bitrate",
            summary: "when a feed offers an episode in several files, the highest bit rate to play, in kb/s (0: no limit)",
            apply: { value, settings in
                number(value, in: bitrateRange).map { settings.maxBitrate = $0 } == nil ? "expected " + bitrateExpected : nil
            }, render: { format($0.maxBitrate) }),
        switchKey("normalize", summary: "even out the loudness of every episode to loudness_target (true or false)", \.normalize),
        switchKey(
            "voice_boost", summary: "boost voices: speech equalised, quiet voices brought up to loud ones (true or false)", \.voiceBoost),
        ConfigKey(
            name: "loudness_target", summary: "the loudness normalize reaches, in LUFS, \(loudnessRange.text)",
            apply: { value, settings in
                number(value, in: loudnessRange).map { settings.loudnessTarget = $0 } == nil
                    ? "expected a number of LUFS from \(loudnessRange.lowerBound) to \(loudnessRange.upperBound)" : nil
            }, render: { format($0.loudnessTarget) }),
        switchKey(
            "replaygain", summary: "normalize trusts an episode's ReplayGain or RVA tag rather than measuring it (true or false)",
            \.replayGain),
        ConfigKey(
            name: "skip_forward", summary: "seconds (or a TIME such as \"1:00\") that skip moves forward",
            apply: { value, settings in
                time(value).map { settings.skipForward = $0 } == nil ? "expected seconds or a TIME greater than 0" : nil
            }, render: { format($0.skipForward) }),
        ConfigKey(
            name: "skip_back", summary: "seconds (or a TIME) that back moves back",
            apply: { value, settings in
                time(value).map { settings.skipBack = $0 } == nil ? "expected seconds or a TIME greater than 0" : nil
            }, render: { format($0.skipBack) }),
        ConfigKey(
            name: "rewind_on_resume", summary: "seconds to go back when resuming an episode started earlier",
            apply: { value, settings in
                time(value, allowZero: true).map { settings.rewindOnResume = $0 } == nil ? "expected seconds or a TIME" : nil
            }, render: { format($0.rewindOnResume) }),
        ConfigKey(
            name: "played_margin", summary: "an episode counts as played when fewer seconds than this remain (at most a fifth of it)",
            apply: { value, settings in
                time(value, allowZero: true).map { settings.playedMargin = $0 } == nil ? "expected seconds or a TIME" : nil
            }, render: { format($0.playedMargin) }),
        ConfigKey(
            name: "update_jobs", summary: "feeds refreshed at once by update, 1-32",
            apply: { value, settings in
                guard let jobs = value.int, (1...32).contains(jobs) else { return "expected a whole number from 1 to 32" }
                settings.updateJobs = jobs
                return nil
            }, render: { String($0.updateJobs) }),
        ConfigKey(
            name: "download_dir", summary: "where downloads go (empty: the library's episodes folder)",
            apply: { value, settings in
                guard let text = value.string else { return "expected a string" }
                settings.downloadDirectory = text.hasPrefix("~/") ? homeDirectory() + String(text.dropFirst()) : text
                return nil
            }, render: { quoted($0.downloadDirectory) }),
        ConfigKey(
            name: "retention", summary: "the newest downloads kept per show: played ones older are deleted (0 keeps all)",
            apply: { value, settings in
                RuleValues.retention(value).map { settings.retention = $0 } == nil ? "expected " + RuleValues.retentionExpected : nil
            }, render: { String($0.retention) }),
        ConfigKey(
            name: "delete_played_after", summary: "how long after being played a download is deleted, such as \"7d\" (0: never)",
            apply: { value, settings in
                RuleValues.age(value).map { settings.deletePlayedAfter = $0 } == nil ? "expected " + RuleValues.ageExpected : nil
            }, render: { RuleValues.render(age: $0.deletePlayedAfter) }),
        ConfigKey(
            name: "auto_download", summary: "new episodes of each show that update downloads after refreshing it (0: none)",
            apply: { value, settings in
                guard let count = value.int, autoDownloadRange.contains(count) else { return autoDownloadProblem }
                settings.autoDownload = count
                return nil
            }, render: { String($0.autoDownload) }),
        ConfigKey(
            name: "skip_phrases", summary: "phrases: a transcript cue that says one is left out of playback, to its break's end",
            apply: { value, settings in
                RuleValues.phrases(value).map { settings.skipPhrases = $0 } == nil ? "expected " + RuleValues.phrasesExpected : nil
            }, render: { RuleValues.render(patterns: $0.skipPhrases) }),
        ConfigKey(
            name: "skip_chapters", summary: "regular expressions: chapters whose title matches one are left out of playback",
            apply: { value, settings in
                RuleValues.patterns(value).map { settings.skipChapters = $0 } == nil ? "expected " + RuleValues.patternsExpected : nil
            }, render: { RuleValues.render(patterns: $0.skipChapters) }),
        switchKey(
            "notify", summary: "after a scheduled update (update --notify) that found new episodes, a desktop notification says so",
            \.notify),
        ConfigKey(
            name: "auto_add",
            summary: "the named playlist update adds each show's new episodes to, those the download filters match (\"\": none)",
            apply: { value, settings in
                RuleValues.playlist(value).map { settings.autoAdd = $0 } == nil ? "expected " + RuleValues.playlistExpected : nil
            }, render: { quoted($0.autoAdd) }),
        ConfigKey(
            name: "auto_add_at", summary: "where auto_add puts them: \"head\" or \"tail\"",
            apply: { value, settings in
                RuleValues.atHead(value).map { settings.autoAddAtHead = $0 } == nil ? "expected " + RuleValues.placeExpected : nil
            }, render: { RuleValues.render(atHead: $0.autoAddAtHead) }),
        ConfigKey(
            name: "download_include", summary: "regular expressions: update downloads only episodes whose title matches one",
            apply: { value, settings in
                RuleValues.patterns(value).map { settings.downloadInclude = $0 } == nil ? "expected " + RuleValues.patternsExpected : nil
            }, render: { RuleValues.render(patterns: $0.downloadInclude) }),
        ConfigKey(
            name: "download_exclude", summary: "regular expressions: update never downloads an episode whose title matches one",
            apply: { value, settings in
                RuleValues.patterns(value).map { settings.downloadExclude = $0 } == nil ? "expected " + RuleValues.patternsExpected : nil
            }, render: { RuleValues.render(patterns: $0.downloadExclude) }),
        ConfigKey(
            name: "download_min_duration", summary: "the shortest episode update downloads, such as \"10m\" (0: no limit)",
            apply: { value, settings in
                RuleValues.duration(value).map { settings.downloadMinDuration = $0 } == nil
                    ? "expected " + RuleValues.durationExpected : nil
            }, render: { format($0.downloadMinDuration) }),
        ConfigKey(
            name: "download_max_duration", summary: "the longest episode update downloads, such as \"1:30:00\" (0: no limit)",
            apply: { value, settings in
                RuleValues.duration(value).map { settings.downloadMaxDuration = $0 } == nil
                    ? "expected " + RuleValues.durationExpected : nil
            }, render: { format($0.downloadMaxDuration) }),
    ]

    /// What is wrong with a speed out of range.
    package static let speedProblem = "expected " + numberExpected(in: Player.speedRange)

    /// What a number in `range` must be, as errors say it.
    package static func numberExpected(in range: ClosedRange<Double>) -> String {
        "a number from \(range.lowerBound) to \(range.upperBound)"
    }

    /// A key that is true or false, kept at `path`.
    private static func switchKey(_ name: String, summary: String, _ path: WritableKeyPath<Settings, Bool> & Sendable) -> ConfigKey {
        ConfigKey(
            name: name, summary: summary,
            apply: { value, settings in value.bool.map { settings[keyPath: path] = $0 } == nil ? "expected true or false" : nil },
            render: { String($0[keyPath: path]) })
    }

    /// The loudness targets normalisation can aim at, in LUFS.
    package static let loudnessRange: ClosedRange<Double> = -36 ... -6

    /// How many new episodes of a show `auto_download` may name.
    package static let autoDownloadRange = 0...100
    /// What an `auto_download` must be.
    package static let autoDownloadExpected = "a whole number from 0 to 100"
    /// What is wrong with an `auto_download` out of range.
    package static let autoDownloadProblem = "expected " + autoDownloadExpected

    package static func number(_ value: any TOMLValueConvertible, in range: ClosedRange<Double>) -> Double? {
        guard let number = value.double ?? value.int.map(Double.init), range.contains(number) else { return nil }
        return number
    }

    private static func time(_ value: any TOMLValueConvertible, allowZero: Bool = false) -> Double? {
        let seconds = value.double ?? value.int.map(Double.init) ?? value.string.flatMap(TimeSpec.seconds)
        guard let seconds, seconds.isFinite, seconds > 0 || (allowZero && seconds == 0), seconds <= 86_400 else { return nil }
        return seconds
    }

    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// What `prefer_format` must be.
    package static let preferredFormatsExpected = "\(MediaFormat.names), an array of them such as [\"opus\", \"mp3\"], or \"\""

    /// A `prefer_format` value: one format's name (`MediaFormat(name:)`) or an array of them, in order; none for "";
    /// nil when one is no such name.
    package static func preferredFormats(_ value: any TOMLValueConvertible) -> [MediaFormat]? {
        let names: [String]
        if let text = value.string {
            names = text.trimmingCharacters(in: .whitespaces).isEmpty ? [] : [text]
        } else if let array = value.array {
            names = array.compactMap(\.string)
            guard names.count == array.count else { return nil }
        } else {
            return nil
        }
        var formats: [MediaFormat] = []
        for name in names {
            guard let format = MediaFormat(name: name.trimmingCharacters(in: .whitespaces)) else { return nil }
            formats.append(format)
        }
        return formats
    }

    /// Formats as `prefer_format` takes them: one name, or an array.
    package static func render(formats: [MediaFormat]) -> String {
        formats.count == 1 ? quoted(formats[0].rawValue) : "[" + formats.map { quoted($0.rawValue) }.joined(separator: ", ") + "]"
    }

    /// The bit rates `max_bitrate` takes, in kb/s, and what it must be.
    package static let bitrateRange = 0.0...100_000
    package static let bitrateExpected = "a bit rate in kb/s such as 96 (0: no limit)"

    package static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func homeDirectory() -> String {
        ProcessEnvironment.value("HOME") ?? NSHomeDirectory()
    }
}
