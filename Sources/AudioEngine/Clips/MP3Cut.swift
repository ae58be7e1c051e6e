/// Cuts a span out of an MP3 file on frame boundaries, with no re-encoding, so that it decodes to exactly the source's
/// samples of that span.
///
/// A cut MP3 has three troubles, each met here:
/// - a frame's data may begin in the frames before it (the bit reservoir): the clip opens with a silent frame whose
///   unused data area holds those bytes (or two silent frames, see `CutPlan`);
/// - a frame's first samples overlap the frame before it, and the synthesis filter remembers the one before that: a
///   frame (two of MPEG-2's shorter frames) before the first one wanted is kept, to be decoded and left out;
/// - the span starts and ends inside frames: an Info tag with a LAME extension gives the samples to leave out at each
///   end (encoder delay and padding), which libmpg123 honours (gapless playback).
public struct MP3Cut {
    /// The samples a layer III decoder outputs before the first one the encoder was given (libmpg123's `GAPLESS_DELAY`).
    static let decoderDelay = 529
    /// The largest delay or padding the LAME tag's 12-bit fields hold.
    static let largestTrim = 4095

    /// What a cut made.
    public struct Outcome: Sendable, Equatable {
        /// The clip's sample rate and channels.
        public var format: AudioFormat
        /// Samples per channel it decodes to.
        public var frames: Int
        /// MPEG frames written (the silent one and those kept before the span included).
        public var mpegFrames: Int
    }

    /// The file's frames, read once.
    private let frames: LayerThreeFrames
    /// The file, for messages.
    private let path: String

    /// Opens the MP3 at `path`; nil when it holds no layer III stream (another format, or MPEG layer II).
    public init?(path: String) throws(AudioError) {
        // Only what starts as MPEG audio: two frame headers in a row can be found by chance inside other formats.
        guard case .mpeg = InputSniffer.kind(try InputSniffer.readHead(of: path)), let frames = try LayerThreeFrames(path: path)
        else { return nil }
        self.frames = frames
        self.path = path
    }

    /// Samples per channel the file decodes to (with libmpg123, as its tag says to trim).
    private var length: Int { frames.offsets.count * frames.first.samplesPerFrame - frames.leadIn - frames.trailing }

    /// How long the file plays, in seconds.
    public var seconds: Double { Double(length) / Double(frames.first.sampleRate) }

    /// Writes into `file`: `tag` (an ID3v2 tag, or nothing), then the frames from `from` to `to` seconds (to the end
    /// of the audio when past it).
    public func write(from: Double, to: Double, tag: [UInt8], into file: ClipFile) throws(AudioError) -> Outcome {
        let first = frames.first
        let perFrame = first.samplesPerFrame
        let rate = Double(first.sampleRate)
        let length = self.length
        let startSample = Int(min(Double(length), max(0, from * rate)).rounded())
        let endSample = Int(min(Double(length), max(0, to * rate)).rounded())
        guard endSample > startSample else {
            throw AudioError.unsupportedFormat(path: path, reason: "nothing to cut between those times")
        }
        // Sample n the source decodes to is sample n + leadIn of its frames, and sample r lies in frame r / perFrame.
        let rawStart = startSample + frames.leadIn
        let rawEnd = endSample + frames.leadIn
        let lastFrame = min(frames.offsets.count - 1, (rawEnd - 1) / perFrame)
        guard let plan = CutPlan.best(frames: frames, rawStart: rawStart) else {
            throw AudioError.unsupportedFormat(path: path, reason: "the cut needs a trim the LAME tag cannot hold")
        }
        let firstFrame = plan.firstFrame
        let reservoir = plan.reservoir
        let count = plan.silentFrames + lastFrame - firstFrame + 1
        let leading = plan.leading
        let trailing = count * perFrame - leading - (endSample - startSample)
        guard (0...Self.largestTrim).contains(trailing) else {
            throw AudioError.unsupportedFormat(path: path, reason: "the cut needs a trim the LAME tag cannot hold")
        }
        let kept = frames.bytes(of: firstFrame...lastFrame)
        var silentFrames: [UInt8] = []
        var sizes: [Int] = []
        for index in 0..<plan.silentFrames {
            let holding = index == plan.silentFrames - 1 ? reservoir : []
            guard let made = MP3Cut.silentFrame(like: frames.header(firstFrame), holding: holding) else {
                throw AudioError.unsupportedFormat(path: path, reason: "its bit reservoir is larger than any frame")
            }
            silentFrames += made
            sizes.append(made.count)
        }
        for index in firstFrame...lastFrame { sizes.append(frames.header(index).size) }
        let music = silentFrames.withUnsafeBytes { LameChecksum.crc16($0) }
        let info = try InfoTag(
            like: first, frameSizes: sizes, delay: leading, padding: trailing, encoderName: frames.encoderName,
            musicCRC: LameChecksum.crc16(kept, from: music)
        ).frame(path: path)
        try file.write(tag)
        try file.write(info)
        try file.write(silentFrames)
        try file.write(kept)
        return Outcome(
            format: AudioFormat(sampleRate: first.sampleRate, channels: first.isMono ? 1 : 2), frames: endSample - startSample,
            mpegFrames: count)
    }

    /// A frame that decodes to silence (side information all zero: no main data) whose data area ends with `reservoir`,
    /// the bytes the next frame's data may begin in.
    static func silentFrame(like model: LayerThreeHeader, holding reservoir: [UInt8]) -> [UInt8]? {
        guard let header = model.smallest(holding: 4 + model.sideInfoSize + reservoir.count) else { return nil }
        var frame = header.bytes
        frame += [UInt8](repeating: 0, count: header.size - 4 - reservoir.count)
        frame += reservoir
        return frame
    }
}

/// Where a cut starts: the first source frame kept, the silent frames before it (the last carrying the bit reservoir),
/// and the samples the LAME tag leaves out before the span.
struct CutPlan {
    let firstFrame: Int
    let silentFrames: Int
    let reservoir: [UInt8]
    let leading: Int

    /// libmpg123 decodes at most this many frames before the first one it outputs a sample of (its `preframes`, 4
    /// for mpg123 and Podline alike): the frames before them are read, not decoded.
    static let decodedAhead = 4

    /// The plan that decodes the frame holding raw sample `rawStart` exactly as the whole file does.
    ///
    /// The frame before it must be decoded (two of MPEG-2's: its overlap and the synthesis filter's memory), unless
    /// the cut starts with the stream, and so must the silent frames before them: all within `decodedAhead`. A silent
    /// frame comes first when the reservoir needs one, or when the span starts too near the start of a file without a
    /// LAME tag for the tag's delay to reach it (libmpg123 leaves out 529 samples of any cut); a second one turns the
    /// filter's order.
    /// libmpg123's synthesis filter also sums its taps in an order that turns with each frame decoded, every 2 frames of
    /// MPEG-1 and 4 of MPEG-2, and a different order rounds a few samples a second differently by one: the frames
    /// decoded before the span are counted to turn it as the whole file does. MPEG-1 always can; MPEG-2 and 2.5 in
    /// three cuts of four (two where a silent frame is needed); the others differ by one in those few samples.
    static func best(frames: LayerThreeFrames, rawStart: Int) -> CutPlan? {
        let first = frames.first
        let perFrame = first.samplesPerFrame
        let target = rawStart / perFrame
        let needed = first.isMPEG1 ? 1 : 2
        let period = first.isMPEG1 ? 2 : 4
        var fallback: CutPlan?
        for primers in 0...min(target, needed + 2 * period) where primers >= needed || primers == target {
            let firstFrame = target - primers
            let reservoir = frames.mainData(before: firstFrame, count: frames.mainDataBegin(firstFrame))
            for silent in (reservoir.isEmpty ? 0 : 1)...2 {
                let decodedBefore = primers + silent
                guard decodedBefore <= decodedAhead else { continue }
                let leading = decodedBefore * perFrame + rawStart % perFrame - MP3Cut.decoderDelay
                guard (0...MP3Cut.largestTrim).contains(leading) else { continue }
                let plan = CutPlan(firstFrame: firstFrame, silentFrames: silent, reservoir: reservoir, leading: leading)
                if (decodedBefore - target) % period == 0 { return plan }
                fallback = fallback ?? plan
            }
        }
        return fallback
    }
}
