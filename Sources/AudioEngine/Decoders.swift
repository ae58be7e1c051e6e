/// Opens the decoder an input calls for: its first bytes choose libmpg123 or FFmpeg, or refuse it with a reason.
public enum Decoders {
    /// Opens the file at `path`, refusing what Podline cannot play with a reason naming the file.
    public static func open(path: String) throws(AudioError) -> any AudioDecoder {
        let head = try InputSniffer.readHead(of: path)
        switch InputSniffer.kind(head) {
        case .refused(let reason):
            throw head.isEmpty
                ? AudioError.unreadable(path: path, reason: reason)
                : AudioError.unsupportedFormat(path: path, reason: reason)
        case .container(let kind):
            return try FFmpegDecoder(path: path, kind: kind)
        case .mpeg:
            return try MPEGDecoder(path: path)
        }
    }

    /// Opens a decoder fed with a stream's bytes as they arrive; `name` names the stream in messages. A stream starts as
    /// MPEG audio: one whose first bytes say otherwise is handed to `openPulling`.
    public static func openFed(streamNamed name: String) throws(AudioError) -> any FeedableDecoder {
        try MPEGDecoder(streamNamed: name)
    }

    /// Opens a stream of a format FFmpeg decodes, which it pulls through `stream` (blocking for bytes as they come);
    /// `kind` is what its first bytes said.
    static func openPulling(_ stream: PulledStream, name: String, kind: String) throws(AudioError) -> any AudioDecoder {
        try FFmpegDecoder(pulling: stream, name: name, kind: kind)
    }
}
