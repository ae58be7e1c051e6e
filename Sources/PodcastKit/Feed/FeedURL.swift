import Foundation

/// Normalises feed addresses and resolves the relative URLs found inside feeds.
public enum FeedURL {
    /// `feed://`, `itpc://`, `pcast://` (and `feed:https://…`) rewritten to `http(s)://`; other strings trimmed.
    public static func normalized(_ text: String) -> String {
        var value = text.trimmingSpaces
        for scheme in ["feed:", "itpc:", "pcast:", "podcast:"] where value.lowercased().hasPrefix(scheme) {
            let rest = value.dropFirst(scheme.count)
            if rest.lowercased().hasPrefix("http://") || rest.lowercased().hasPrefix("https://") {
                value = String(rest)
            } else if rest.hasPrefix("//") {
                value = "http:" + rest
            }
        }
        return value
    }

    /// The schemes a feed address may have, as messages list them (`podcast:` is read too).
    public static let schemes = ["http", "https", "feed", "itpc", "pcast", "file"]

    /// The scheme of `text` when it is a URL (`scheme://…`) whose scheme Podline cannot read, else nil.
    public static func unsupportedScheme(_ text: String) -> String? {
        let value = text.trimmingSpaces
        guard let range = value.range(of: "://") else { return nil }
        let scheme = value[..<range.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        let lower = scheme.lowercased()
        return schemes.contains(lower) || lower == "podcast" ? nil : String(scheme)
    }

    /// The one-line refusal of an address with an unsupported scheme.
    public static func unsupportedSchemeReason(_ scheme: String) -> String {
        "unsupported URL scheme '\(scheme)' (\(schemes.joined(separator: ", ")))"
    }

    /// True for strings that name an HTTP(S) resource (after normalisation).
    public static func isRemote(_ text: String) -> Bool {
        let lower = normalized(text).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// True when `text` starts with `http://` or `https://`, in any case.
    static func hasHTTPScheme(_ text: String) -> Bool {
        var iterator = text.utf8.makeIterator()
        for expected in "http".utf8 {
            guard let byte = iterator.next(), byte | 0x20 == expected else { return false }
        }
        var byte = iterator.next()
        if byte.map({ $0 | 0x20 }) == UInt8(ascii: "s") { byte = iterator.next() }
        guard byte == UInt8(ascii: ":"), iterator.next() == UInt8(ascii: "/"), iterator.next() == UInt8(ascii: "/") else { return false }
        return true
    }

    /// `reference` resolved against `base`; absolute references and unparseable ones come back trimmed.
    static func resolve(_ reference: String?, against base: URL?) -> String? {
        guard let reference else { return nil }
        var trimmed = reference.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        let hasSpace = trimmed.utf8.withContiguousStorageIfAvailable { $0.contains(0x20) } ?? trimmed.utf8.contains(0x20)
        if hasSpace { trimmed = trimmed.replacingOccurrences(of: " ", with: "%20") }  // seen in enclosure URLs
        if hasHTTPScheme(trimmed) { return trimmed }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("feed:") || lower.hasPrefix("itpc:") || lower.hasPrefix("pcast:") { return normalized(trimmed) }
        if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
            !trimmed[..<colon].isEmpty
        {
            return trimmed  // another scheme: mailto:, urn:, data:
        }
        guard let base, let resolved = URL(string: trimmed, relativeTo: base) else { return trimmed }
        return resolved.absoluteString
    }
}
