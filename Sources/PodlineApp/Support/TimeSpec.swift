import Foundation

/// Parses the TIME forms of the command language: `90`, `90s`, `5m`, `2h`, `1:30`, `1:02:03`, `1.5`.
public enum TimeSpec {
    /// Seconds for `text`, or nil when it is not a TIME.
    public static func seconds(_ text: String) -> Double? {
        // Trimmed by hand: Foundation's character sets cost a player's start a million instructions on first use.
        var trimmed = Substring(text)
        while let first = trimmed.first, first.isWhitespace, !first.isNewline { trimmed.removeFirst() }
        while let last = trimmed.last, last.isWhitespace, !last.isNewline { trimmed.removeLast() }
        guard !trimmed.isEmpty else { return nil }
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 3, let last = Double(parts.last!), last >= 0, last < 60 || parts.count == 1 else { return nil }
            var total = last
            var scale = 60.0
            for part in parts.dropLast().reversed() {
                guard let whole = Int(part), whole >= 0 else { return nil }
                if scale == 60, parts.count == 3, whole >= 60 { return nil }
                total += Double(whole) * scale
                scale *= 60
            }
            return total
        }
        let units: [(Character, Double)] = [("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where trimmed.last == suffix {
            guard let value = Double(trimmed.dropLast()), value >= 0, (value * scale).isFinite else { return nil }
            return value * scale
        }
        guard let value = Double(trimmed), value >= 0, value.isFinite else { return nil }
        return value
    }

    /// Seconds in an age: `30d`, `2w`, or a TIME (`12h`, `90m`).
    public static func age(_ text: String) -> Double? {
        let units: [Character: Double] = ["d": 86_400, "w": 604_800]
        if let last = text.last, let scale = units[last], let value = Double(text.dropLast()), value >= 0, value.isFinite {
            return value * scale
        }
        return seconds(text)
    }

    /// An age as `age` reads it, in the largest unit that divides it: `2w`, `3d`, `12h`, `90m`, `45s`.
    public static func ageText(_ seconds: Double) -> String {
        let units: [(String, Double)] = [("w", 604_800), ("d", 86_400), ("h", 3600), ("m", 60)]
        for (unit, scale) in units where seconds >= scale && (seconds / scale).rounded() == seconds / scale {
            return "\(Int(seconds / scale))\(unit)"
        }
        return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
    }
}
