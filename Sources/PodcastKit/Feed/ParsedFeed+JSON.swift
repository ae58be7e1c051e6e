import Foundation

extension ParsedFeed {
    /// `json` rendered, the episodes rendered on all cores in parallel (a large feed's show notes make the
    /// rendering about as costly as the parsing).
    public var renderedJSON: [UInt8] {
        var output = JSONValue.object(Array(jsonHeader.dropLast())).renderedBytes
        output.removeLast() // the closing brace; the episodes follow
        output += Array(#","episodes":["#.utf8)
        let episodes = self.episodes
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, episodes.count / 200))
        let rendered = RenderedChunks(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var bytes: [UInt8] = []
            let range = (episodes.count * chunk / chunks)..<(episodes.count * (chunk + 1) / chunks)
            for index in range {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                episodes[index].json.render(into: &bytes)
            }
            rendered.set(chunk, bytes)
        }
        for chunk in 0..<chunks { output += rendered.get(chunk) }
        output += Array("]}".utf8)
        return output
    }

    /// The show's members of `json`, episodes last.
    private var jsonHeader: [(String, JSONValue)] {
        [
            ("title", .string(title)), ("link", .string(link)), ("description", .string(description)),
            ("language", .string(language)), ("author", .string(author)), ("image", .string(image)),
            ("new_url", .string(newURL)),
            ("episodes", .array([])),
        ]
    }

    /// The shape `podline inspect --json` prints.
    public var json: JSONValue {
        .object([
            ("title", .string(title)), ("link", .string(link)), ("description", .string(description)),
            ("language", .string(language)), ("author", .string(author)), ("image", .string(image)),
            ("new_url", .string(newURL)),
            ("episodes", .array(episodes.map(\.json))),
        ])
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
            ("enclosure", enclosure.map { .object([("url", .string($0.url)), ("length", .int($0.length)), ("type", .string($0.type))]) } ?? .null),
            ("season", .int(season)), ("number", .int(number)),
            ("chapters_url", .string(chaptersURL)), ("transcript_url", .string(transcriptURL)),
            ("image", .string(image)),
        ])
    }
}

/// Rendered pieces of JSON, filled in from several threads, each slot by one thread only.
private final class RenderedChunks: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [[UInt8]]

    init(count: Int) { chunks = Array(repeating: [], count: count) }

    func set(_ index: Int, _ bytes: [UInt8]) { lock.withLock { chunks[index] = bytes } }

    func get(_ index: Int) -> [UInt8] { lock.withLock { chunks[index] } }
}
