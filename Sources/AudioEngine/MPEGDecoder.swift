import CLazyLibraries
import Cmpg123
import Glibc

/// Decodes MPEG audio with libmpg123 (one `mpg123_handle`, sample-identical to mpg123): a file it reads itself, or a
/// stream fed to it as its bytes arrive.
public final class MPEGDecoder: FeedableDecoder {
    private let handle: OpaquePointer
    /// The file being decoded.
    public let path: String
    /// The current PCM format.
    public private(set) var format: AudioFormat
    /// Frames (samples per channel) the file's LAME/Info header promises, when it has one.
    public private(set) var announcedFrames: Int?
    /// The decoder's position, in frames from the start: libmpg123's own count, which knows where a seek in a fed
    /// stream landed (a count of decoded frames would start from 0 there).
    public private(set) var position: Int = 0
    private var reachedEnd = false
    /// What a read met after it had produced audio: given by the next read, so that the audio comes first.
    private var pending: Result<DecodedChunk, AudioError>?

    /// Opens the MPEG audio file at `path`; the reason says when libmpg123 finds no frame in it.
    public init(path: String) throws(AudioError) {
        let handle = try Self.newHandle()
        self.handle = handle
        self.path = path
        self.format = AudioFormat(sampleRate: 0, channels: 0)
        self.announcedFrames = nil
        try MPG123Call.check(podline_mpg123_open(handle, path), "mpg123_open", handle: handle)
        guard let found = Self.readFormat(handle) else {
            throw AudioError.unsupportedFormat(path: path, reason: Self.noFramesReason(podline_mpg123_errcode(handle)))
        }
        format = found
        announcedFrames = Self.announcedLength(handle)
    }

    /// Opens a decoder fed with bytes as they arrive (`feed(_:)`); `name` names the stream in messages.
    public init(streamNamed name: String) throws(AudioError) {
        let handle = try Self.newHandle()
        self.handle = handle
        self.path = name
        self.format = AudioFormat(sampleRate: 0, channels: 0)
        self.announcedFrames = nil
        try MPG123Call.check(podline_mpg123_open_feed(handle), "mpg123_open_feed", handle: handle)
    }

    /// A new libmpg123 handle, configured as every decoder's is.
    private static func newHandle() throws(AudioError) -> OpaquePointer {
        try AudioLibraries.require(PODLINE_LIBRARY_MPG123)
        var code: Int32 = 0
        guard let handle = podline_mpg123_new(nil, &code) else {
            throw AudioError.library(function: "mpg123_new", message: MPG123Call.message(code))
        }
        try configure(handle)
        return handle
    }

    /// What libmpg123 says of the last frame read; nil before one was.
    private var frameInfo: mpg123_frameinfo2? {
        var info = mpg123_frameinfo2()
        guard podline_mpg123_info2(handle, &info) == Int32(MPG123_OK.rawValue), info.rate > 0 else { return nil }
        return info
    }

    /// True for MPEG audio of one bit rate throughout (as its Info tag or its frames say): every frame's place follows
    /// from its number.
    public var hasConstantBitRate: Bool { frameInfo.map { $0.vbr == Int32(MPG123_CBR.rawValue) } ?? false }

    /// Bytes a second of the MPEG audio, from its frames' bit rate (the target of an average bit rate); nil before a
    /// frame was read.
    public var bytesPerSecond: Double? {
        guard let info = frameInfo else { return nil }
        let kilobits = info.vbr == Int32(MPG123_ABR.rawValue) && info.abr_rate > 0 ? info.abr_rate : info.bitrate
        return kilobits > 0 ? Double(kilobits) * 125 : nil
    }

    /// Tells a fed decoder the stream's length in bytes. A stream of varying bit rate then finds a far place by the
    /// Xing table of contents; one of a constant bit rate is not told, as its frames' size finds it better.
    public func setStreamLength(_ bytes: Int) {
        guard bytes > 0, bytes != streamLength, !hasConstantBitRate else { return }
        streamLength = bytes
        _ = podline_mpg123_set_filesize(handle, off_t(bytes))
    }

    /// The fed stream's length as last told (`setStreamLength`).
    private var streamLength = 0

    /// Gives a fed decoder the next bytes of its stream.
    public func feed(_ bytes: [UInt8]) throws(AudioError) {
        guard !bytes.isEmpty else { return }
        if jump != nil { return try land(adding: bytes) }
        let code = bytes.withUnsafeBufferPointer { podline_mpg123_feed(handle, $0.baseAddress, $0.count) }
        try MPG123Call.check(code, "mpg123_feed", handle: handle)
    }

    /// A far move planned by the frames' size, waiting for the first bytes from its place.
    private var jump: FrameJump?

    /// Where the frames lie when the stream has one bit rate (MPEG layer II or III); nil otherwise, or before a frame
    /// was read.
    private var constantLayout: FrameLayout? {
        guard let info = frameInfo, info.vbr == Int32(MPG123_CBR.rawValue), info.layer >= 2, info.bitrate > 0 else {
            return nil
        }
        let samplesPerFrame = Int(podline_mpg123_spf(handle))
        guard samplesPerFrame > 0, let index = frameIndex else { return nil }
        return FrameLayout(
            audioStart: Int(index.offsets[0]), frameBytes: Double(samplesPerFrame) * Double(info.bitrate) * 125 / Double(info.rate),
            samplesPerFrame: samplesPerFrame, lastIndexedFrame: Int(index.step) * (index.offsets.count - 1))
    }

    /// A copy of libmpg123's own index of frames: the byte offset of every `step`-th frame read; nil while it is empty.
    private var frameIndex: (offsets: [off_t], step: off_t)? {
        var offsets: UnsafeMutablePointer<off_t>?
        var step: off_t = 0
        var fill = 0
        guard podline_mpg123_index(handle, &offsets, &step, &fill) == Int32(MPG123_OK.rawValue), fill > 0, let offsets else {
            return nil
        }
        return (Array(UnsafeBufferPointer(start: offsets, count: fill)), step)
    }

    /// Takes bytes from the place a frame jump asked for: once the first frame among them is found, libmpg123 is told its
    /// number and place (in an index of two entries, its own put back at once) and moves there, and is fed from it.
    private func land(adding bytes: [UInt8]) throws(AudioError) {
        guard var jump else { return }
        jump.received += bytes
        let found = jump.find()
        if found == .needMore {
            self.jump = jump
            return
        }
        self.jump = nil
        // Not laid out as its bit rate says: the estimate is taken for a frame's start, and libmpg123 finds the next.
        let (offset, frame) =
            if case .frame(let offset, let frame) = found { (offset, frame) } else { (0, jump.plannedFrame) }
        guard let index = frameIndex else {
            throw AudioError.library(function: "mpg123_index", message: MPG123Call.message(-1, handle: handle))
        }
        var own = index.offsets
        var landing: [off_t] = [own[0], off_t(jump.requested + offset)]
        _ = podline_mpg123_set_index(handle, &landing, off_t(max(1, frame)), 2)
        _ = podline_mpg123_set_flag(handle, MPG123_REMOVE_FLAGS, Int(MPG123_FUZZY.rawValue))
        var inputOffset: off_t = 0
        let result = podline_mpg123_feedseek(handle, off_t(jump.targetSample), SEEK_SET, &inputOffset)
        _ = podline_mpg123_set_index(handle, &own, index.step, own.count)
        if result < 0 {
            throw AudioError.library(function: "mpg123_feedseek", message: MPG123Call.message(Int32(result), handle: handle))
        }
        let from = max(0, min(jump.received.count, Int(inputOffset) - jump.requested))
        try feed(Array(jump.received[from...]))
    }

    /// For a fed decoder: the byte offset to feed from so that decoding resumes at `frame`. `estimating` when a frame
    /// past what was read may be found at its estimated place (a constant bit rate's frame size, else the Xing table of
    /// contents) instead of by reading every byte before it; a move within what was read is exact either way.
    public func feedSeek(toFrame frame: Int, estimating: Bool = false) throws(AudioError) -> Int {
        jump = nil
        if estimating, let layout = constantLayout, let planned = FrameJump(targetSample: max(0, frame), layout: layout),
            planned.plannedFrame > layout.lastIndexedFrame + FrameJump.leadFrames
        {
            // Of one bit rate, and past what libmpg123 has indexed: the frame's place follows from its number.
            jump = planned
            pending = nil
            position = max(0, frame)
            reachedEnd = false
            return planned.requested
        }
        let fuzzy = Int(MPG123_FUZZY.rawValue)
        _ = podline_mpg123_set_flag(handle, estimating ? MPG123_ADD_FLAGS : MPG123_REMOVE_FLAGS, fuzzy)
        var inputOffset: off_t = 0
        let result = podline_mpg123_feedseek(handle, off_t(max(0, frame)), SEEK_SET, &inputOffset)
        if result < 0 {
            throw AudioError.library(function: "mpg123_feedseek", message: MPG123Call.message(Int32(result), handle: handle))
        }
        // A seek is sample-accurate: where libmpg123 does not know the frame's offset yet, it says 0 and reads on from
        // where the stream is to the frame, so the position is the frame asked for either way.
        position = max(0, frame)
        reachedEnd = false
        return Int(inputOffset)
    }

    deinit {
        podline_mpg123_close(handle)
        podline_mpg123_delete(handle)
    }

    /// Duration in frames: the header's promise if there is one, else libmpg123's estimate.
    public var estimatedFrames: Int? {
        if let announcedFrames { return announcedFrames }
        let length = podline_mpg123_length(handle)
        return length > 0 ? Int(length) : nil
    }

    /// Decodes into `buffer`, never writing more than its size. Audio decoded together with a format change
    /// or an error comes first, in the format it was decoded in; the change or the error comes with the next
    /// read. After audio, a stream that loses sync for good ends there, as it does for mpg123.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(AudioError) -> DecodedChunk {
        if let pending {
            self.pending = nil
            return try deliver(pending)
        }
        if reachedEnd { return .end }
        // What libmpg123 holds is from before the move: nothing is decoded until the bytes from its place came.
        if jump != nil { return .needMore }
        var done = 0
        let code = podline_mpg123_read(handle, buffer.baseAddress, buffer.count, &done)
        if done > 0, code != Int32(MPG123_OK.rawValue), code != Int32(MPG123_DONE.rawValue),
            code != Int32(MPG123_NEED_MORE.rawValue)
        {
            updatePosition()
            pending = outcome(of: code)
            return .audio(byteCount: done)
        }
        switch code {
        case Int32(MPG123_OK.rawValue), Int32(MPG123_DONE.rawValue):
            if code == Int32(MPG123_DONE.rawValue) { reachedEnd = true }
            if done > 0 {
                updatePosition()
                return .audio(byteCount: done)
            }
            if reachedEnd { return .end }
            return .audio(byteCount: 0)
        case Int32(MPG123_NEED_MORE.rawValue):
            if done > 0 {
                updatePosition()
                return .audio(byteCount: done)
            }
            return .needMore
        default:
            return try deliver(outcome(of: code))
        }
    }

    /// `outcome`'s chunk, the format switched when it is a format change; or its error.
    private func deliver(_ outcome: Result<DecodedChunk, AudioError>) throws(AudioError) -> DecodedChunk {
        let chunk = try outcome.get()
        if case .formatChanged(let changed) = chunk { format = changed }
        return chunk
    }

    /// What a read's code other than OK, DONE or NEED_MORE means: a format change, the end, or an error.
    private func outcome(of code: Int32) -> Result<DecodedChunk, AudioError> {
        if code == Int32(MPG123_NEW_FORMAT.rawValue) {
            guard let changed = Self.readFormat(handle) else {
                return .failure(.library(function: "mpg123_getformat", message: MPG123Call.message(code, handle: handle)))
            }
            // Frames counted in one format say nothing of a length announced in another.
            if format.sampleRate > 0, changed != format { announcedFrames = nil }
            return .success(.formatChanged(changed))
        }
        if position > 0, code == Int32(MPG123_ERR.rawValue),
            [Int32(MPG123_RESYNC_FAIL.rawValue), Int32(MPG123_OUT_OF_SYNC.rawValue)].contains(podline_mpg123_errcode(handle))
        {
            reachedEnd = true
            return .success(.end)
        }
        return .failure(.unsupportedFormat(path: path, reason: "cannot decode: \(MPG123Call.message(code, handle: handle))"))
    }

    /// Takes the position libmpg123 counts: the offset of the next frame a read will give.
    private func updatePosition() {
        let told = podline_mpg123_tell(handle)
        if told >= 0 { position = Int(told) }
    }

    /// Moves to `frame` frames from the start, sample-accurately.
    public func seek(toFrame frame: Int) throws(AudioError) {
        let result = podline_mpg123_seek(handle, off_t(max(0, frame)), SEEK_SET)
        if result < 0 {
            throw AudioError.library(function: "mpg123_seek", message: MPG123Call.message(Int32(result), handle: handle))
        }
        position = Int(result)
        reachedEnd = false
    }
}
