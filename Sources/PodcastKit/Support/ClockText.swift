/// A time as a listener reads it on a clock: `3725` as `1:02:05`, `65` as `1:05`.
public enum ClockText {
    /// `seconds` rounded to the second, with hours only when there are some.
    public static func of(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }
}
