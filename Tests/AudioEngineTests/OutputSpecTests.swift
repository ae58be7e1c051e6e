import Testing

@testable import AudioEngine

@Suite("Output specification")
struct OutputSpecTests {
    @Test(
        "live drivers take no path, file drivers need one",
        arguments: [
            ("default", "default", nil), ("pulse", "pulse", nil), ("null", "null", nil),
            ("wav:out.wav", "wav", "out.wav"), ("raw:-", "raw", "-"), ("au:/tmp/a:b.au", "au", "/tmp/a:b.au"),
            ("pulse:unix:/run/pulse/native", "pulse", "unix:/run/pulse/native"),
        ] as [(String, String, String?)])
    func parses(text: String, driver: String, path: String?) throws {
        let spec = try OutputSpec(parsing: text)
        #expect(spec.driver == driver)
        #expect(spec.path == path)
        #expect(spec.description == text)
    }

    @Test("malformed outputs are refused", arguments: ["", "wav", "wav:", "alsa:x", ":file"])
    func refuses(text: String) {
        #expect(throws: AudioError.self) { try OutputSpec(parsing: text) }
    }
}

@Suite("Gain")
struct GainTests {
    /// Scales samples as playback does: a volume ramp resting at the gain of `volume`.
    func applyVolume(_ volume: Double, to samples: UnsafeMutableBufferPointer<Int16>) {
        var ramp = VolumeRamp(gain: Gain(volume: volume).factor)
        ramp.apply(to: samples, channels: 1)
    }

    @Test("volume 100 leaves samples untouched")
    func unity() {
        var samples: [Int16] = [-32768, -1, 0, 1, 32767]
        let original = samples
        samples.withUnsafeMutableBufferPointer { applyVolume(100, to: $0) }
        #expect(samples == original)
    }

    @Test("volume follows a cubic curve: 50 is one eighth of the amplitude, 0 is silence")
    func cubic() {
        var samples: [Int16] = [16000, -16000]
        samples.withUnsafeMutableBufferPointer { applyVolume(50, to: $0) }
        #expect(samples == [2000, -2000])
        samples.withUnsafeMutableBufferPointer { applyVolume(0, to: $0) }
        #expect(samples == [0, 0])
    }
}
