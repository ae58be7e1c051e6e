import Foundation
import TestSupport
import Testing

@testable import AudioEngine

/// The two decoders behind `AudioDecoder` given the same audio: an MP3 to libmpg123, and mpg123's own decoding of that
/// MP3, as a WAV file, to FFmpeg.
@Suite("Decoder backends")
struct DecoderBackendsTests {
    /// An MP3 of `seconds` and the WAV mpg123 decodes it to, opened as `Decoders` chooses.
    static func pair(seconds: Double) throws -> (mpeg: any AudioDecoder, ffmpeg: any AudioDecoder, mp3: URL) {
        let folder = try Fixtures.temporaryDirectory("pl-backends")
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: seconds)
        let wav = try Fixtures.mpg123Reference(of: mp3, in: folder)
        return (try Decoders.open(path: mp3.path), try Decoders.open(path: wav.path), mp3)
    }

    @Test("an MP3 goes to MPEGDecoder and its WAV to FFmpegDecoder, with the same format, length and samples")
    func sameAudioThroughBoth() throws {
        let (mpeg, ffmpeg, _) = try Self.pair(seconds: 2)
        #expect(mpeg is MPEGDecoder)
        #expect(ffmpeg is FFmpegDecoder)
        #expect(mpeg.format == AudioFormat(sampleRate: 44_100, channels: 2))
        #expect(ffmpeg.format == mpeg.format)
        let estimated = try #require(mpeg.estimatedFrames)
        let contained = try #require(ffmpeg.estimatedFrames)
        #expect(abs(estimated - contained) <= 1152, "MPEG \(estimated) frames, WAV \(contained)")
        #expect(mpeg.announcedFrames == 88_200)
        #expect(ffmpeg.announcedFrames == nil)
        let fromMPEG = try OtherFormatsTests.decodeAll(mpeg)
        let fromFFmpeg = try OtherFormatsTests.decodeAll(ffmpeg)
        #expect(fromMPEG.count == 88_200 * 2)
        #expect(fromFFmpeg.count == fromMPEG.count, "FFmpeg \(fromFFmpeg.count / 2) frames, MPEG \(fromMPEG.count / 2)")
        let same = fromMPEG == fromFFmpeg
        #expect(same, "the samples differ")
        #expect(mpeg.position == 88_200)
        #expect(ffmpeg.position == 88_200)
    }

    @Test("a seek through either decoder lands on the frame asked for, with the same samples from there")
    func sameSeek() throws {
        let (mpeg, ffmpeg, _) = try Self.pair(seconds: 3)
        var after: [[Int16]] = []
        for decoder in [mpeg, ffmpeg] {
            try decoder.seek(toFrame: 50_000)
            #expect(decoder.position == 50_000)
            after.append(try OtherFormatsTests.decodeAll(decoder))
        }
        #expect(after[0].count == (132_300 - 50_000) * 2)
        let same = after[0] == after[1]
        #expect(same, "the samples after the seek differ")
    }

    @Test("FFmpeg is never given MPEG audio: its demuxers leave MP3 to libmpg123")
    func ffmpegRefusesMP3() throws {
        let (_, _, mp3) = try Self.pair(seconds: 1)
        #expect(throws: AudioError.self) { try FFmpegDecoder(path: mp3.path, kind: "MP3") }
    }

    @Test("only the MPEG decoder takes fed bytes; the FFmpeg one pulls a stream or reads a file")
    func feeding() throws {
        let (mpeg, ffmpeg, _) = try Self.pair(seconds: 1)
        #expect(mpeg is any FeedableDecoder)
        #expect(!(ffmpeg is any FeedableDecoder))
        #expect(!mpeg.pullsItsInput && !ffmpeg.pullsItsInput)
        let fed = try Decoders.openFed(streamNamed: "fed")
        #expect(fed.format.sampleRate == 0)
    }
}
