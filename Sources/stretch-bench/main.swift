// stretch-bench: Podline's time-stretcher (WSOLA) against libsonic on the same audio, for podline-bench.
//
//   stretch-bench SPEECH.mp3
//
// For each speed (1.5, 2, 3) and each stretcher it prints one JSON line: the CPU time per second of output
// listened to (the speech, whole), the pitch of a 440 Hz tone after stretching, the tone's THD+N (what is not
// the tone: the artefacts), and how far the output's length is from the input's divided by the speed.

import AudioEngine
import Csonic
import Foundation

/// A stretcher under test: takes interleaved mono samples at a speed, returns what it made.
struct Stretcher {
    let name: String
    let run: (_ input: [Int16], _ rate: Int, _ speed: Double) -> [Int16]
}

let stretchers = [
    Stretcher(name: "podline-wsola") { input, rate, speed in
        let stretcher = TimeStretcher(sampleRate: rate, channels: 1, speed: speed)
        var output: [Int16] = []
        output.reserveCapacity(Int(Double(input.count) / speed) + 8_192)
        var buffer = [Int16](repeating: 0, count: 8_192)
        func pull() {
            while true {
                let made = buffer.withUnsafeMutableBufferPointer { stretcher.pull(into: $0, maxFrames: 8_192) }
                if made == 0 { return }
                output += buffer[0..<made]
            }
        }
        for start in stride(from: 0, to: input.count, by: 8_192) {
            input[start..<min(input.count, start + 8_192)].withUnsafeBufferPointer { stretcher.push($0) }
            pull()
        }
        stretcher.pushSilence(frames: 4_096)
        pull()
        return output
    },
    Stretcher(name: "libsonic") { input, rate, speed in
        guard let stream = sonicCreateStream(Int32(rate), 1) else { return [] }
        defer { sonicDestroyStream(stream) }
        sonicSetSpeed(stream, Float(speed))
        var output: [Int16] = []
        output.reserveCapacity(Int(Double(input.count) / speed) + 8_192)
        var buffer = [Int16](repeating: 0, count: 8_192)
        func pull() {
            while true {
                let made = buffer.withUnsafeMutableBufferPointer { sonicReadShortFromStream(stream, $0.baseAddress, 8_192) }
                if made <= 0 { return }
                output += buffer[0..<Int(made)]
            }
        }
        var piece = [Int16](repeating: 0, count: 8_192)
        for start in stride(from: 0, to: input.count, by: 8_192) {
            let count = min(8_192, input.count - start)
            for index in 0..<count { piece[index] = input[start + index] }
            _ = piece.withUnsafeMutableBufferPointer { sonicWriteShortToStream(stream, $0.baseAddress, Int32(count)) }
            pull()
        }
        sonicFlushStream(stream)
        pull()
        return output
    },
]

/// The whole of an MP3, mono (the first channel), and its rate.
func decode(_ path: String) throws -> (samples: [Int16], rate: Int) {
    let decoder = try Decoders.open(path: path)
    var samples: [Int16] = []
    var buffer = [Int16](repeating: 0, count: 16_384)
    while true {
        let chunk = try buffer.withUnsafeMutableBytes { raw in Result { () throws(AudioError) in try decoder.read(into: raw) } }.get()
        guard case .audio(let bytes) = chunk else {
            if case .formatChanged = chunk { continue }
            break
        }
        let channels = decoder.format.channels
        samples += stride(from: 0, to: bytes / 2, by: channels).map { buffer[$0] }
    }
    return (samples, decoder.format.sampleRate)
}

/// CPU time of this process, in seconds.
func cpuTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The magnitude of `frequency` in `signal` (Goertzel), as a sine's amplitude.
func amplitude(_ signal: ArraySlice<Double>, frequency: Double, rate: Int) -> Double {
    let coefficient = 2 * cos(2 * Double.pi * frequency / Double(rate))
    var (previous, older) = (0.0, 0.0)
    for sample in signal {
        let current = sample + coefficient * previous - older
        older = previous
        previous = current
    }
    let power = previous * previous + older * older - coefficient * previous * older
    return 2 * power.squareRoot() / Double(signal.count)
}

/// The strongest frequency near 440 Hz (to 0.05 Hz) and the THD+N in dB: all that is not that sine, against it.
func toneQuality(_ samples: [Int16], rate: Int) -> (pitch: Double, thdn: Double) {
    let middle = samples.count / 2
    let window = samples[(middle - rate / 2)..<(middle + rate / 2)].map { Double($0) / 32_768 }[...]
    var best = (frequency: 0.0, amplitude: 0.0)
    var frequency = 400.0
    while frequency <= 480 {
        let found = amplitude(window, frequency: frequency, rate: rate)
        if found > best.amplitude { best = (frequency, found) }
        frequency += 0.05
    }
    let total = window.reduce(0) { $0 + $1 * $1 } / Double(window.count)
    let sine = best.amplitude * best.amplitude / 2
    return (best.frequency, 10 * log10(max(1e-12, total - sine) / sine))
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: stretch-bench SPEECH.mp3\n".utf8))
    exit(64)
}
do {
    let speech = try decode(CommandLine.arguments[1])
    let rate = speech.rate
    let tone = (0..<(20 * rate)).map { Int16(0.5 * 32_767 * sin(2 * Double.pi * 440 * Double($0) / Double(rate))) }
    for speed in [1.5, 2, 3] {
        for stretcher in stretchers {
            let start = cpuTime()
            let output = stretcher.run(speech.samples, rate, speed)
            let cpu = cpuTime() - start
            let listened = Double(output.count) / Double(rate)
            let expected = Double(speech.samples.count) / Double(rate) / speed
            let (pitch, thdn) = toneQuality(stretcher.run(tone, rate, speed), rate: rate)
            let line: [String: Any] = [
                "stretcher": stretcher.name, "speed": speed, "cpu_per_listened_second": cpu / listened,
                "pitch": pitch, "thdn_db": thdn, "length_error": listened / expected - 1,
            ]
            let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        }
    }
} catch {
    FileHandle.standardError.write(Data("stretch-bench: \(error)\n".utf8))
    exit(1)
}
