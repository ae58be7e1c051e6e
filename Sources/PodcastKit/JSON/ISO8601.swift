import Foundation

/// ISO 8601 timestamps in UTC, as the JSON output uses them.
public enum ISO8601 {
    /// `date` as `2024-01-02T03:04:05Z`.
    public static func string(_ date: Date) -> String { FeedDate.iso8601String(date) }
}
