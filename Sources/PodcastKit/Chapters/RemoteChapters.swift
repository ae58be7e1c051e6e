/// Chapters that live at a URL: a podcast:chapters JSON file, or the ID3v2 tag at the start of an MP3.
public enum RemoteChapters {
    /// The chapters of the podcast:chapters file at `url`, fetched as feeds are (redirects, gzip, timeouts) and
    /// capped at `JSONChapters.sizeCap`.
    public static func file(_ url: String, http: HTTPFetcher) async throws(ChapterError) -> [Chapter] {
        let document: FetchedDocument
        do {
            document = try await http.fetchDocument(url, sizeCap: JSONChapters.sizeCap)
        } catch {
            throw ChapterError("cannot fetch \(url): \(error.reason)")
        }
        return try JSONChapters.parse(document.body ?? [])
    }

    /// The chapters at `url`, whatever it holds: a JSON chapters file, or an MP3 whose tag is read as its first
    /// bytes arrive (the audio is never fetched). None for audio without a chapters tag; a failed fetch, and what is
    /// neither audio nor a chapters file (an HTML page, text, binary data), throw the reason, worded without the URL.
    public static func any(_ url: String, http: HTTPFetcher) async throws(ChapterError) -> ChapterList {
        var collector = ID3TagCollector()
        var json: [UInt8]?
        do {
            let response = try await http.openStream(url, from: 0)
            for try await chunk in response.body {
                if json != nil {
                    json!.append(contentsOf: chunk.readableBytesView)
                    if json!.count > JSONChapters.sizeCap { break }
                    continue
                }
                switch collector.add(chunk.readableBytesView) {
                case .needMore: continue
                case .tag(let tag): return ChapterList(.id3, try ID3Chapters.parse(tag))
                case .noTag:
                    if collector.gathered.first(where: { $0 > 0x20 }) == UInt8(ascii: "{") {
                        json = collector.gathered
                    } else {
                        return try withoutTag(collector.gathered)
                    }
                }
            }
        } catch let error as ChapterError {
            throw error
        } catch {
            throw ChapterError(HTTPFailure.from(error, timeouts: http.timeouts).reason)
        }
        // A body shorter than a tag header ends before the collector could tell.
        let body = json ?? collector.gathered
        guard body.first(where: { $0 > 0x20 }) == UInt8(ascii: "{") else { return try withoutTag(body) }
        return ChapterList(.podcastChapters, try JSONChapters.parse(body))
    }

    /// What starts with `head` and has no ID3v2 tag: audio has no chapters to read here; anything else is refused.
    private static func withoutTag(_ head: [UInt8]) throws(ChapterError) -> ChapterList {
        guard ContentSniff.startsAsAudio(head) else {
            throw ChapterError("not a chapters file or audio (\(ContentSniff.describe(head)))")
        }
        return .none
    }
}
