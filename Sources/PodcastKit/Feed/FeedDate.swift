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
        return rfc822(trimmed)
    }

    /// An ISO 8601 timestamp as `2024-01-02T03:04:05Z` in UTC.
    static func iso8601String(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
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
            if index < text.count, text[index] == byte.asciiValue { index += 1; return true }
            return false
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2) else { return nil }
        var hour = 0, minute = 0, second = 0.0, offset = 0
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
        var day: Int?, month: Int?, year: Int?
        var hour = 0, minute = 0, second = 0.0
        var offset: Int?
        var pm: Bool?
        var tokens: [Substring] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }) {
            let hasLetters = token.contains { $0.isLetter }
            let isOffset = (token.first == "+" || token.first == "-") && token.dropFirst().allSatisfy { $0.isNumber || $0 == ":" }
            if !isOffset && (token.contains("-") || token.contains("/")) && (hasLetters || token.filter({ $0 == "-" || $0 == "/" }).count == 2) {
                tokens.append(contentsOf: token.split(whereSeparator: { $0 == "-" || $0 == "/" }))
            } else if hasLetters, let sign = token.firstIndex(where: { $0 == "+" || $0 == "-" }) {
                tokens.append(token[..<sign]) // GMT+0100
                tokens.append(token[sign...])
            } else {
                tokens.append(token)
            }
        }
        for token in tokens {
            let lower = token.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            if token.contains(":") && token.first?.isNumber == true {
                let parts = token.split(separator: ":")
                guard parts.count >= 2, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
                hour = h
                minute = m
                if parts.count > 2 { second = Double(parts[2]) ?? 0 }
            } else if token.first == "+" || token.first == "-" {
                let digits = token.dropFirst().filter { $0 != ":" }
                guard let value = Int(digits) else { continue }
                let sign = token.first == "-" ? -1 : 1
                offset = digits.count <= 2 ? sign * value * 3600 : sign * ((value / 100) * 3600 + (value % 100) * 60)
            } else if let value = Int(token) {
                if token.count >= 3 || (day != nil && month != nil) {
                    year = token.count <= 2 ? (value < 50 ? 2000 + value : 1900 + value) : value
                } else if day == nil {
                    day = value
                } else {
                    year = value < 50 ? 2000 + value : 1900 + value
                }
            } else if lower == "am" || lower == "pm" {
                pm = lower == "pm"
            } else if let zone = zones[lower] {
                offset = zone
            } else if lower.count >= 3, let index = months.firstIndex(of: String(lower.prefix(3))) {
                month = index + 1
            }
        }
        if let pm {
            if pm && hour < 12 { hour += 12 } else if !pm && hour == 12 { hour = 0 }
        }
        guard let day, let month, let year else { return nil }
        return make(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset ?? 0)
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
              second >= 0, second < 61, (1000...9999).contains(year) else { return nil }
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

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
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
