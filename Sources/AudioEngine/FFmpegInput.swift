import CLazyLibraries

/// One input decoded by FFmpeg (MP4/M4A/MOV, Ogg Opus and Vorbis, FLAC, WAV, ADTS AAC): owns one `podline_av_input`.
/// FFmpeg's libraries are loaded with the first such input, never for MP3.
final class FFmpegInput {
    private let handle: OpaquePointer
    /// The PCM it gives: 16-bit, mono or stereo.
    let format: AudioFormat
    /// Frames in the track (encoder delay and padding trimmed), when the container says.
    let frames: Int?
    /// The stream it pulls from, for a stream (kept alive as long as FFmpeg may call it).
    let pulled: PulledStream?
    /// Frames an MP4's index promises: its sample table counts every frame, so an input that ends well before them
    /// was cut short. Nil for the other containers, whose lengths are estimates.
    private let promised: Int?

    /// Opens the file at `path`, whose first bytes said `kind`; the reason names the kind when FFmpeg refuses it.
    convenience init(path: String, kind: String) throws(AudioError) {
        try AudioLibraries.require(PODLINE_LIBRARY_AV)
        var message = [CChar](repeating: 0, count: 512)
        guard let opened = podline_av_open_file(path, &message, message.count) else {
            throw AudioError.unsupportedFormat(path: path, reason: "\(kind) file: \(Self.text(message))")
        }
        self.init(opened, pulling: nil)
    }

    /// Opens a stream named `name` whose first bytes said `kind`, read through `stream`.
    convenience init(stream: PulledStream, name: String, kind: String) throws(AudioError) {
        try AudioLibraries.require(PODLINE_LIBRARY_AV)
        var message = [CChar](repeating: 0, count: 512)
        guard let opened = podline_av_open_stream(stream.io, &message, message.count) else {
            if let failure = stream.failure { throw AudioError.unreadable(path: name, reason: failure) }
            throw AudioError.unsupportedFormat(path: name, reason: "\(kind) stream: \(Self.text(message))")
        }
        self.init(opened, pulling: stream)
    }

    /// Takes over `opened`, which reads through `pulled` when it is a stream.
    private init(_ opened: OpaquePointer, pulling pulled: PulledStream?) {
        self.pulled = pulled
        handle = opened
        format = AudioFormat(sampleRate: Int(podline_av_sample_rate(opened)), channels: Int(podline_av_channels(opened)))
        let count = podline_av_frames(opened)
        frames = count > 0 ? Int(count) : nil
        promised = String(cString: podline_av_container(opened)).hasPrefix("mov") ? frames : nil
    }

    deinit {
        podline_av_close(handle)
    }

    /// Frames from the start to the next frame `read` gives.
    var position: Int { Int(podline_av_position(handle)) }

    /// Decodes into `buffer` (whole frames); the byte count, 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer, path: String) throws(AudioError) -> Int {
        let capacity = buffer.count / format.bytesPerFrame
        guard capacity > 0 else { return 0 }
        var message = [CChar](repeating: 0, count: 256)
        let got = podline_av_read(
            handle, buffer.baseAddress!.assumingMemoryBound(to: Int16.self), Int32(capacity), &message, message.count)
        if got < 0 {
            if let failure = pulled?.failure { throw AudioError.unreadable(path: path, reason: failure) }
            throw AudioError.unsupportedFormat(path: path, reason: Self.text(message))
        }
        // The end, where the index promised more: said as a truncated MP3 is (its header's length against what played).
        if got == 0, let promised, position + Self.truncationSlack < promised, format.sampleRate > 0 {
            let rate = Double(format.sampleRate)
            throw AudioError.truncated(path: path, played: Double(position) / rate, expected: Double(promised) / rate)
        }
        return Int(got) * format.bytesPerFrame
    }

    /// Frames an MP4's decoded length may fall short of its index's count (two HE-AAC frames): a trimmed last frame is
    /// not a truncated file.
    private static let truncationSlack = 4096

    /// Moves to `frame` frames from the start.
    func seek(toFrame frame: Int, path: String) throws(AudioError) {
        let code = podline_av_seek(handle, Int64(max(0, frame)))
        if code < 0 { throw AudioError.library(function: "avformat_seek_file", message: "\(path): cannot seek (\(code))") }
    }

    private static func text(_ message: [CChar]) -> String {
        message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
