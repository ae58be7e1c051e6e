/// Decodes what FFmpeg opens for Podline (MP4/M4A/MOV, Ogg Opus and Vorbis, FLAC, WAV, ADTS AAC) through one
/// `FFmpegInput`, from a file or from a stream it pulls.
public final class FFmpegDecoder: AudioDecoder {
    private let input: FFmpegInput
    public let path: String
    public private(set) var position: Int = 0
    private var reachedEnd = false
    /// The stream's offset and the position after the first audio FFmpeg decoded (since the last move): what comes
    /// before (the container's headers, a cover) is not audio.
    private var pulledMark: (offset: Int, position: Int)?

    /// Opens the file at `path`, whose first bytes said `kind`.
    init(path: String, kind: String) throws(AudioError) {
        input = try FFmpegInput(path: path, kind: kind)
        self.path = path
    }

    /// Opens a stream named `name`, whose first bytes said `kind`, pulled through `stream`.
    init(pulling stream: PulledStream, name: String, kind: String) throws(AudioError) {
        input = try FFmpegInput(stream: stream, name: name, kind: kind)
        path = name
    }

    public var format: AudioFormat { input.format }

    /// Always nil: the container's length is an estimate (within a codec frame for MP4, a bit-rate guess for ADTS),
    /// shown, never taken for a promise that a shorter file breaks.
    public var announcedFrames: Int? { nil }

    public var estimatedFrames: Int? { input.frames }

    public var pullsItsInput: Bool { input.pulled != nil }

    /// Bytes a second of a stream FFmpeg pulls, from the bytes it read for what it decoded (once half a second was):
    /// what an Ogg stream, whose length in time is not known ahead, plays at; nil for a file.
    public var bytesPerSecond: Double? {
        guard let pulled = input.pulled, let pulledMark, format.sampleRate > 0 else { return nil }
        let seconds = Double(position - pulledMark.position) / Double(format.sampleRate)
        return seconds >= 0.5 ? Double(pulled.offset - pulledMark.offset) / seconds : nil
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> DecodedChunk {
        if reachedEnd { return .end }
        let count: Int
        do {
            count = try input.read(into: buffer, path: path)
        } catch {
            // A read that gave up for a command (stop, load) is no failure: the command comes next.
            if input.pulled?.wasInterrupted == true { return .needMore }
            throw error
        }
        position = input.position
        if pulledMark == nil, count > 0, let pulled = input.pulled { pulledMark = (pulled.offset, position) }
        if count == 0 { reachedEnd = true }
        return count == 0 ? .end : .audio(byteCount: count)
    }

    public func seek(toFrame frame: Int) throws(AudioError) {
        try input.seek(toFrame: frame, path: path)
        position = input.position
        pulledMark = nil
        reachedEnd = false
    }
}
