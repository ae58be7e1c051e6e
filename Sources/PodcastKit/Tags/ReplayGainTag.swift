import Foundation

/// The track gain an MP3's ID3v2 tag gives for ReplayGain: a `replaygain_track_gain` TXXX frame (as foobar2000,
/// loudgain and beets write it; an album gain when there is no track gain), else an RVA2 frame's master volume. Of
/// another format, its own tags (`ContainerTags.replayGain`).
///
/// The LAME header's gain, which nearly every MP3 carries, is not read: LAME works it out with the first ReplayGain's
/// filter (not BS.1770's), several dB from what a meter finds in speech.
public enum ReplayGainTag {
    /// The loudness ReplayGain 2.0 brings a track to, in LUFS: a track gain `g` says the track is at this less `g`.
    public static let reference = -18.0

    /// The gain in dB the tag at the start of the file at `path` asks for; nil when it gives none (or there is no tag).
    public static func gain(path: String) -> Double? {
        guard let tag = try? ID3Chapters.readTag(path: path) else { return ContainerTags(path: path)?.replayGain }
        return gain(tag: tag)
    }

    /// The gain in dB a whole ID3v2 tag (its header first) asks for; nil when it gives none.
    public static func gain(tag: [UInt8]) -> Double? {
        guard let (_, frames) = ID3Chapters.frames(ofTag: tag) else { return nil }
        return gain(frames)
    }

    /// The gain of `frames`: the track's TXXX gain, else the album's, else RVA2's.
    static func gain(_ frames: [ID3Chapters.Frame]) -> Double? {
        var found: [String: Double] = [:]
        for frame in frames {
            switch frame.id {
            case "TXXX":
                guard let encoding = frame.data.first else { continue }
                let (description, rest) = ID3Text.string(Array(frame.data.dropFirst()), encoding: encoding)
                let (value, _) = ID3Text.string(Array(rest), encoding: encoding)
                let name = description.trimmingSpaces.lowercased()
                guard name == "replaygain_track_gain" || name == "replaygain_album_gain", let decibels = decibels(value) else { continue }
                found[name] = decibels
            case "RVA2":
                if let decibels = rva2(frame.data) { found["rva2"] = found["rva2"] ?? decibels }
            default:
                continue
            }
        }
        return found["replaygain_track_gain"] ?? found["replaygain_album_gain"] ?? found["rva2"]
    }

    /// `-6.48 dB`, `+2.1 dB`, `3`: the number, within ±60 dB.
    static func decibels(_ text: String) -> Double? {
        var number = text.trimmingSpaces.lowercased()
        if number.hasSuffix("db") { number = String(number.dropLast(2)).trimmingSpaces }
        if number.hasPrefix("+") { number.removeFirst() }
        guard let value = Double(number), value.isFinite, abs(value) <= 60 else { return nil }
        return value
    }

    /// An RVA2 frame's master-volume adjustment (channel type 1), in dB: a signed 16-bit count of 1/512 dB (±64 dB),
    /// within ±60 dB as a TXXX gain must be.
    static func rva2(_ data: [UInt8]) -> Double? {
        guard let end = data.firstIndex(of: 0) else { return nil }
        var position = end + 1
        while position + 4 <= data.count {
            let channel = data[position]
            let adjustment = Int16(bitPattern: UInt16(data[position + 1]) << 8 | UInt16(data[position + 2]))
            let peakBits = Int(data[position + 3])
            if channel == 1 {
                let decibels = Double(adjustment) / 512
                return abs(decibels) <= 60 ? decibels : nil
            }
            position += 4 + (peakBits + 7) / 8
        }
        return nil
    }
}
