/// The stages decoded audio passes through before the volume ramp, as the listener's settings ask: voice boost or the
/// loudness leveler, the silence skipper and the time-stretcher, made for the decoder's format from its position on.
final class ListeningStages {
    /// The speed (0.5–3.0), pitch preserved.
    var speed = 1.0
    /// Whether long pauses are shortened.
    var skipsSilence = false
    /// The loudness aimed at when normalising; nil when not.
    var loudness: LoudnessSetting?
    /// Whether voices are boosted (quiet ones brought up to loud ones); normalising, when on, comes after, levelling
    /// the boosted audio by its running estimate (the episode's measured loudness is of the audio before the boost).
    var voiceBoost = false
    /// Stretches time when the speed is not 1.
    private(set) var stretcher: TimeStretcher?
    /// Shortens long pauses before the time-stretcher, when skipping silence.
    private var skipper: SilenceSkipper?
    /// Evens out the loudness of decoded audio, when normalising.
    private var leveler: LoudnessLeveler?
    /// Equalises speech and rides quiet voices up to loud ones, when boosting voices.
    private var voice: VoiceBoost?
    /// Frames dropped from pauses in this episode by skippers replaced since it was opened (seeks make new ones).
    private var droppedEarlier = 0
    /// Decoded input waiting for the skipper, reused from step to step.
    private var skipInput: [Int16] = []
    /// Decoded input waiting for the time-stretcher, reused likewise.
    private var stretchInput: [Int16] = []

    /// Frames dropped from pauses in this episode so far.
    var droppedFrames: Int { droppedEarlier + (skipper?.droppedFrames ?? 0) }

    /// Source frames per output frame: the speed while the time-stretcher runs, else 1.
    var stretchFactor: Double { stretcher == nil ? 1 : speed }

    /// A new episode: nothing was dropped from it yet.
    func startEpisode() { droppedEarlier = 0 }

    /// Drops every stage (the episode closed).
    func removeAll() {
        stretcher = nil
        skipper = nil
        leveler = nil
        voice = nil
    }

    /// The stages for audio decoded from the decoder's position on, as the settings ask: the leveler (kept with its
    /// gain and estimate, its held audio dropped), the skipper and the time-stretcher.
    func make(for decoder: any AudioDecoder) {
        droppedEarlier += skipper?.droppedFrames ?? 0
        let format = decoder.format
        if voiceBoost {
            if let voice, voice.channels == format.channels, voice.sampleRate == format.sampleRate {
                voice.reset()
            } else {
                voice = VoiceBoost(sampleRate: format.sampleRate, channels: format.channels)
            }
        } else {
            voice = nil
        }
        if let loudness = levelled(loudness) {
            if let leveler, leveler.channels == format.channels, leveler.sampleRate == format.sampleRate {
                leveler.reset()
            } else {
                leveler = try? LoudnessLeveler(sampleRate: format.sampleRate, channels: format.channels, setting: loudness)
            }
        } else {
            leveler = nil
        }
        skipper =
            skipsSilence
            ? SilenceSkipper(sampleRate: format.sampleRate, channels: format.channels, start: decoder.position)
            : nil
        stretcher =
            speed == 1
            ? nil
            : TimeStretcher(sampleRate: format.sampleRate, channels: format.channels, speed: speed, start: decoder.position)
    }

    /// Takes a new speed from the audio decoded next: the running time-stretcher is told, or one is made.
    func applySpeed(decoder: (any AudioDecoder)?) {
        if let stretcher {
            stretcher.speed = speed
        } else if speed != 1, let decoder, decoder.format.sampleRate > 0 {
            stretcher = TimeStretcher(
                sampleRate: decoder.format.sampleRate, channels: decoder.format.channels,
                speed: speed, start: skipper?.outputPosition ?? decoder.position)
        }
    }

    /// What the leveler aims at for `setting`: after voice boost, the target by a running estimate.
    private func levelled(_ setting: LoudnessSetting?) -> LoudnessSetting? {
        guard let setting else { return nil }
        return voiceBoost ? LoudnessSetting(target: setting.target, measured: nil) : setting
    }

    /// Moves a running leveler to `setting` smoothly; false when none runs.
    func aimLeveler(at setting: LoudnessSetting) -> Bool {
        guard let leveler, let setting = levelled(setting) else { return false }
        leveler.aim(at: setting)
        return true
    }

    /// Where decoding has reached through the stages, in seconds of the episode.
    func sourceSeconds(of decoder: any AudioDecoder) -> Double {
        let position = stretcher?.sourcePosition ?? skipper.map { Double($0.outputPosition) } ?? Double(decoder.position)
        return (skipper?.sourcePosition(of: position) ?? position) / Double(max(1, decoder.format.sampleRate))
    }

    /// Frames produced into `pcm` through the stages, from what `decode` gives (up to one chunk of decoded frames, 0 at
    /// the end, -1 when none are ready); 0 at the end, -1 when waiting for input.
    func produce(
        into pcm: inout [Int16], decoder: any AudioDecoder, chunkFrames: Int,
        decode: (inout [Int16]) throws(AudioError) -> Int
    ) throws(AudioError) -> Int {
        let channels = decoder.format.channels
        if let stretcher {
            while true {
                let made = pcm.withUnsafeMutableBufferPointer { stretcher.pull(into: $0, maxFrames: chunkFrames) }
                if made > 0 { return made }
                if stretchInput.count < chunkFrames * channels {
                    stretchInput = [Int16](repeating: 0, count: chunkFrames * channels)
                }
                let got = try sourceChunk(into: &stretchInput, decoder: decoder, chunkFrames: chunkFrames, decode: decode)
                if got < 0 { return -1 }
                if got == 0 {
                    if stretcher.channels != channels { return 0 }
                    let tail = pcm.withUnsafeMutableBufferPointer { buffer -> Int in
                        stretcher.pushSilence(frames: stretcher.channels * 4096)
                        return stretcher.pull(into: buffer, maxFrames: PlaybackEngine.chunkFrames)
                    }
                    self.stretcher = nil
                    return tail
                }
                stretchInput.withUnsafeBufferPointer { stretcher.push(UnsafeBufferPointer(rebasing: $0[0..<got * channels])) }
            }
        }
        return try sourceChunk(into: &pcm, decoder: decoder, chunkFrames: chunkFrames, decode: decode)
    }

    /// Up to one chunk of the source's audio, with its long pauses shortened when skipping silence; 0 at the end, -1
    /// when nothing is ready yet (waiting for stream bytes, or inside a long pause: the next step goes on).
    private func sourceChunk(
        into buffer: inout [Int16], decoder: any AudioDecoder, chunkFrames: Int,
        decode: (inout [Int16]) throws(AudioError) -> Int
    ) throws(AudioError) -> Int {
        let channels = decoder.format.channels
        guard let skipper, skipper.channels == channels else {
            return try levelledChunk(into: &buffer, decoder: decoder, decode: decode)
        }
        for _ in 0..<8 {
            let pulled = buffer.withUnsafeMutableBufferPointer { skipper.pull(into: $0, maxFrames: chunkFrames) }
            if pulled > 0 { return pulled }
            if skipper.isFinished { return 0 }
            if skipInput.count < chunkFrames * channels { skipInput = [Int16](repeating: 0, count: chunkFrames * channels) }
            let got = try levelledChunk(into: &skipInput, decoder: decoder, decode: decode)
            if got < 0 { return -1 }
            if got == 0 {
                skipper.finish()
            } else {
                skipInput.withUnsafeBufferPointer { skipper.push(UnsafeBufferPointer(rebasing: $0[0..<got * channels])) }
            }
        }
        return -1
    }

    /// Up to one chunk of decoded frames, brought to the target loudness when normalising (the leveler's last frames
    /// come at the end); 0 at the end, -1 as `decode` says.
    private func levelledChunk(
        into buffer: inout [Int16], decoder: any AudioDecoder, decode: (inout [Int16]) throws(AudioError) -> Int
    ) throws(AudioError) -> Int {
        let channels = decoder.format.channels
        let voice = self.voice.flatMap { $0.channels == channels ? $0 : nil }
        let leveler = self.leveler.flatMap { $0.channels == channels ? $0 : nil }
        guard voice != nil || leveler != nil else { return try decode(&buffer) }
        var got = try decode(&buffer)
        if let voice {
            // The boost gives nothing back from its first frames (its look-ahead fills): decoding goes on.
            while got > 0 {
                let given = buffer.withUnsafeMutableBufferPointer { voice.process($0, frames: got) }
                if given > 0 {
                    got = given
                    break
                }
                got = try decode(&buffer)
            }
            if got == 0 { got = buffer.withUnsafeMutableBufferPointer { voice.drain(into: $0) } }
        }
        guard let leveler else { return got }
        if got > 0 {
            buffer.withUnsafeMutableBufferPointer { leveler.process($0, frames: got) }
            return got
        }
        if got == 0 { return buffer.withUnsafeMutableBufferPointer { leveler.drain(into: $0) } }
        return got
    }
}
