/// Plays one file start to finish (or for a duration) on the calling thread.
public struct FilePlayback {
    /// How a finished playback went.
    public struct Report: Sendable {
        /// Frames written to the output.
        public var framesPlayed: Int
        /// The output's sample rate, for turning frames into seconds.
        public var sampleRate: Int
        /// The driver that played.
        public var driverName: String
        /// Set when the file ended early: it played what it had, then this is reported.
        public var truncation: AudioError?

        /// Seconds written to the output.
        public var secondsPlayed: Double { sampleRate > 0 ? Double(framesPlayed) / Double(sampleRate) : 0 }
    }

    /// The file to play.
    public var path: String
    /// Where to play it.
    public var output: OutputSpec
    /// Seconds into the file to start at.
    public var start: Double = 0
    /// Seconds to play at most; nil plays to the end.
    public var duration: Double?
    /// Listener volume 0–100.
    public var volume: Double = 100
    /// Bytes decoded per step: small for live devices so commands act quickly, larger for files.
    public var chunkBytes: Int?

    public init(path: String, output: OutputSpec) {
        self.path = path
        self.output = output
    }

    /// Decodes and plays; throws for unreadable input or output, reports truncation after playing.
    public func run() throws(AudioError) -> Report {
        let decoder = try Decoder(path: path)
        if start > 0 {
            try decoder.seek(toFrame: Int((start * Double(decoder.format.sampleRate)).rounded()))
        }
        var sink = try AudioOutput(spec: output, format: decoder.format)
        let limit = duration.map { Int(($0 * Double(decoder.format.sampleRate)).rounded()) }
        let gain = Gain(volume: volume)
        let size = chunkBytes ?? (output.isFile ? 65_536 : 4_608)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var played = 0
        loop: while limit.map({ played < $0 }) ?? true {
            let chunk = try decoder.read(into: buffer)
            switch chunk {
            case .end, .needMore:
                break loop
            case let .formatChanged(format):
                if format != sink.format {
                    sink = try reopen(sink, for: format)
                }
            case let .audio(byteCount):
                let frameBytes = sink.format.bytesPerFrame
                var frames = byteCount / frameBytes
                if let limit { frames = min(frames, limit - played) }
                let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<frames * frameBytes])
                gain.apply(to: slice.bindMemory(to: Int16.self))
                try sink.play(UnsafeRawBufferPointer(slice))
                played += frames
            }
        }
        var report = Report(framesPlayed: played, sampleRate: sink.format.sampleRate, driverName: sink.driverName)
        let reachedEnd = limit.map { played < $0 } ?? true
        if reachedEnd, let announced = decoder.announcedFrames, decoder.position + 1152 < announced {
            let rate = Double(decoder.format.sampleRate)
            report.truncation = .truncated(path: path, played: Double(decoder.position) / rate,
                                           expected: Double(announced) / rate)
        }
        return report
    }

    private func reopen(_ sink: AudioOutput, for format: AudioFormat) throws(AudioError) -> AudioOutput {
        if sink.spec.isFile {
            throw AudioError.unsupportedFormat(
                path: path, reason: "the stream changes format mid-way (\(sink.format) to \(format)); a file output keeps one format")
        }
        return try AudioOutput(spec: sink.spec, format: format)
    }
}
