import CLazyLibraries
import Cmpg123

/// How an `MPEGDecoder` sets up libmpg123 and reads what it found: the output formats, the stream's format, the length
/// its header announces, and why a file held no frame.
extension MPEGDecoder {
    /// Why no format could be found: libmpg123's error code read as mpg123's own front end would.
    static func noFramesReason(_ code: Int32) -> String {
        switch code {
        case Int32(MPG123_ERR_READER.rawValue): "ends before its first audio frame (an incomplete download?)"
        case Int32(MPG123_RESYNC_FAIL.rawValue): "no MPEG audio frame in its first 64 KiB (not an MP3 file)"
        default: "no MPEG audio frames found (not an MP3 file)"
        }
    }

    /// Sets libmpg123 up as mpg123 plays: gapless, quiet, and 16-bit output at every rate it decodes.
    static func configure(_ handle: OpaquePointer) throws(AudioError) {
        let flags = Int(MPG123_GAPLESS.rawValue | MPG123_QUIET.rawValue)
        try MPG123Call.check(podline_mpg123_set_flag(handle, MPG123_ADD_FLAGS, flags), "mpg123_param", handle: handle)
        // As mpg123's own front end: resync for up to 1024 bytes, four frames decoded ahead of a seek.
        try MPG123Call.check(podline_mpg123_set_flag(handle, MPG123_RESYNC_LIMIT, 1024), "mpg123_param", handle: handle)
        try MPG123Call.check(podline_mpg123_set_flag(handle, MPG123_PREFRAMES, 4), "mpg123_param", handle: handle)
        try MPG123Call.check(podline_mpg123_format_none(handle), "mpg123_format_none", handle: handle)
        var rates: UnsafePointer<Int>?
        var count = 0
        podline_mpg123_rates(&rates, &count)
        let encoding = Int32(MPG123_ENC_SIGNED_16.rawValue)
        let channels = Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue)
        for index in 0..<count {
            guard let rate = rates?[index] else { continue }
            try MPG123Call.check(podline_mpg123_format(handle, rate, channels, encoding), "mpg123_format", handle: handle)
        }
    }

    /// The format libmpg123 decodes to now; nil before it found a frame.
    static func readFormat(_ handle: OpaquePointer) -> AudioFormat? {
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        guard podline_mpg123_getformat(handle, &rate, &channels, &encoding) == Int32(MPG123_OK.rawValue),
            rate > 0, channels > 0
        else { return nil }
        return AudioFormat(sampleRate: rate, channels: Int(channels))
    }

    /// The frame count of a LAME/Info tag, which also records the encoder delay.
    static func announcedLength(_ handle: OpaquePointer) -> Int? {
        var delay = 0
        var unused = 0.0
        guard podline_mpg123_getstate2(handle, Int32(MPG123_ENC_DELAY.rawValue), &delay, &unused) == Int32(MPG123_OK.rawValue),
            delay >= 0
        else { return nil }
        let length = podline_mpg123_length(handle)
        return length > 0 ? Int(length) : nil
    }
}
