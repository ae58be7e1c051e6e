/// How a span is rendered: as the file holds it, or through the stages a listener hears it through.
public struct SpanListening: Sendable, Equatable {
    /// The speed (0.5–3.0), pitch kept.
    public var speed = 1.0
    /// Long pauses shortened.
    public var skipsSilence = false
    /// The loudness aimed at when normalising; nil when not.
    public var loudness: LoudnessSetting?
    /// Voices boosted.
    public var voiceBoost = false

    public init(speed: Double = 1, skipsSilence: Bool = false, loudness: LoudnessSetting? = nil, voiceBoost: Bool = false) {
        (self.speed, self.skipsSilence, self.loudness, self.voiceBoost) = (speed, skipsSilence, loudness, voiceBoost)
    }

    /// The file's own samples, untouched.
    public static let exact = SpanListening()
}

/// Decodes one span of a file, exact to the sample, and hands its samples on: as they are, or through the same stages
/// that playback uses (voice boost or loudness, skip silence, speed), so that what comes out is what a listener heard.
///
/// It decodes from the file's start and drops what comes before the span: a decoder moved to a place starts without
/// the state the frames before would have left it (an AAC or Opus decoder's overlap and history; libmpg123's bit
/// reservoir), so its first samples there differ from the whole file's. An MP3 is cut first (`MP3Cut`), and the cut
/// decoded whole, which is as exact and quicker.
public enum SpanRender {
    /// What one render gave.
    public struct Outcome: Sendable, Equatable {
        /// The PCM format of the samples.
        public var format: AudioFormat
        /// Frames handed on.
        public var frames: Int
        /// Source frames the silence skipper left out.
        public var droppedFrames: Int
    }

    /// Decodes `path` from `from` to `to` seconds (to the end when past it): `begin` gets the format before the first
    /// samples, `samples` each chunk. A format change inside the span ends it there.
    @discardableResult
    public static func render(
        path: String, from: Double, to: Double, listening: SpanListening = .exact,
        begin: (AudioFormat) throws(AudioError) -> Void, samples: (UnsafeBufferPointer<Int16>) throws(AudioError) -> Void
    ) throws(AudioError) -> Outcome {
        let decoder = try Decoders.open(path: path)
        let format = decoder.format
        let rate = Double(format.sampleRate)
        // Times beyond any file (a feed's soundbite, say) are held where a frame count can hold them.
        let startFrame = Int(min(max(0, from * rate), 1e15).rounded())
        let endFrame = to.isFinite ? Int(min(max(0, to * rate), 1e15).rounded()) : Int.max
        try begin(format)
        let stages = ListeningStages()
        stages.speed = listening.speed
        stages.skipsSilence = listening.skipsSilence
        stages.loudness = listening.loudness
        stages.voiceBoost = listening.voiceBoost
        stages.startEpisode()
        stages.make(for: decoder)
        let chunkFrames = 4096
        var pcm = [Int16](repeating: 0, count: chunkFrames * format.channels * 4)
        var raw = [UInt8](repeating: 0, count: chunkFrames * format.bytesPerFrame)
        var frames = 0
        var ended = false
        var dropping = startFrame
        while true {
            let made = try stages.produce(into: &pcm, decoder: decoder, chunkFrames: chunkFrames) {
                buffer throws(AudioError) -> Int in
                if ended { return 0 }
                if buffer.count < chunkFrames * format.channels { buffer = [Int16](repeating: 0, count: chunkFrames * format.channels) }
                while true {
                    let wanted = min(chunkFrames, endFrame - decoder.position)
                    guard wanted > 0 else { return 0 }
                    let chunk = try raw.withUnsafeMutableBytes { bytes in
                        Result { () throws(AudioError) in
                            try decoder.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[0..<wanted * format.bytesPerFrame]))
                        }
                    }.get()
                    switch chunk {
                    case .audio(let count):
                        let got = count / format.bytesPerFrame
                        let dropped = min(dropping, got)
                        dropping -= dropped
                        if got == dropped { continue }
                        let kept = (dropped * format.bytesPerFrame)..<count
                        raw.withUnsafeBytes { bytes in
                            buffer.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[kept])) }
                        }
                        return got - dropped
                    case .formatChanged, .end, .needMore:
                        ended = true
                        return 0
                    }
                }
            }
            // Less than nothing: inside a long pause the skipper is still shortening.
            if made < 0 { continue }
            if made == 0 { break }
            try pcm.withUnsafeBufferPointer { all in
                Result { () throws(AudioError) in try samples(UnsafeBufferPointer(rebasing: all[0..<made * format.channels])) }
            }.get()
            frames += made
        }
        return Outcome(format: format, frames: frames, droppedFrames: stages.droppedFrames)
    }
}
