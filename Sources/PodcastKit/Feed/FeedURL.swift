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

    /// True for strings that name an HTTP(S) resource (after normalisation).
    public static func isRemote(_ text: String) -> Bool {
        let lower = normalized(text).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// `reference` resolved against `base`; absolute references and unparseable ones come back trimmed.
    static func resolve(_ reference: String?, against base: URL?) -> String? {
        guard let reference else { return nil }
        let trimmed = reference.trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return trimmed }
        if lower.hasPrefix("feed:") || lower.hasPrefix("itpc:") || lower.hasPrefix("pcast:") { return normalized(trimmed) }
        if let colon = trimmed.firstIndex(of: ":"), trimmed[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
           !trimmed[..<colon].isEmpty {
            return trimmed // another scheme: mailto:, urn:, data:
        }
        guard let base, let resolved = URL(string: trimmed, relativeTo: base) else { return trimmed }
        return resolved.absoluteString
    }
}
