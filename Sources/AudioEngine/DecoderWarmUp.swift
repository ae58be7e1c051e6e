import CLazyLibraries
import Dispatch
import Foundation

/// Loads FFmpeg's libraries ahead of the episode that will need them, off the audio thread: loading them takes tens of
/// milliseconds, heard as a gap when the first such episode starts right after another.
public enum DecoderWarmUp {
    /// The endings of addresses whose files FFmpeg decodes (a stream's bytes are not read ahead to tell).
    static let containerExtensions: Set<String> = ["m4a", "m4b", "mp4", "aac", "opus", "ogg", "oga", "flac", "wav", "mov"]

    /// Loads FFmpeg in the background when the input at `location` (a file's path or an HTTP(S) address) needs it.
    public static func prepare(for location: String) {
        DispatchQueue.global(qos: .utility).async {
            guard needsFFmpeg(location) else { return }
            try? AudioLibraries.require(PODLINE_LIBRARY_AV)
        }
    }

    /// True when the input at `location` is one FFmpeg decodes: a file by its first bytes, an address by its ending.
    static func needsFFmpeg(_ location: String) -> Bool {
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            guard let path = URLComponents(string: location)?.path else { return false }
            return containerExtensions.contains((path as NSString).pathExtension.lowercased())
        }
        guard let head = try? InputSniffer.readHead(of: location) else { return false }
        if case .container = InputSniffer.kind(head) { return true }
        return false
    }
}
