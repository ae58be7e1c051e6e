import Foundation
import PodcastKit

/// How a comparison of two fetches (`skip_inserted`) is told: one line for people, an object for programs; shared by
/// `download` and `inspect-ads`.
package enum InsertedText {
    /// `daily/3: 2 inserted stretches (0:45–1:15, 10:02–10:20; 48 s) left out when played`, and the other outcomes.
    package static func line(_ ref: String, _ comparison: InsertedComparison?) -> String {
        guard let comparison else {
            return "\(ref): not compared with a second fetch (skip_inserted = true compares the downloads made from then on)"
        }
        guard comparison.related else {
            return "\(ref): a second fetch shared too little audio with the download to compare them; nothing is left out"
        }
        guard !comparison.stretches.isEmpty else { return "\(ref): a second fetch held the same audio; nothing was inserted" }
        let count = comparison.stretches.count
        let spans = comparison.stretches.map { "\(ClockText.of($0.lowerBound))–\(ClockText.of($0.upperBound))" }
        let seconds = Int((comparison.share * comparison.keptSeconds).rounded())
        let found = "\(count) inserted stretch\(count == 1 ? "" : "es") (\(spans.joined(separator: ", ")); \(seconds) s)"
        return comparison.skipped.isEmpty
            ? "\(ref): \(found) take \(Int((comparison.share * 100).rounded())) % of the episode, more than a quarter: none is left out"
            : "\(ref): \(found) left out when played"
    }

    /// `{ref, compared, compared_at, related, share, skipped, inserted: [{from, to}]}`.
    package static func data(_ ref: String, _ comparison: InsertedComparison?) -> JSONValue {
        guard let comparison else { return .object([("ref", .string(ref)), ("compared", .bool(false))]) }
        return .object([
            ("ref", .string(ref)), ("compared", .bool(true)), ("compared_at", .string(ISO8601.string(comparison.comparedAt))),
            ("related", .bool(comparison.related)), ("share", .number(comparison.share)),
            ("skipped", .bool(!comparison.skipped.isEmpty)),
            ("inserted", .array(comparison.stretches.map { .object([("from", .number($0.lowerBound)), ("to", .number($0.upperBound))]) })),
        ])
    }
}
