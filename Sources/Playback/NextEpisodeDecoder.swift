import AudioEngine
import PodcastKit

/// Which decoder the next queued episode will need, so that it is readied while the current one plays.
enum NextEpisodeDecoder {
    /// True when the episode at `location` will be decoded by FFmpeg: a file by its first bytes, an address by the
    /// format its file name says (a stream's bytes are not read ahead to tell).
    static func needsFFmpeg(_ location: String) -> Bool {
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            return MediaFormat(fileNameOf: location).map { $0 != .mp3 } ?? false
        }
        return DecoderWarmUp.fileNeedsFFmpeg(location)
    }
}
