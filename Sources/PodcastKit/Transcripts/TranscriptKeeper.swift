/// Fetches an episode's transcript once, the best of those its feed names, and keeps its cues in the library so
/// that it reads offline afterwards.
public struct TranscriptKeeper: Sendable {
    let store: LibraryStore
    let http: HTTPFetcher

    public init(store: LibraryStore, http: HTTPFetcher) {
        self.store = store
        self.http = http
    }

    /// True when the feed names transcripts and none of them is the one kept (from `keptURL`).
    public static func needsFetch(_ episode: EpisodeRecord, keptURL: String?) -> Bool {
        let links = episode.transcriptLinks
        return !links.isEmpty && !links.contains { $0.url == keptURL }
    }

    /// The transcript kept for `episode`, else the best of its feed's (`TranscriptLink.ranked`) fetched, read and
    /// kept; a link that fails is passed over for the next, and `warn` told why. Nil when the feed names none;
    /// throws when none of them could be read.
    public func transcript(
        of episode: EpisodeRecord, language: String? = TranscriptLink.listenerLanguage, warn: @Sendable (String) -> Void = { _ in }
    ) async throws(TranscriptError) -> KeptTranscript? {
        guard let id = episode.id else { return nil }
        let keptURL = try? store.keptTranscriptURL(episodeID: id)
        guard Self.needsFetch(episode, keptURL: keptURL ?? nil) else { return (try? store.keptTranscript(episodeID: id)) ?? nil }
        var reasons: [String] = []
        for link in TranscriptLink.ranked(episode.transcriptLinks, language: language) {
            do throws(TranscriptError) {
                let transcript = try await fetch(link)
                do {
                    try store.keepTranscript(episodeID: id, transcript)
                } catch {
                    warn("the transcript was not kept in the library: \(error)")
                }
                return transcript
            } catch {
                warn("\(link.url): \(error.reason)")
                reasons.append(error.reason)
            }
        }
        throw TranscriptError(reasons.count == 1 ? reasons[0] : "none of its \(reasons.count) transcripts could be read")
    }

    private func fetch(_ link: TranscriptLink) async throws(TranscriptError) -> KeptTranscript {
        let document: FetchedDocument
        do {
            document = try await http.fetchDocument(link.url, sizeCap: TranscriptReader.sizeCap)
        } catch {
            throw TranscriptError("cannot fetch the transcript: \(error.reason)")
        }
        let parsed = try TranscriptReader.read(document.body ?? [], declared: link.format)
        // A JSON transcript's words are kept joined into sentences: what is read, and what a phrase search finds.
        let cues = parsed.format == .json ? JSONTranscriptParser.sentences(parsed.cues) : parsed.cues
        return KeptTranscript(url: link.url, format: parsed.format, language: link.language, cues: cues)
    }
}
