import Foundation

extension ParsedFeed {
    /// `json` as UTF-8 text, handed to `write` in pieces (`JSONPieces`), so that a large feed's JSON is never held
    /// whole in memory beside the feed (its show notes make it as large as the document).
    public func writeJSON(_ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        JSONPieces.write(to: write) { pieces in
            var header = JSONValue.object(jsonHeader).renderedBytes
            header.removeLast()  // the closing brace; the episodes follow
            pieces.append(header + Array(#","episodes":"#.utf8))
            pieces.appendArray(episodes.lazy.map(\.json))
            pieces.append([UInt8(ascii: "}")])
        }
    }

    /// `json` rendered, as `writeJSON` writes it.
    public var renderedJSON: [UInt8] {
        var output: [UInt8] = []
        writeJSON { output.append(contentsOf: $0) }
        return output
    }

    /// The show's members of `json`, all but the episodes, which follow them.
    private var jsonHeader: [(String, JSONValue)] {
        [
            ("title", .string(title)), ("link", .string(link)), ("description", .string(description)),
            ("language", .string(language)), ("author", .string(author)), ("image", .string(image)),
            ("new_url", .string(newURL)), ("funding", .array(funding.map(\.json))), ("persons", .array(persons.map(\.json))),
            ("trailers", .array(trailers.map(\.json))), ("podroll", .array(podroll.map(\.json))),
            ("live_items", .array(liveItems.map(\.json))),
        ]
    }

    /// The shape `podline inspect --json` prints.
    public var json: JSONValue {
        .object(jsonHeader + [("episodes", .array(episodes.map(\.json)))])
    }
}

extension ParsedEpisode {
    /// One element of `inspect --json`'s `episodes`.
    public var json: JSONValue {
        .object([
            ("guid", .string(guid)), ("title", .string(title)), ("link", .string(link)),
            ("description", .string(description)),
            ("published", .string(published.map(FeedDate.iso8601String))),
            ("duration", .number(duration)),
            (
                "enclosure",
                enclosure.map(\.json) ?? .null
            ),
            ("alternates", .array(alternates.map(\.json))),
            ("season", .int(season)), ("number", .int(number)),
            ("chapters_url", .string(chaptersURL)), ("transcript_url", .string(transcriptURL)),
            ("transcripts", .array(transcripts.map(\.json))),
            ("chapters", .array(chapters.map(\.json))),
            ("image", .string(image)), ("persons", .array(persons.map(\.json))),
            ("soundbites", .array(soundbites.map(\.json))),
        ])
    }
}

extension Chapter {
    /// A chapter's fields as `inspect --json` and `chapters --json` write them (times in seconds).
    public var jsonFields: [(String, JSONValue)] {
        [("title", .string(title)), ("start", .number(start)), ("end", .number(end)), ("url", .string(url)), ("image", .string(image))]
    }

    /// A chapter as `inspect --json` writes it.
    public var json: JSONValue { .object(jsonFields) }

    /// Chapters read back from `jsonFields` objects (as the library keeps them); entries without a start are skipped.
    static func list(fromJSON list: [Any]) -> [Chapter] {
        list.compactMap { entry in
            guard let fields = entry as? [String: Any], let start = (fields["start"] as? NSNumber)?.doubleValue else { return nil }
            return Chapter(
                start: start, end: (fields["end"] as? NSNumber)?.doubleValue, title: fields["title"] as? String,
                url: fields["url"] as? String, image: fields["image"] as? String)
        }
    }
}
