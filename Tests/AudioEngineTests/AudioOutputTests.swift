import Foundation
import TestSupport
import Testing

@testable import AudioEngine

@Suite("Audio output")
struct AudioOutputTests {
    @Test("the wav driver writes what it is given, in the format it was opened with")
    func writesWAV() throws {
        let folder = try Fixtures.temporaryDirectory()
        let url = folder.appendingPathComponent("out.wav")
        do {
            let output = try AudioOutput(
                spec: OutputSpec(driver: "wav", path: url.path),
                format: AudioFormat(sampleRate: 22_050, channels: 1))
            let samples: [Int16] = [0, 1000, -1000, 32767, -32768]
            try samples.withUnsafeBytes { try output.play($0) }
        }
        let wav = try WAVFile(url: url)
        #expect(wav.sampleRate == 22_050)
        #expect(wav.channels == 1)
        #expect(wav.samples == [0, 1000, -1000, 32767, -32768])
    }

    @Test("an unknown driver is refused with the list of drivers")
    func unknownDriver() {
        do {
            _ = try AudioOutput(spec: OutputSpec(driver: "nosuch"), format: AudioFormat(sampleRate: 44_100, channels: 2))
            Issue.record("accepted")
        } catch {
            #expect(error.description.contains("unknown driver"))
            #expect(error.description.contains("wav"))
        }
    }

    @Test("a file output in a missing folder is refused, naming the path")
    func unwritable() {
        #expect(throws: AudioError.self) {
            try AudioOutput(
                spec: OutputSpec(driver: "wav", path: "/nonexistent/dir/out.wav"),
                format: AudioFormat(sampleRate: 44_100, channels: 2))
        }
    }
}
