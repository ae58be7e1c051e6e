/// What the engine's owner asks of it; carried out on the engine's thread in order.
enum EngineCommand: Sendable {
    case load(EngineSource, start: Double, paused: Bool, limit: Double?)
    case pause(fade: Double)
    case resume(fade: Double)
    case stop(EngineEndReason)
    case seek(Double, relative: Bool)
    case volume(Double, fade: Double)
    case speed(Double)
    case skipSilence(Bool)
    case endEarly(Double)
    case skips([SkipRange])
    case loudness(LoudnessSetting?)
    case voiceBoost(Bool)
    case output(OutputSpec)
    case shutdown
}
