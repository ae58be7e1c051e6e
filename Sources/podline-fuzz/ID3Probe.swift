import PodcastKit

/// Drives the ID3v2 chapter and ReplayGain readers with a tag (a header is put in front when the input has none) and
/// checks what they return (`ChapterChecks`; a gain within ±60 dB).
enum ID3Probe {
    static func run(_ bytes: [UInt8]) {
        var tag = bytes
        if ID3Chapters.tagLength(tag) == nil {
            // A v2.4 header around the input, so that the frames are reached.
            let size = min(bytes.count, 0x0FFF_FFFF)
            tag =
                [0x49, 0x44, 0x33, 4, 0, 0] + [
                    UInt8(size >> 21 & 0x7F), UInt8(size >> 14 & 0x7F), UInt8(size >> 7 & 0x7F), UInt8(size & 0x7F),
                ] + bytes
        }
        if let gain = ReplayGainTag.gain(tag: tag) {
            Finding.check(gain.isFinite && abs(gain) <= 60, "a ReplayGain of \(gain) dB")
        }
        let chapters: [Chapter]
        do {
            chapters = try ID3Chapters.parse(tag)
        } catch {
            Finding.check(!error.reason.isEmpty && !error.reason.contains("\n"), "an ID3 error is not one line: \(error.reason)")
            return
        }
        ChapterChecks.check(chapters)
    }
}
