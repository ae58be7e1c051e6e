import AudioEngine
import DataFlow
@preconcurrency import OpenCombine
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
    /// Declared, so that the graph's subscription does not reflect over the fields to look for `@Published` ones
    /// (the default's way, a few hundred thousand instructions each time it is read).
    nonisolated let objectWillChange = ObservableObjectPublisher()

    init(item: NowPlaying, engine: EngineClient, source: EngineSource, start: Double, limit: Double?) {
        self.item = item
        self.engine = engine
        self.source = source
        self.start = start
        self.limit = limit
    }

    /// Opens the episode in the engine (once), then carries out a seek asked for while it was being planned.
    func begin(paused: Bool, seek: SeekRequest?) {
        guard !loaded else { return }
        loaded = true
        engine.load(source, start, paused, limit)
        if let seek { self.seek(seek) }
    }

    /// Moves the episode's position in the engine.
    func seek(_ request: SeekRequest) {
        engine.seek(request.seconds, request.isRelative)
    }
}

/// Hosts the current episode's `DecoderSession`; a new episode identity makes a new session.
struct EpisodeSessionView: View {
    @StateObject private var session: DecoderSession
    let isPlaying: Bool
    /// The player's latest position request for this episode.
    let seekRequest: SeekRequest?

    init(makeSession: @escaping @autoclosure () -> DecoderSession, isPlaying: Bool, seekRequest: SeekRequest?) {
        _session = StateObject(wrappedValue: makeSession())
        self.isPlaying = isPlaying
        self.seekRequest = seekRequest
    }

    var body: some View {
        Text(session.item.title)
            .onAppear { session.begin(paused: !isPlaying, seek: seekRequest) }
            .onChange(of: seekRequest) { _, request in
                if let request { session.seek(request) }
            }
    }
}
