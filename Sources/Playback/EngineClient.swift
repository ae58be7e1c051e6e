import AudioEngine

/// What the coordinator and the session ask of the audio engine, as a struct of closures: the live value drives a
/// `PlaybackEngine`; tests pass their own to run the coordinator and the session without sound.
struct EngineClient {
    var load: @MainActor (_ source: EngineSource, _ start: Double, _ paused: Bool, _ limit: Double?) -> Void
    var pause: @MainActor (_ fade: Double) -> Void
    var resume: @MainActor (_ fade: Double) -> Void
    var stop: @MainActor (_ reason: EngineEndReason) -> Void
    var seek: @MainActor (_ seconds: Double, _ relative: Bool) -> Void
    var setVolume: @MainActor (_ volume: Double, _ fade: Double) -> Void
    var setSpeed: @MainActor (_ speed: Double) -> Void
    var setSkipSilence: @MainActor (_ on: Bool) -> Void = { _ in }
    var setLoudness: @MainActor (_ setting: LoudnessSetting?) -> Void = { _ in }
    var setVoiceBoost: @MainActor (_ on: Bool) -> Void = { _ in }
    var setEndEarly: @MainActor (_ seconds: Double) -> Void = { _ in }
    var setSkips: @MainActor (_ ranges: [SkipRange]) -> Void = { _ in }
    var setOutput: @MainActor (_ output: OutputSpec) -> Void = { _ in }
    /// Readies what the input at `location` (the next episode's path or address) will need, in the background.
    var prepare: @MainActor (_ location: String) -> Void = { _ in }
    /// Stops the engine's thread and closes its output.
    var shutdown: @MainActor () -> Void = {}

    /// The client of a real engine.
    static func live(_ engine: PlaybackEngine) -> EngineClient {
        EngineClient(
            load: { engine.load($0, start: $1, paused: $2, limit: $3) },
            pause: { engine.pause(fade: $0) },
            resume: { engine.resume(fade: $0) },
            stop: { engine.stop(reason: $0) },
            seek: { engine.seek($0, relative: $1) },
            setVolume: { engine.setVolume($0, fade: $1) },
            setSpeed: { engine.setSpeed($0) },
            setSkipSilence: { engine.setSkipSilence($0) },
            setLoudness: { engine.setLoudness($0) },
            setVoiceBoost: { engine.setVoiceBoost($0) },
            setEndEarly: { engine.setEndEarly($0) },
            setSkips: { engine.setSkips($0) },
            setOutput: { engine.setOutput($0) },
            prepare: { location in DecoderWarmUp.prepare { NextEpisodeDecoder.needsFFmpeg(location) } },
            shutdown: { engine.shutdown() }
        )
    }

    /// An engine that does nothing and says nothing (for measuring what the model's side costs).
    static let noop = EngineClient(
        load: { _, _, _, _ in }, pause: { _ in }, resume: { _ in }, stop: { _ in }, seek: { _, _ in },
        setVolume: { _, _ in }, setSpeed: { _ in })
}

/// Makes the engine a session plays through: given the output and where the engine reports its events (from any
/// thread), the client that drives it.
typealias EngineFactory = @MainActor (_ output: OutputSpec, _ report: @escaping @Sendable (EngineEvent) -> Void) -> EngineClient

extension EngineClient {
    /// A real engine playing through `output`.
    static let liveFactory: EngineFactory = { output, report in .live(PlaybackEngine(output: output, report: report)) }
}
