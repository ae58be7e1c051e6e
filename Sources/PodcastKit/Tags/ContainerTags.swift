import CLazyLibraries
import Glibc

/// What a file FFmpeg reads (MP4/M4A/MOV, Ogg Opus and Vorbis, FLAC, WAV) says of itself: its tags and its
/// chapters. FFmpeg's libraries are loaded for it only when the file is not MPEG audio (whose ID3 tag Podline reads
/// itself).
public final class ContainerTags {
    private let handle: OpaquePointer

    /// Opens `path`; nil for MPEG audio and for anything that does not start as one of FFmpeg's containers (a text
    /// file is refused without loading FFmpeg's hundred libraries), when they are missing, or when FFmpeg cannot read it.
    public init?(path: String) {
        guard Self.startsAsContainer(path), podline_library_load(PODLINE_LIBRARY_AV, nil, 0) == 0,
            let opened = podline_av_open_file(path, nil, 0)
        else { return nil }
        handle = opened
    }

    deinit {
        podline_av_close(handle)
    }

    /// The value of tag `key` (any case) of the audio track, else of the container.
    public func tag(_ key: String) -> String? {
        podline_av_tag(handle, key).map { String(cString: $0) }
    }

    /// Where the chapters come from: an MP4 (Nero `chpl` or a QuickTime chapter track) or Vorbis comments.
    var chapterSource: ChapterSource {
        String(cString: podline_av_container(handle)).hasPrefix("mov") ? .mp4 : .vorbisComments
    }

    /// The container's chapters, in its order.
    public var chapters: [Chapter] {
        (0..<Int(podline_av_chapter_count(handle))).map { index in
            var start = 0.0
            var end = 0.0
            var title: UnsafePointer<CChar>?
            podline_av_chapter(handle, Int32(index), &start, &end, &title)
            return Chapter(start: start, end: end > start ? end : nil, title: title.map { String(cString: $0) })
        }
    }

    /// The track gain in dB for ReplayGain 2.0's reference: `REPLAYGAIN_TRACK_GAIN` (Vorbis comments, FLAC, MP4's
    /// `----:com.apple.iTunes:replaygain_track_gain`), else the album's, else Opus's `R128_TRACK_GAIN` (Q7.8 dB
    /// towards -23 LUFS, so 5 dB more towards ReplayGain's -18).
    public var replayGain: Double? {
        for key in ["REPLAYGAIN_TRACK_GAIN", "REPLAYGAIN_ALBUM_GAIN"] {
            if let decibels = tag(key).flatMap(ReplayGainTag.decibels) { return decibels }
        }
        for key in ["R128_TRACK_GAIN", "R128_ALBUM_GAIN"] {
            if let steps = tag(key).flatMap({ Int($0.trimmingSpaces) }), abs(steps) <= 60 * 256 {
                return Double(steps) / 256 + (ReplayGainTag.reference - Self.r128Reference)
            }
        }
        return nil
    }

    /// The loudness EBU R128 gains bring a track to, in LUFS.
    static let r128Reference = -23.0

    /// True when the file starts as a container FFmpeg reads for Podline (MP4, Ogg, FLAC, WAV, ADTS AAC).
    private static func startsAsContainer(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 12)
        let count = pread(descriptor, &head, 12, 0)
        return count > 0 && ContentSniff.startsAsContainer(Array(head.prefix(count)))
    }
}
