import CLazyLibraries
import Foundation

/// Loads FFmpeg's libraries ahead of the episode that will need them, off the audio thread: loading them takes tens of
/// milliseconds, heard as a gap when the first such episode starts right after another.
public enum DecoderWarmUp {
    /// Loads FFmpeg on a thread of its own when `needed` (asked there too, since it may read a file) says so. Not on
    /// the global pool, whose first worker arms libdispatch's monitor: a wake-up a second from then on, paused or not.
    public static func prepare(when needed: @escaping @Sendable () -> Bool) {
        Thread.detachNewThread {
            guard needed() else { return }
            try? AudioLibraries.require(PODLINE_LIBRARY_AV)
        }
    }

    /// True when the file at `path` is one FFmpeg decodes, by its first bytes (as `Decoders.open` chooses).
    public static func fileNeedsFFmpeg(_ path: String) -> Bool {
        guard let head = try? InputSniffer.readHead(of: path) else { return false }
        if case .container = InputSniffer.kind(head) { return true }
        return false
    }
}
