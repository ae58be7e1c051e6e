import Foundation

/// Reads the dates feeds use: RFC 822 (`Tue, 02 Jan 2024 03:04:05 GMT`) with named or numeric zones
/// and its common broken variants (no weekday, no seconds, no zone, `02-Jan-2024`, full month names,
/// two-digit years, AM/PM), and ISO 8601 (`2024-01-02T03:04:05Z`, with fractions or offsets).
enum FeedDate {
    /// The moment `text` names, or nil when it is not a recognisable date.
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        let utf8 = Array(trimmed.utf8)
        if utf8.count >= 10, utf8[0...3].allSatisfy(isDigit), utf8[4] == UInt8(ascii: "-") {
            return iso8601(utf8)
        }
        return canonicalRFC822(utf8) ?? rfc822(trimmed)
    }

    /// The exact form most feeds use, `Tue, 02 Jan 2024 03:04:05 +0000` (or a zone name), read by position.
    private static func canonicalRFC822(_ text: [UInt8]) -> Date? {
        guard text.count >= 29, text[3] == UInt8(ascii: ","), text[4] == 0x20, text[7] == 0x20, text[11] == 0x20,
            text[16] == 0x20, text[19] == UInt8(ascii: ":"), text[22] == UInt8(ascii: ":"), text[25] == 0x20
        else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? { Self.number(text[start..<(start + length)]) }
        let monthName = String(decoding: text[8..<11].map { $0 | 0x20 }, as: UTF8.self)
        guard let day = number(5, 2), let monthIndex = months.firstIndex(of: monthName), let year = number(12, 4),
            let hour = number(17, 2), let minute = number(20, 2), let second = number(23, 2)
        else { return nil }
        let zone = text[26...]
        let offset: Int
        if let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), zone.count == 5,
            let value = Self.number(zone.dropFirst())
        {
            offset = (sign == UInt8(ascii: "-") ? -1 : 1) * ((value / 100) * 3600 + (value % 100) * 60)
        } else if let named = zones[String(decoding: zone.map { $0 | 0x20 }, as: UTF8.self)] {
            offset = named
        } else {
            return nil
        }
        return make(year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: Double(second), offset: offset)
    }

    /// An ISO 8601 timestamp as `2024-01-02T03:04:05Z` in UTC.
    static func iso8601String(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        if (0...9999).contains(year) {
            // The common case, written digit by digit: this runs once per episode in every JSON listing.
            return String(unsafeUninitializedCapacity: 20) { buffer in
                var index = 0
                func put(_ value: Int64, _ width: Int, _ separator: Unicode.Scalar) {
                    var rest = value
                    for offset in stride(from: width - 1, through: 0, by: -1) {
                        buffer[index + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                    buffer[index + width] = UInt8(ascii: separator)
                    index += width + 1
                }
                put(year, 4, "-")
                put(month, 2, "-")
                put(day, 2, "T")
                put(secondOfDay / 3600, 2, ":")
                put(secondOfDay / 60 % 60, 2, ":")
                put(secondOfDay % 60, 2, "Z")
                return index
            }
        }
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }

    // MARK: - ISO 8601

    private static func iso8601(_ text: [UInt8]) -> Date? {
        var index = 0
        func number(_ length: Int) -> Int? {
            guard index + length <= text.count else { return nil }
            var value = 0
            for offset in 0..<length {
                guard isDigit(text[index + offset]) else { return nil }
                value = value * 10 + Int(text[index + offset] - 48)
            }
            index += length
            return value
        }
        func skip(_ byte: Character) -> Bool {
            if index < text.count, text[index] == byte.asciiValue {
                index += 1
                return true
            }
            return false
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2) else { return nil }
        var hour = 0
        var minute = 0
        var second = 0.0
        var offset = 0
        if skip("T") || skip(" ") || skip("t") {
            guard let h = number(2), skip(":"), let m = number(2) else { return nil }
            hour = h
            minute = m
            if skip(":") {
                guard let s = number(2) else { return nil }
                second = Double(s)
                if skip(".") || skip(",") {
                    var scale = 0.1
                    while index < text.count, isDigit(text[index]) {
                        second += Double(text[index] - 48) * scale
                        scale /= 10
                        index += 1
                    }
                }
            }
            _ = skip(" ")
            if skip("Z") || skip("z") {
                offset = 0
            } else if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                let sign = text[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let offsetHours = number(2) else { return nil }
                _ = skip(":")
                let offsetMinutes = number(2) ?? 0
                offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
        }
        return make(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    // MARK: - RFC 822 and variants

    private static func rfc822(_ text: String) -> Date? {
        var day: Int?
        var month: Int?
        var year: Int?
        var hour = 0
        var minute = 0
        var second = 0.0
        var offset: Int?
        var pm: Bool?
        for token in tokens(Array(text.utf8)) {
            guard let first = token.first else { continue }
            if token.contains(UInt8(ascii: ":")) && isDigit(first) {
                let parts = token.split(separator: UInt8(ascii: ":"))
                guard parts.count >= 2, let h = number(parts[0]), let m = number(parts[1]) else { return nil }
                hour = h
                minute = m
                if parts.count > 2 { second = Double(String(decoding: parts[2], as: UTF8.self)) ?? 0 }
            } else if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                let digits = token.dropFirst().filter { $0 != UInt8(ascii: ":") }
                guard let value = number(digits[...]) else { continue }
                let sign = first == UInt8(ascii: "-") ? -1 : 1
                offset = digits.count <= 2 ? sign * value * 3600 : sign * ((value / 100) * 3600 + (value % 100) * 60)
            } else if let value = number(token) {
                if token.count >= 3 || (day != nil && month != nil) {
                    year = token.count <= 2 ? (value < 50 ? 2000 + value : 1900 + value) : value
                } else if day == nil {
                    day = value
                } else {
                    year = value < 50 ? 2000 + value : 1900 + value
                }
            } else {
                let word = String(decoding: token.filter { $0 != UInt8(ascii: ".") }.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
                if word == "am" || word == "pm" {
                    pm = word == "pm"
                } else if let zone = zones[word] {
                    offset = zone
                } else if word.utf8.count >= 3, let index = months.firstIndex(of: String(word.prefix(3))) {
                    month = index + 1
                }
            }
        }
        if let pm {
            if pm && hour < 12 { hour += 12 } else if !pm && hour == 12 { hour = 0 }
        }
        guard let day, let month, let year else { return nil }
        return make(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset ?? 0)
    }

    /// Splits a date into words: at spaces and commas, inside `02-Jan-2024` and `2024/01/02`, and before the
    /// sign of `GMT+0100`.
    private static func tokens(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        let separators: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "\t")]
        for token in bytes.split(whereSeparator: { separators.contains($0) }) {
            let hasLetters = token.contains(where: isLetter)
            let first = token.first!
            let isOffset =
                (first == UInt8(ascii: "+") || first == UInt8(ascii: "-"))
                && token.dropFirst().allSatisfy { isDigit($0) || $0 == UInt8(ascii: ":") }
            let dashes = token.filter { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "/") }.count
            if !isOffset && dashes > 0 && (hasLetters || dashes == 2) {
                result += token.split(whereSeparator: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "/") })
            } else if hasLetters, let sign = token.firstIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
                result.append(token[..<sign])
                result.append(token[sign...])
            } else {
                result.append(token)
            }
        }
        return result
    }

    /// A run of ASCII digits as a number.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for digit in digits {
            guard isDigit(digit) else { return nil }
            value = value * 10 + Int(digit - 48)
        }
        return value
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Named zones in use in feeds, in seconds east of UTC.
    private static let zones: [String: Int] = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0, "wet": 0,
        "est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600,
        "mst": -7 * 3600, "mdt": -6 * 3600, "pst": -8 * 3600, "pdt": -7 * 3600,
        "akst": -9 * 3600, "akdt": -8 * 3600, "hst": -10 * 3600, "ast": -4 * 3600, "adt": -3 * 3600,
        "nst": -12_600, "ndt": -9000,
        "bst": 3600, "ist": 19_800, "cet": 3600, "cest": 7200, "met": 3600, "mest": 7200,
        "west": 3600, "eet": 7200, "eest": 10_800, "msk": 10_800,
        "jst": 9 * 3600, "kst": 9 * 3600, "hkt": 8 * 3600, "sgt": 8 * 3600, "awst": 8 * 3600,
        "acst": 34_200, "acdt": 37_800, "aest": 10 * 3600, "aedt": 11 * 3600,
        "nzst": 12 * 3600, "nzdt": 13 * 3600,
    ]

    // MARK: - Calendar arithmetic

    private static func make(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, offset: Int) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...24).contains(hour), (0...59).contains(minute),
            second >= 0, second < 61, (1000...9999).contains(year)
        else { return nil }
        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let seconds = Double(days * 86_400 + Int64(hour * 3600 + minute * 60 - offset)) + second
        return Date(timeIntervalSince1970: seconds)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of a day counted from 1970-01-01, by the civil calendar (Howard Hinnant's days-to-civil).
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
