import Crypto

/// Writes 16-bit PCM as FLAC, lossless: blocks of 4,096 frames, each channel coded with the fixed predictor (order 0
/// to 4) that leaves the smallest residual, Rice-coded; silent stretches as constants. STREAMINFO carries the count of
/// samples and their MD5, so `flac -t` checks the file; a Vorbis comment block carries the tags.
public final class FLACClipWriter: ClipSampleWriter {
    /// Frames in a block (the last may be shorter).
    static let blockFrames = 4096

    private let file: ClipFile
    private let format: AudioFormat
    private let comments: [(String, String)]
    private var pending: [Int16] = []
    private var blocks = 0
    private var totalFrames = 0
    private var md5 = Insecure.MD5()

    /// Starts a FLAC file of `format`, tagged with `comments` (Vorbis comment names and values).
    public init(file: ClipFile, format: AudioFormat, comments: [(String, String)] = []) throws(AudioError) {
        guard (1...8).contains(format.channels), format.sampleRate > 0, format.sampleRate < 1 << 20 else {
            throw AudioError.unwritable(path: file.path, reason: "FLAC cannot hold \(format)")
        }
        self.file = file
        self.format = format
        self.comments = comments
        try file.write(header(totalFrames: 0, md5: [UInt8](repeating: 0, count: 16)))
    }

    public func append(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) {
        md5.update(bufferPointer: UnsafeRawBufferPointer(samples))
        pending.append(contentsOf: samples)
        let blockSamples = Self.blockFrames * format.channels
        var start = 0
        while pending.count - start >= blockSamples {
            try writeBlock(pending[start..<start + blockSamples])
            start += blockSamples
        }
        pending.removeFirst(start)
    }

    public func finish() throws(AudioError) {
        if !pending.isEmpty { try writeBlock(pending[...]) }
        pending = []
        try file.overwrite(header(totalFrames: totalFrames, md5: Array(md5.finalize())), at: 0)
    }

    /// `fLaC`, STREAMINFO and the Vorbis comments.
    private func header(totalFrames: Int, md5: [UInt8]) -> [UInt8] {
        var bits = BitPacker()
        bits.put(0x664C_6143, 32)  // "fLaC"
        bits.put(0, 1)
        bits.put(0, 7)  // STREAMINFO
        bits.put(34, 24)
        bits.put(UInt64(Self.blockFrames), 16)
        bits.put(UInt64(Self.blockFrames), 16)
        bits.put(0, 24)  // smallest and largest frame: not known
        bits.put(0, 24)
        bits.put(UInt64(format.sampleRate), 20)
        bits.put(UInt64(format.channels - 1), 3)
        bits.put(15, 5)  // 16 bits a sample
        bits.put(UInt64(totalFrames) >> 32, 4)
        bits.put(UInt64(totalFrames) & 0xFFFF_FFFF, 32)
        for byte in md5 { bits.put(UInt64(byte), 8) }
        var comment: [UInt8] = []
        func le32(_ value: Int) { for index in 0..<4 { comment.append(UInt8(truncatingIfNeeded: value >> (8 * index))) } }
        let vendor = Array("Podline".utf8)
        le32(vendor.count)
        comment += vendor
        le32(comments.count)
        // Each comment is held to 64 kB, so that the block stays within its 24-bit length.
        for (name, value) in comments.prefix(200) {
            let entry = Array(Array("\(name)=\(value)".utf8).prefix(65_536))
            le32(entry.count)
            comment += entry
        }
        bits.put(1, 1)  // the last metadata block
        bits.put(4, 7)  // VORBIS_COMMENT
        bits.put(UInt64(comment.count), 24)
        return bits.bytes + comment
    }

    /// Codes one block (interleaved samples) as a frame.
    private func writeBlock(_ samples: ArraySlice<Int16>) throws(AudioError) {
        let channels = format.channels
        let frames = samples.count / channels
        var bits = BitPacker()
        bits.put(0xFFF8, 16)  // sync, fixed block size
        let sizeCode: UInt64 = frames == Self.blockFrames ? 12 : 7
        bits.put(sizeCode, 4)
        let (rateCode, rateTail) = Self.rateCode(format.sampleRate)
        bits.put(rateCode, 4)
        bits.put(UInt64(channels - 1), 4)  // channels coded independently
        bits.put(4, 3)  // 16 bits a sample
        bits.put(0, 1)
        Self.putFrameNumber(blocks, into: &bits)
        if sizeCode == 7 { bits.put(UInt64(frames - 1), 16) }
        if let (value, width) = rateTail { bits.put(value, width) }
        bits.put(UInt64(FLACChecksum.crc8(bits.bytes)), 8)
        var channel = [Int32](repeating: 0, count: frames)
        let base = samples.startIndex
        for index in 0..<channels {
            for frame in 0..<frames { channel[frame] = Int32(samples[base + frame * channels + index]) }
            FLACSubframe.code(channel, into: &bits)
        }
        bits.alignToByte()
        let crc = FLACChecksum.crc16(bits.bytes)
        bits.put(UInt64(crc), 16)
        try file.write(bits.bytes)
        blocks += 1
        totalFrames += frames
    }

    /// The frame header's sample-rate code, and the value written after the header when the code says so.
    static func rateCode(_ rate: Int) -> (UInt64, (UInt64, Int)?) {
        let codes: [Int: UInt64] = [
            88_200: 1, 176_400: 2, 192_000: 3, 8_000: 4, 16_000: 5, 22_050: 6, 24_000: 7, 32_000: 8, 44_100: 9, 48_000: 10,
            96_000: 11,
        ]
        if let code = codes[rate] { return (code, nil) }
        if rate < 65_536 { return (13, (UInt64(rate), 16)) }
        return (0, nil)  // as STREAMINFO says
    }

    /// A frame's number in FLAC's UTF-8-like code.
    static func putFrameNumber(_ number: Int, into bits: inout BitPacker) {
        let value = UInt64(number)
        if value < 0x80 {
            bits.put(value, 8)
            return
        }
        var continuation = 1
        while continuation < 6, value >= UInt64(1) << (5 * continuation + 6) { continuation += 1 }
        let leadBits = 6 - continuation
        let lead = (UInt64(0xFF) << (8 - (continuation + 1))) & 0xFF
        bits.put(lead | (value >> (6 * continuation)) & ((1 << leadBits) - 1), 8)
        for index in stride(from: continuation - 1, through: 0, by: -1) {
            bits.put(0x80 | (value >> (6 * index)) & 0x3F, 8)
        }
    }
}

/// One channel of one block, coded as FLAC's CONSTANT or FIXED subframe.
enum FLACSubframe {
    /// The largest Rice parameter the 4-bit field takes (15 means an escape).
    static let maxRiceParameter = 14

    static func code(_ samples: [Int32], into bits: inout BitPacker) {
        let count = samples.count
        if samples.allSatisfy({ $0 == samples[0] }) {
            bits.put(0, 8)  // CONSTANT
            bits.put(UInt64(UInt16(bitPattern: Int16(samples[0]))), 16)
            return
        }
        var best: (order: Int, residual: [Int32], sum: Int64)?
        for order in 0...min(4, count - 1) {
            let residual = FixedPrediction.residual(samples, order: order)
            let sum = residual.reduce(Int64(0)) { $0 + Int64(abs($1)) }
            if best == nil || sum < best!.sum { best = (order, residual, sum) }
        }
        let (order, residual, _) = best!
        bits.put(UInt64((0b1000 | order) << 1), 8)  // FIXED, of this order
        for index in 0..<order { bits.put(UInt64(UInt16(bitPattern: Int16(samples[index]))), 16) }
        let values = residual.map { UInt32(bitPattern: ($0 << 1) ^ ($0 >> 31)) }
        let parameter = riceParameter(values)
        bits.put(0, 2)  // Rice, 4-bit parameters
        bits.put(0, 4)  // one partition
        bits.put(UInt64(parameter), 4)
        for value in values {
            bits.putUnary(Int(value >> UInt32(parameter)))
            if parameter > 0 { bits.put(UInt64(value) & ((1 << UInt64(parameter)) - 1), parameter) }
        }
    }

    /// The Rice parameter that codes `values` in the fewest bits, searched near the one their mean suggests.
    static func riceParameter(_ values: [UInt32]) -> Int {
        guard !values.isEmpty else { return 0 }
        let mean = values.reduce(UInt64(0)) { $0 + UInt64($1) } / UInt64(values.count)
        let guess = mean == 0 ? 0 : min(maxRiceParameter, 63 - mean.leadingZeroBitCount)
        var best = (parameter: guess, bits: UInt64.max)
        for parameter in max(0, guess - 1)...min(maxRiceParameter, guess + 1) {
            let shift = UInt32(parameter)
            let size = values.reduce(UInt64(0)) { $0 + UInt64($1 >> shift) } + UInt64(values.count * (parameter + 1))
            if size < best.bits { best = (parameter, size) }
        }
        return best.parameter
    }
}

/// FLAC's fixed predictors: the residual of order 0 to 4 (the samples' differences of that order).
enum FixedPrediction {
    static func residual(_ x: [Int32], order: Int) -> [Int32] {
        let count = x.count
        guard count > order else { return [] }
        var residual = [Int32](repeating: 0, count: count - order)
        for n in order..<count {
            let value: Int32
            switch order {
            case 0: value = x[n]
            case 1: value = x[n] - x[n - 1]
            case 2: value = x[n] - 2 * x[n - 1] + x[n - 2]
            case 3: value = x[n] - 3 * x[n - 1] + 3 * x[n - 2] - x[n - 3]
            default: value = x[n] - 4 * x[n - 1] + 6 * x[n - 2] - 4 * x[n - 3] + x[n - 4]
            }
            residual[n - order] = value
        }
        return residual
    }
}
