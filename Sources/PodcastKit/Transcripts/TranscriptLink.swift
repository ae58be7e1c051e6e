import Foundation

/// A transcript an item's `<podcast:transcript url type language rel>` names.
public struct TranscriptLink: Sendable, Equatable {
    public var url: String
    /// The declared MIME type, as written.
    public var type: String?
    public var language: String?
    /// `captions` when the file is meant as closed captions.
    public var rel: String?

    public init(url: String, type: String? = nil, language: String? = nil, rel: String? = nil) {
        self.url = url
        self.type = type
        self.language = language
        self.rel = rel
    }

    /// The format its type names, if a known one.
    public var format: TranscriptFormat? { type.flatMap(TranscriptFormat.init(mimeType:)) }

    /// `links` best first: those in the listener's language (`language`, e.g. `en` from LANG=en_US.UTF-8) before
    /// others, then JSON, WebVTT, SubRip, HTML, plain text, then unknown types; the feed's order otherwise.
    public static func ranked(_ links: [TranscriptLink], language: String?) -> [TranscriptLink] {
        func languageRank(_ link: TranscriptLink) -> Int {
            guard let language, let theirs = link.language?.lowercased() else { return 1 }
            return theirs == language || theirs.hasPrefix(language + "-") ? 0 : 2
        }
        func formatRank(_ link: TranscriptLink) -> Int {
            link.format.flatMap { TranscriptFormat.allCases.firstIndex(of: $0) } ?? TranscriptFormat.allCases.count
        }
        return links.enumerated().sorted {
            (languageRank($0.element), formatRank($0.element), $0.offset) < (languageRank($1.element), formatRank($1.element), $1.offset)
        }.map(\.element)
    }

    /// The listener's language from LC_ALL, LC_MESSAGES or LANG (`en` for `en_US.UTF-8`); nil for C or POSIX.
    public static var listenerLanguage: String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = ProcessEnvironment.value(name), !value.isEmpty else { continue }
            let code = value.prefix { $0.isLetter }.lowercased()
            return code.isEmpty || code == "c" || code == "posix" ? nil : code
        }
        return nil
    }

    /// The link as `inspect --json` and the library write it.
    public var json: JSONValue {
        .object([("url", .string(url)), ("type", .string(type)), ("language", .string(language)), ("rel", .string(rel))])
    }

    /// Links read back from `json` objects; entries without a URL are skipped.
    static func list(fromJSON list: [Any]) -> [TranscriptLink] {
        list.compactMap { entry in
            guard let fields = entry as? [String: Any], let url = fields["url"] as? String else { return nil }
            return TranscriptLink(
                url: url, type: fields["type"] as? String, language: fields["language"] as? String, rel: fields["rel"] as? String)
        }
    }
}
