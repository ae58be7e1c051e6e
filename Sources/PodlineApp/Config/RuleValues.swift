import PodcastKit
import TOMLKit

/// How the values of the download and retention rules read and render, for config.toml's general keys and each
/// show's own alike: regular expressions, ages and durations.
package enum RuleValues {
    /// What a list of patterns must be.
    package static let patternsExpected = "a regular expression or an array of them, such as [\"(?i)trailer\", \"^Bonus\"]"

    /// Regular expressions: one string, or an array of strings; nil when one is not a regular expression.
    package static func patterns(_ value: any TOMLValueConvertible) -> [String]? {
        guard let texts = strings(value) else { return nil }
        return texts.allSatisfy(DownloadRule.isValidPattern) ? texts : nil
    }

    /// What a list of phrases must be.
    package static let phrasesExpected = "a phrase or an array of them, such as [\"brought to you by\"]"

    /// Phrases: one string, or an array of strings, none of them blank.
    package static func phrases(_ value: any TOMLValueConvertible) -> [String]? {
        guard let texts = strings(value) else { return nil }
        return texts.allSatisfy { !$0.allSatisfy(\.isWhitespace) } ? texts : nil
    }

    /// One string as a list of one, or an array of strings; nil for anything else.
    private static func strings(_ value: any TOMLValueConvertible) -> [String]? {
        if let text = value.string { return [text] }
        guard let array = value.array else { return nil }
        var strings: [String] = []
        for element in array {
            guard let text = element.string else { return nil }
            strings.append(text)
        }
        return strings
    }

    /// Patterns as a TOML array.
    package static func render(patterns: [String]) -> String {
        "[" + patterns.map(ConfigKey.quoted).joined(separator: ", ") + "]"
    }

    /// What an age must be.
    package static let ageExpected = "an age such as \"7d\", \"2w\" or \"12h\" (0: never)"

    /// Seconds in an age (`"7d"`), or 0; nil when it is not an age.
    package static func age(_ value: any TOMLValueConvertible) -> Double? {
        if value.int == 0 { return 0 }
        guard let seconds = value.string.flatMap(TimeSpec.age), seconds.isFinite else { return nil }
        return seconds
    }

    /// An age as TOML (`"7d"`), or 0.
    package static func render(age: Double) -> String {
        age > 0 ? ConfigKey.quoted(TimeSpec.ageText(age)) : "0"
    }

    /// What a duration must be.
    package static let durationExpected = "a duration such as \"40m\" or \"1:30:00\", or seconds (0: no limit)"

    /// Seconds in a duration (a TIME or a number of seconds); nil when it is not one.
    package static func duration(_ value: any TOMLValueConvertible) -> Double? {
        let seconds = value.double ?? value.int.map(Double.init) ?? value.string.flatMap(TimeSpec.seconds)
        guard let seconds, seconds.isFinite, seconds >= 0 else { return nil }
        return seconds
    }

    /// What a retention count must be.
    package static let retentionExpected = "a whole number, 0 or more (0 keeps all)"

    /// A retention count; nil when it is not one.
    package static func retention(_ value: any TOMLValueConvertible) -> Int? {
        guard let count = value.int, count >= 0 else { return nil }
        return count
    }

    /// What `auto_add` must be.
    package static let playlistExpected = "a named playlist's name (\"\": none)"

    /// A playlist's name for `auto_add`, or "" for none; nil when it cannot name a playlist.
    package static func playlist(_ value: any TOMLValueConvertible) -> String? {
        guard let name = value.string else { return nil }
        return name.isEmpty || PlaylistCommand.problem(withName: name) == nil ? name : nil
    }

    /// What `auto_add_at` must be.
    package static let placeExpected = "\"head\" or \"tail\""

    /// True for "head", false for "tail"; nil for anything else.
    package static func atHead(_ value: any TOMLValueConvertible) -> Bool? {
        switch value.string {
        case "head": true
        case "tail": false
        default: nil
        }
    }

    /// "head" or "tail", as TOML.
    package static func render(atHead: Bool) -> String { atHead ? "\"head\"" : "\"tail\"" }
}
