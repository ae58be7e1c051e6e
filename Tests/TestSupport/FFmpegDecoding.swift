import Foundation

/// ffmpeg's own decoding of a file: the reference the formats' tests hold Podline's decoding to.
public enum FFmpegDecoding {
    /// Interleaved 16-bit samples of `url`'s first audio track in `channels` channels, at `rate` when given (else the
    /// file's own); throws when ffmpeg fails.
    public static func samples(of url: URL, channels: Int = 2, rate: Int? = nil) throws -> [Int16] {
        var arguments = ["-v", "error", "-i", url.path, "-map", "0:a:0", "-f", "s16le", "-ac", "\(channels)"]
        if let rate { arguments += ["-ar", "\(rate)"] }
        let result = try CommandRunner.tool("ffmpeg", arguments + ["-"])
        guard result.status == 0 else { throw TestSupportError("ffmpeg: \(result.stderr)") }
        return result.stdoutData.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }
}
