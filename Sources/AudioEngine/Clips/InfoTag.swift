/// The Xing/Info tag that opens a cut MP3, with its LAME extension: the frame count, the byte count, a table of
/// contents for seeking, and the encoder delay and padding that make the cut exact to the sample.
struct InfoTag {
    /// The stream's first header: the tag's frame is of the same version, sample rate and channels.
    let model: LayerThreeHeader
    /// The sizes of the audio frames after the tag, in order.
    let frameSizes: [Int]
    /// Samples to leave out at the start and at the end.
    let delay: Int
    let padding: Int
    /// The encoder's name (9 bytes) from the source's tag, when it had one.
    let encoderName: [UInt8]?
    /// The CRC-16 of the audio frames.
    let musicCRC: UInt16

    init(
        like model: LayerThreeHeader, frameSizes: [Int], delay: Int, padding: Int, encoderName: [UInt8]?, musicCRC: UInt16
    ) {
        (self.model, self.frameSizes, self.delay, self.padding) = (model, frameSizes, delay, padding)
        (self.encoderName, self.musicCRC) = (encoderName, musicCRC)
    }

    /// Bytes of the tag after the side information: "Xing", flags, frames, bytes, the 100-byte table and the
    /// 36-byte LAME extension.
    static let tagBytes = 4 + 4 + 4 + 4 + 100 + 36

    /// The whole frame.
    func frame(path: String) throws(AudioError) -> [UInt8] {
        guard let header = model.smallest(holding: 4 + model.sideInfoSize + Self.tagBytes) else {
            throw AudioError.unsupportedFormat(path: path, reason: "no frame of its stream holds an Info tag")
        }
        var frame = header.bytes + [UInt8](repeating: 0, count: model.sideInfoSize)
        func be(_ value: Int, _ count: Int) {
            for index in stride(from: count - 1, through: 0, by: -1) { frame.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
        }
        let total = header.size + frameSizes.reduce(0, +)
        // "Info" says every frame has one bit rate (sizes a padding byte apart), "Xing" that they vary.
        let oneRate = (frameSizes.max() ?? 0) - (frameSizes.min() ?? 0) <= 1
        frame += Array((oneRate ? "Info" : "Xing").utf8)
        be(1 | 2 | 4, 4)  // frames, bytes, table of contents
        be(frameSizes.count, 4)
        be(total, 4)
        var before = header.size
        var starts: [Int] = []
        for size in frameSizes {
            starts.append(before)
            before += size
        }
        for percent in 0..<100 {
            let frameIndex = min(frameSizes.count - 1, percent * frameSizes.count / 100)
            frame.append(UInt8(min(255, starts[frameIndex] * 256 / total)))
        }
        // FFmpeg reads the delay and padding only after a name it knows; the source's encoder is named when it is one.
        let known = ["LAME", "Lavf", "Lavc"].contains { encoderName?.starts(with: Array($0.utf8)) == true }
        let name = known ? encoderName! : Array("LAME3.100".utf8)
        frame += name
        frame += [UInt8](repeating: 0, count: 12)  // revision and method, low-pass, peak, gains, flags, ABR rate
        be(delay << 12 | padding, 3)
        frame += [0, 0, 0, 0]  // misc, MP3Gain, preset and surround
        be(total, 4)
        be(Int(musicCRC), 2)
        let crc = frame.withUnsafeBytes { LameChecksum.crc16($0) }
        be(Int(crc), 2)
        frame += [UInt8](repeating: 0, count: header.size - frame.count)
        return frame
    }
}

/// The CRC the LAME tag uses for itself and for the music (CRC-16/ARC: polynomial 0x8005, reflected).
enum LameChecksum {
    static let table: [UInt16] = (0..<256).map { byte in
        var crc = UInt16(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        return crc
    }

    static func crc16(_ bytes: UnsafeRawBufferPointer, from start: UInt16 = 0) -> UInt16 {
        table.withUnsafeBufferPointer { table in
            var crc = start
            for byte in bytes { crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] }
            return crc
        }
    }
}
