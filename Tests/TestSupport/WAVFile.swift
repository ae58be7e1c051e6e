import Foundation

/// A 16-bit PCM WAV file read into memory.
public struct WAVFile: Sendable {
    public var sampleRate: Int
    public var channels: Int
    /// Interleaved samples.
    public var samples: [Int16]

    /// Frames: samples per channel.
    public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }
    /// Length in seconds.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// Wraps raw interleaved little-endian 16-bit stereo PCM.
    public init(rawStereo16 data: Data, sampleRate: Int) {
        self.sampleRate = sampleRate
        channels = 2
        let bytes = [UInt8](data)
        samples = (0..<bytes.count / 2).map { Int16(bitPattern: UInt16(bytes[2 * $0]) | UInt16(bytes[2 * $0 + 1]) << 8) }
    }

    /// Reads `url`, walking RIFF chunks to find `fmt ` and `data`.
    public init(url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
            String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE"
        else {
            throw TestSupportError("\(url.path) is not a WAV file")
        }
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        var offset = 12
        var rate = 0
        var channels = 0
        var bits = 0
        var data: ArraySlice<UInt8>?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            var size = u32(offset + 4)
            let body = offset + 8
            if id == "data" {
                // Streamed WAVs (parec, libao to a pipe) may carry a placeholder size.
                if size == 0 || size == 0xFFFF_FFFF || body + size > bytes.count { size = bytes.count - body }
                data = bytes[body..<body + size]
                break
            }
            if id == "fmt " {
                channels = u16(body + 2)
                rate = u32(body + 4)
                bits = u16(body + 14)
            }
            offset = body + size + (size & 1)
        }
        guard let data, bits == 16, channels > 0 else { throw TestSupportError("\(url.path): no 16-bit PCM data") }
        sampleRate = rate
        self.channels = channels
        var samples = [Int16](repeating: 0, count: data.count / 2)
        var index = data.startIndex
        for i in samples.indices {
            samples[i] = Int16(bitPattern: UInt16(data[index]) | UInt16(data[index + 1]) << 8)
            index += 2
        }
        self.samples = samples
    }

    /// The first channel's samples, as doubles in -1...1.
    public func mono() -> [Double] {
        stride(from: 0, to: samples.count, by: channels).map { Double(samples[$0]) / 32768 }
    }
}
