import Foundation

/// Cue timestamps as SubRip and WebVTT write them: `hh:mm:ss,mmm`, `hh:mm:ss.mmm` or `mm:ss.mmm`.
enum CueTime {
    /// Seconds for `text`, or nil when it is not a timestamp.
    static func seconds(_ text: Substring) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            let cleaned = isLast ? part.replacingOccurrences(of: ",", with: ".") : String(part)
            guard !cleaned.isEmpty, cleaned.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
                let value = Double(cleaned)
            else { return nil }
            total = total * 60 + value
        }
        guard total.isFinite else { return nil }
        return total
    }

    /// The start and end of a timing line `START --> END [settings]`, or nil when it is not one.
    static func range(_ line: Substring) -> (start: Double, end: Double)? {
        guard let arrow = line.range(of: "-->") else { return nil }
        let start = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
        let rest = line[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
        let endText = rest.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        guard let from = seconds(Substring(start)), let to = seconds(Substring(endText)) else { return nil }
        return (from, to)
    }
}
