/// Reads `itunes:duration` values: `3600`, `61:05`, `1:01:05`, `1:01:05.5`, `3600.5`, `1h 2m 3s`.
enum FeedDuration {
    /// The duration in seconds, or nil when the text is not a duration (or names one too long for a Double).
    static func seconds(_ text: String) -> Double? {
        if let clock = clockDuration(text) { return clock }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        if trimmed.utf8.contains(UInt8(ascii: ":")) {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 3 else { return nil }
            var total = 0.0
            for (index, part) in parts.enumerated() {
                let isLast = index == parts.count - 1
                guard let value = isLast ? Double(part) : Double(Int(part) ?? -1), value >= 0 else { return nil }
                total = total * 60 + value
            }
            return total.isFinite ? total : nil
        }
        if let plain = Double(trimmed) { return plain >= 0 && plain.isFinite ? plain : nil }
        return unitDuration(trimmed.lowercased())
    }

    /// `3600`, `61:05` or `1:01:05` written with digits and colons only (nearly every feed), read
    /// without splitting; nil for anything else, which `seconds` then reads the long way.
    private static func clockDuration(_ text: String) -> Double? {
        var total = 0
        var field = 0
        var digits = 0
        var fields = 1
        for byte in text.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                guard digits < 12 else { return nil }
                field = field * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if byte == UInt8(ascii: ":") && digits > 0 && fields < 3 {
                total = total * 60 + field
                field = 0
                digits = 0
                fields += 1
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        return Double(total * 60 + field)
    }

    /// `1h 2m 3s`, `45 min`, `90 sec`.
    private static func unitDuration(_ text: String) -> Double? {
        var total = 0.0
        var number = ""
        var matched = false
        var unit = ""
        func flush() -> Bool {
            guard !number.isEmpty else { return unit.isEmpty }
            guard let value = Double(number) else { return false }
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": total += value * 3600
            case "m", "min", "mins", "minute", "minutes": total += value * 60
            case "s", "sec", "secs", "second", "seconds", "": total += value
            default: return false
            }
            matched = true
            number = ""
            unit = ""
            return true
        }
        for character in text {
            if character.isNumber || character == "." {
                if !unit.isEmpty { guard flush() else { return nil } }
                number.append(character)
            } else if character.isLetter {
                unit.append(character)
            } else if character == " " {
                continue
            } else {
                return nil
            }
        }
        guard flush(), matched, total.isFinite else { return nil }
        return total
    }
}
