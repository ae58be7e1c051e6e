/// Writes 16-bit PCM into a RIFF WAVE file: the header first with its sizes left open, filled in by `finish`.
public final class WAVClipWriter: ClipSampleWriter {
    private let file: ClipFile
    private let format: AudioFormat
    private var dataBytes = 0

    public init(file: ClipFile, format: AudioFormat) throws(AudioError) {
        self.file = file
        self.format = format
        try file.write(Self.header(format: format, dataBytes: 0))
    }

    /// The most bytes of samples a RIFF header's 32-bit sizes can count.
    static let largestData = Int(UInt32.max) - 36

    public func append(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError) {
        guard dataBytes + samples.count * 2 <= Self.largestData else {
            throw AudioError.unwritable(path: file.path, reason: "a WAV file holds at most 4 GB: write .flac")
        }
        // WAV is little-endian, as this machine's samples are.
        try file.write(UnsafeRawBufferPointer(samples))
        dataBytes += samples.count * 2
    }

    public func finish() throws(AudioError) {
        try file.overwrite(Self.header(format: format, dataBytes: dataBytes), at: 0)
    }

    /// The 44-byte header of a PCM file holding `dataBytes` bytes of samples.
    static func header(format: AudioFormat, dataBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44)
        func text(_ value: String) { bytes += Array(value.utf8) }
        func le(_ value: Int, _ count: Int) { for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) } }
        text("RIFF")
        le(36 + dataBytes, 4)
        text("WAVE")
        text("fmt ")
        le(16, 4)
        le(1, 2)  // PCM
        le(format.channels, 2)
        le(format.sampleRate, 4)
        le(format.sampleRate * format.bytesPerFrame, 4)
        le(format.bytesPerFrame, 2)
        le(16, 2)
        text("data")
        le(dataBytes, 4)
        return bytes
    }
}

/// Where a clip's decoded samples go, in the clip's format: WAV or FLAC.
public protocol ClipSampleWriter: AnyObject {
    /// Adds interleaved samples.
    func append(_ samples: UnsafeBufferPointer<Int16>) throws(AudioError)
    /// Writes what is held back and completes the headers.
    func finish() throws(AudioError)
}
