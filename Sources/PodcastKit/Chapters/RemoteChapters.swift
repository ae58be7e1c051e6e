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
    /// bytes arrive (the audio is never fetched). None when it is neither.
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
                    guard collector.gathered.first(where: { $0 > 0x20 }) == UInt8(ascii: "{") else { return .none }
                    json = collector.gathered
                }
            }
        } catch let error as ChapterError {
            throw error
        } catch {
            throw ChapterError("cannot fetch \(url): \(HTTPFailure.from(error, timeouts: http.timeouts).reason)")
        }
        guard let json else { return .none }
        return ChapterList(.podcastChapters, try JSONChapters.parse(json))
    }
}
