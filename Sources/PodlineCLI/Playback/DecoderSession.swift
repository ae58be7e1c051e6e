import AudioEngine
import DataFlow
import PodcastKit

/// One episode's time in the engine: made once per episode identity, as a StateObject under `.id(episode.id)`.
@MainActor
final class DecoderSession: ObservableObject {
    /// The episode this session plays.
    let item: NowPlaying
    private let engine: EngineClient
    private let source: EngineSource
    private let start: Double
    private let limit: Double?
    private var loaded = false

    init(item: NowPlaying, engine: EngineClient, source: EngineSource, start: Double, limit: Double?) {
        self.item = item
        self.engine = engine
        self.source = source
        self.start = start
        self.limit = limit
    }

    /// Opens the episode in the engine (once).
    func begin(paused: Bool) {
        guard !loaded else { return }
        loaded = true
        engine.load(source, start, paused, limit)
    }
}

/// Hosts the current episode's `DecoderSession`; a new episode identity makes a new session.
struct EpisodeSessionView: View {
    @StateObject private var session: DecoderSession
    let isPlaying: Bool

    init(makeSession: @escaping @autoclosure () -> DecoderSession, isPlaying: Bool) {
        _session = StateObject(wrappedValue: makeSession())
        self.isPlaying = isPlaying
    }

    var body: some View {
        Text(session.item.title)
            .onAppear { session.begin(paused: !isPlaying) }
    }
}
