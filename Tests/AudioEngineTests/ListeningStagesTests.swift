import Foundation
import TestSupport
import Testing

@testable import AudioEngine

/// The skipper and the leveler on generated audio, frame by frame: what is cut, what is kept, and every peak.
@Suite("skip silence and loudness, as stages")
struct ListeningStagesTests {
    static let rate = 8_000

    /// `seconds` of a sine at `frequency` and `amplitude` (of full scale), mono.
    static func tone(_ seconds: Double, frequency: Double = 440, amplitude: Double = 0.5) -> [Int16] {
        (0..<Int(seconds * Double(rate))).map { index in
            Int16(amplitude * 32_767 * sin(2 * .pi * frequency * Double(index) / Double(rate)))
        }
    }

    static func silence(_ seconds: Double, noise: Int16 = 0) -> [Int16] {
        var generator = SystemRandomNumberGenerator()
        return (0..<Int(seconds * Double(rate))).map { _ in noise == 0 ? 0 : Int16.random(in: -noise...noise, using: &generator) }
    }

    /// Everything the skipper gives for `input`, pushed in pieces of `piece` samples.
    static func skipped(_ input: [Int16], piece: Int = 1_000) -> (output: [Int16], skipper: SilenceSkipper) {
        let skipper = SilenceSkipper(sampleRate: rate, channels: 1)
        var output: [Int16] = []
        var buffer = [Int16](repeating: 0, count: 4_096)
        func pull() {
            while true {
                let got = buffer.withUnsafeMutableBufferPointer { skipper.pull(into: $0, maxFrames: 4_096) }
                if got == 0 { break }
                output += buffer[0..<got]
            }
        }
        var index = 0
        while index < input.count {
            let end = min(input.count, index + piece)
            input[index..<end].withUnsafeBufferPointer { skipper.push($0) }
            pull()
            index = end
        }
        skipper.finish()
        pull()
        return (output, skipper)
    }

    /// The lengths in seconds of the runs of sound in `samples`, in order.
    static func soundRuns(_ samples: [Int16]) -> [Double] {
        SoundAnalysis.soundRuns(samples.map { Double($0) / 32_768 }, sampleRate: rate)
    }

    @Test("long pauses become 0.32 s, a short one stays whole, and every sound is kept, in order")
    func pausesInTone() {
        let input =
            Self.tone(0.8) + Self.silence(2) + Self.tone(0.8, frequency: 660) + Self.silence(0.3) + Self.tone(0.5)
            + Self.silence(1.5) + Self.tone(0.6, frequency: 880)
        let (output, skipper) = Self.skipped(input)
        let saved = Double(input.count - output.count) / Double(Self.rate)
        #expect(abs(saved - (2 - 0.32 + 1.5 - 0.32)) < 0.02, "saved \(saved) s")
        #expect(skipper.droppedFrames == input.count - output.count)
        #expect(Self.soundRuns(output) == Self.soundRuns(input), "\(Self.soundRuns(output)) \(Self.soundRuns(input))")
        // The crossfade joins silence to silence: no sample of the joins is louder than the pauses were.
        let quietAfterFirstTone = output[Int(0.85 * Double(Self.rate))..<Int(1.1 * Double(Self.rate))]
        #expect(quietAfterFirstTone.allSatisfy { $0 == 0 })
    }

    @Test("pauses over a noise floor 40 dB under the sound are cut too; the noise in them is kept at each end")
    func pausesOverNoise() {
        let floor = Int16(0.01 * 32_767)
        let noisyPause = { (seconds: Double) in Self.silence(seconds, noise: floor) }
        let input = noisyPause(0.2) + Self.tone(1) + noisyPause(3) + Self.tone(1) + noisyPause(0.2)
        let (output, _) = Self.skipped(input, piece: 777)
        let saved = Double(input.count - output.count) / Double(Self.rate)
        #expect(abs(saved - (3 - 0.32)) < 0.05, "saved \(saved) s")
        #expect(Self.soundRuns(output) == Self.soundRuns(input))
    }

    @Test("an output position maps back to the input frame it came from, past each cut")
    func positionsMapBack() {
        let input = Self.tone(1) + Self.silence(2) + Self.tone(1)
        let (output, skipper) = Self.skipped(input)
        let dropped = Double(input.count - output.count)
        // Before the join an output frame is its own input frame; well after it, later by what was dropped.
        #expect(skipper.sourcePosition(of: 0.5 * Double(Self.rate)) == 0.5 * Double(Self.rate))
        let late = Double(output.count - 100)
        #expect(skipper.sourcePosition(of: late) == late + dropped)
    }

    @Test("the leveler reaches the gain a measured loudness asks for, and its limiter holds every peak under -1 dBTP")
    func levelerLimits() throws {
        // A tone at -20 dBFS peak, said to measure -36 LUFS, is raised by 20 dB: its peaks would reach 0 dBFS.
        let input = Self.tone(2, frequency: 997, amplitude: 0.1)
        let leveler = try LoudnessLeveler(sampleRate: Self.rate, channels: 1, setting: LoudnessSetting(target: -16, measured: -36))
        var samples = input
        samples.withUnsafeMutableBufferPointer { leveler.process($0, frames: input.count) }
        var tail = [Int16](repeating: 0, count: 1_000)
        let drained = tail.withUnsafeMutableBufferPointer { leveler.drain(into: $0) }
        let output = Array(samples[(leveler.lookahead + 1)...]) + tail[0..<drained]
        #expect(output.count == input.count)
        #expect(leveler.gain == 20)
        let ceiling = 32_768 * pow(10, -1.0 / 20)
        #expect(output.allSatisfy { abs(Double($0)) <= ceiling }, "peak \(output.map { abs(Int($0)) }.max()!)")
        // Limited, not silenced: the steady part sits just under the ceiling.
        let steady = output[Self.rate / 2..<Self.rate]
        #expect(Double(steady.map { abs(Int($0)) }.max()!) > 0.8 * ceiling)
        let meter = try LoudnessMeter(sampleRate: Self.rate, channels: 1, truePeak: true)
        output.withUnsafeBufferPointer { meter.add($0) }
        #expect(try #require(meter.truePeak) <= -1.0)
    }

    @Test("without a measured loudness, the running estimate takes the gain there smoothly, a few dB a second")
    func levelerSettles() throws {
        let input = Self.tone(8, frequency: 997, amplitude: 0.02)
        let meter = try LoudnessMeter(sampleRate: Self.rate, channels: 1)
        input.withUnsafeBufferPointer { meter.add($0) }
        let loudness = try #require(meter.integrated)
        let leveler = try LoudnessLeveler(sampleRate: Self.rate, channels: 1, setting: LoudnessSetting(target: -16))
        var gains: [Double] = []
        var samples = input
        samples.withUnsafeMutableBufferPointer { buffer in
            for start in stride(from: 0, to: input.count, by: 800) {
                leveler.process(UnsafeMutableBufferPointer(rebasing: buffer[start..<start + 800]), frames: 800)
                gains.append(leveler.gain)
            }
        }
        let steps = zip(gains, gains.dropFirst()).map { abs($1 - $0) }
        #expect(steps.allSatisfy { $0 <= LoudnessLeveler.slew * 0.1 + 1e-9 }, "\(steps.max()!)")
        #expect(abs(gains.last! - (-16 - loudness)) < 0.5, "gain \(gains.last!) for \(loudness) LUFS")
    }
}
