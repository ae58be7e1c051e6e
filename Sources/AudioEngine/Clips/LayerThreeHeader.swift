/// The four-byte header of an MPEG audio layer III frame (MPEG-1, 2 or 2.5): what a cut on frame boundaries needs.
struct LayerThreeHeader: Equatable {
    /// MPEG-1 (three sample rates of 32–48 kHz, 1,152 samples a frame), else MPEG-2 or 2.5 (576 samples a frame).
    let isMPEG1: Bool
    /// The version bits as written (3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5).
    let versionBits: UInt8
    let bitRateIndex: Int
    let sampleRateIndex: Int
    let padded: Bool
    /// True when a 16-bit CRC follows the header.
    let hasCRC: Bool
    /// The channel mode (3: mono).
    let channelMode: UInt8

    /// Layer III bit rates in kb/s by index, MPEG-1's and then MPEG-2/2.5's.
    static let bitRates = [
        [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
        [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    ]

    /// The header at `offset`, when a layer III header with a bit rate and sample rate that exist starts there.
    init?(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        guard offset >= 0, offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 else { return nil }
        let b1 = bytes[offset + 1]
        let b2 = bytes[offset + 2]
        versionBits = (b1 >> 3) & 3
        guard versionBits != 1, (b1 >> 1) & 3 == 1 else { return nil }
        isMPEG1 = versionBits == 3
        bitRateIndex = Int(b2 >> 4)
        sampleRateIndex = Int((b2 >> 2) & 3)
        guard bitRateIndex != 0, bitRateIndex != 15, sampleRateIndex != 3 else { return nil }
        padded = (b2 >> 1) & 1 == 1
        hasCRC = b1 & 1 == 0
        channelMode = bytes[offset + 3] >> 6
    }

    private init(copying other: LayerThreeHeader, bitRateIndex: Int) {
        (isMPEG1, versionBits, sampleRateIndex, channelMode) = (other.isMPEG1, other.versionBits, other.sampleRateIndex, other.channelMode)
        self.bitRateIndex = bitRateIndex
        padded = false
        hasCRC = false
    }

    var sampleRate: Int {
        let base = [44_100, 48_000, 32_000][sampleRateIndex]
        switch versionBits {
        case 3: return base
        case 2: return base / 2
        default: return base / 4
        }
    }

    var bitRate: Int { Self.bitRates[isMPEG1 ? 0 : 1][bitRateIndex] }
    var samplesPerFrame: Int { isMPEG1 ? 1152 : 576 }
    /// The frame's length in bytes, header included.
    var size: Int { (isMPEG1 ? 144_000 : 72_000) * bitRate / sampleRate + (padded ? 1 : 0) }
    var isMono: Bool { channelMode == 3 }
    /// Bytes of side information after the header (and its CRC).
    var sideInfoSize: Int { isMPEG1 ? (isMono ? 17 : 32) : (isMono ? 9 : 17) }
    /// Where the main data area starts, from the frame's first byte.
    var dataOffset: Int { 4 + (hasCRC ? 2 : 0) + sideInfoSize }
    /// True when `other` belongs to the same stream: the same version, sample rate and channel count.
    func sameStream(as other: LayerThreeHeader) -> Bool {
        versionBits == other.versionBits && sampleRateIndex == other.sampleRateIndex && isMono == other.isMono
    }

    /// The smallest frame of this stream, without CRC or padding, whose size is at least `bytes`; nil when none is.
    func smallest(holding bytes: Int) -> LayerThreeHeader? {
        for index in 1...14 {
            let header = LayerThreeHeader(copying: self, bitRateIndex: index)
            if header.size >= bytes { return header }
        }
        return nil
    }

    /// The four bytes of this header (no CRC, no padding, joint-stereo extension off, as for frames made anew).
    var bytes: [UInt8] {
        [
            0xFF, 0xE0 | (versionBits << 3) | (1 << 1) | (hasCRC ? 0 : 1),
            UInt8(bitRateIndex << 4) | UInt8(sampleRateIndex << 2) | (padded ? 2 : 0), channelMode << 6,
        ]
    }
}
