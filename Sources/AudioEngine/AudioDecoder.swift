/// Decodes one input to interleaved 16-bit PCM, a chunk at a time: MPEG audio with libmpg123 (`MPEGDecoder`), every
/// other format Podline plays with FFmpeg (`FFmpegDecoder`); `Decoders` opens the one an input's first bytes call for.
public protocol AudioDecoder: AnyObject {
    /// The file being decoded, or the stream's name: what messages name.
    var path: String { get }
    /// The current PCM format; sample rate 0 while a fed stream has not shown its first frame.
    var format: AudioFormat { get }
    /// The decoder's position, in frames from the start: where the next frame `read` gives lies.
    var position: Int { get }
    /// Frames (samples per channel) the input promises in a header that a shorter file breaks (an MP3's LAME/Info
    /// tag); nil when it has none.
    var announcedFrames: Int? { get }
    /// Duration in frames: the announced length if there is one, else the backend's estimate.
    var estimatedFrames: Int? { get }
    /// Bytes a second of the input's audio as the decoder sees it (an MPEG frame's bit rate, or the bytes FFmpeg pulled
    /// for what it decoded); nil when it cannot tell yet.
    var bytesPerSecond: Double? { get }
    /// True when the decoder pulls a stream's bytes itself (FFmpeg) rather than being fed them.
    var pullsItsInput: Bool { get }

    /// Decodes into `buffer`, never writing more than its size. Audio decoded together with a format change or an
    /// error comes first, in the format it was decoded in; the change or the error comes with the next read.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> DecodedChunk

    /// Moves to `frame` frames from the start, sample-accurately.
    func seek(toFrame frame: Int) throws(AudioError)
}

extension AudioDecoder {
    public var pullsItsInput: Bool { false }
}

/// A decoder given its stream's bytes as they arrive (MPEG audio over HTTP), which tells where to fetch from after a
/// move.
public protocol FeedableDecoder: AudioDecoder {
    /// Gives the decoder the next bytes of its stream.
    func feed(_ bytes: [UInt8]) throws(AudioError)

    /// Tells the decoder the stream's length in bytes, so that a far move can be estimated.
    func setStreamLength(_ bytes: Int)

    /// The byte offset to feed from so that decoding resumes at `frame`; `estimating` when a frame past what was read
    /// may be found at its estimated place instead of by reading every byte before it.
    func feedSeek(toFrame frame: Int, estimating: Bool) throws(AudioError) -> Int
}

/// What one `read` produced.
public enum DecodedChunk: Equatable, Sendable {
    /// `byteCount` bytes of PCM in the current format were written to the buffer.
    case audio(byteCount: Int)
    /// The stream switched format; later audio is in this format.
    case formatChanged(AudioFormat)
    /// The stream ended.
    case end
    /// A fed decoder needs more bytes before it can produce audio.
    case needMore
}
