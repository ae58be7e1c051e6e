import PodcastKit

extension SearchHit {
    /// The hit as JSON, its text without match marks.
    package var json: JSONValue {
        .object([
            ("ref", .string(listing.ref)), ("show", .string(listing.showTitle ?? listing.showSlug)),
            ("title", .string(listing.episode.title)), ("kind", .string(kind.rawValue)), ("time", .number(time)),
            ("text", .string(marked(bold: false))),
        ])
    }

    /// The text with its matches in bold (or plain), made safe for a terminal.
    package func marked(bold: Bool) -> String {
        var result = ""
        var match = ""
        var inside = false
        for character in text {
            if character == Self.markStart {
                inside = true
            } else if character == Self.markEnd {
                result += bold ? TerminalStyle.paint(TerminalText.safe(match), .bold, enabled: true) : TerminalText.safe(match)
                match = ""
                inside = false
            } else if inside {
                match.append(character)
            } else {
                result += TerminalText.safe(String(character))
            }
        }
        return result + TerminalText.safe(match)
    }
}
