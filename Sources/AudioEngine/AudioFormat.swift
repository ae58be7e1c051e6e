/// The PCM layout of decoded audio: 16-bit signed, interleaved, native endian.
public struct AudioFormat: Equatable, Sendable, CustomStringConvertible {
    /// Frames (samples per channel) per second.
    public var sampleRate: Int
    /// Interleaved channel count.
    public var channels: Int

    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// Bytes in one frame: one 16-bit sample for each channel.
    public var bytesPerFrame: Int { channels * 2 }

    public var description: String { "\(sampleRate) Hz, \(channels) ch, s16" }
}
