/// A far move in a fed MPEG stream of one bit rate, planned by the frames' size. The server is asked for the bytes from
/// just before the frame estimated; the first frame header among them is found (two headers of the stream's kind in a
/// row, the second where the first's size says), and its number follows from its place. libmpg123 then reads on from
/// that frame to the sample asked for, as it does from a frame of its own index: exact, with one small request.
struct FrameJump {
    /// The MPEG frame planned (a few before the one holding the sample asked for).
    let plannedFrame: Int
    /// The first byte asked of the server.
    let requested: Int
    /// The sample (per channel) asked for.
    let targetSample: Int
    /// Where frame 0 starts, and the frames' mean size in bytes.
    let audioStart: Int
    let frameBytes: Double
    /// Bytes received from `requested` on.
    var received: [UInt8] = []

    /// Bytes asked for before the frame's estimated place: the estimate is within one, the padding's.
    static let slack = 8
    /// Frames decoded before the one holding the sample asked for: libmpg123's own pre-roll (4) and some to spare.
    static let leadFrames = 8

    /// The plan for reaching `targetSample` in a stream whose frames are `layout`; nil when it lies too near the start.
    init?(targetSample: Int, layout: FrameLayout) {
        let planned = targetSample / layout.samplesPerFrame - Self.leadFrames
        guard planned > 0 else { return nil }
        plannedFrame = planned
        self.targetSample = targetSample
        audioStart = layout.audioStart
        frameBytes = layout.frameBytes
        requested = max(layout.audioStart, layout.audioStart + Int(Double(planned) * layout.frameBytes) - Self.slack)
    }

    /// What the bytes received so far say.
    enum Finding: Equatable {
        /// Too few bytes yet.
        case needMore
        /// A frame starts `offset` bytes into what was received; it is frame number `frame`.
        case frame(offset: Int, frame: Int)
        /// No frame header where one must be: the stream is not laid out as its bit rate says.
        case none
    }

    /// Looks for the first frame in what was received.
    func find() -> Finding {
        let size = Int(frameBytes)
        let window = size + 2 * Self.slack
        guard received.count >= window + size + 8 else { return .needMore }
        for offset in 0..<window where Self.isHeader(received, at: offset) {
            let next = offset + size + Int((received[offset + 2] >> 1) & 1)
            guard Self.isHeader(received, at: next), received[next + 1] | 1 == received[offset + 1] | 1,
                received[next + 2] & 0xFC == received[offset + 2] & 0xFC
            else { continue }
            let frame = Int((Double(requested + offset - audioStart) / frameBytes).rounded())
            return .frame(offset: offset, frame: frame)
        }
        return .none
    }

    /// True when an MPEG audio frame header (layer II or III, a bit rate and sample rate that exist) starts at `offset`.
    static func isHeader(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 else { return false }
        let layer = (bytes[offset + 1] >> 1) & 3
        let version = (bytes[offset + 1] >> 3) & 3
        let bitRate = bytes[offset + 2] >> 4
        let sampleRate = (bytes[offset + 2] >> 2) & 3
        return (layer == 1 || layer == 2) && version != 1 && bitRate != 0 && bitRate != 15 && sampleRate != 3
    }
}

/// Where the frames of a stream of one bit rate lie: frame n starts `audioStart + n × frameBytes` bytes in (to within
/// a byte, the padding's), and holds `samplesPerFrame` samples.
struct FrameLayout: Equatable {
    let audioStart: Int
    let frameBytes: Double
    let samplesPerFrame: Int
    /// The last frame libmpg123's own index knows the place of.
    let lastIndexedFrame: Int
}
