import Foundation

/// Times of day as a listener reads them, in the local time zone.
public enum LocalTime {
    /// "at 15:00 (in 2 h 5 min)", "at 2026-12-01 15:00 (in 2 days)", or "at 14:00 (5 min ago)".
    public static func relative(_ date: Date, from now: Date = Date()) -> String {
        let seconds = date.timeIntervalSince(now)
        let span = abs(seconds)
        let amount: String
        switch span {
        case ..<60: amount = "less than a minute"
        case ..<3600: amount = "\(Int(span / 60)) min"
        case ..<(48 * 3600): amount = "\(Int(span / 3600)) h \(Int(span.truncatingRemainder(dividingBy: 3600) / 60)) min"
        default: amount = "\(Int(span / 86400)) days"
        }
        let shown = Calendar.current.isDate(date, inSameDayAs: now) ? clock(date) : "\(day(date)) \(clock(date))"
        return seconds >= 0 ? "at \(shown) (in \(amount))" : "at \(shown) (\(amount) ago)"
    }

    /// The time of day, "15:00", or "15:00:07" `withSeconds`.
    public static func clock(_ date: Date, withSeconds: Bool = false) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        let minutes = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        return withSeconds ? minutes + String(format: ":%02d", parts.second ?? 0) : minutes
    }

    /// The date, "2026-12-01".
    public static func day(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
