import Foundation

/// An hour of speech as a conversation has it: 80 sentences said by espeak-ng, drawn in a fixed pseudo-random order,
/// with pauses after each (70% of 0.2–0.6 s, 22% of 0.6–1.2 s, 8% of 1.2–3 s) and a noise floor about 60 dB under the
/// speech throughout.
enum SpeechWithPauses {
    static let rate = 22_050
    static let seconds = 3_600

    static func make(wav: String, workspace: Workspace) throws {
        let espeak = try workspace.tool("espeak-ng", install: "apt-get install espeak-ng")
        let environment = ProcessInfo.processInfo.environment
        var sentences: [[Int16]] = []
        for index in 0..<80 {
            let file = wav + ".sentence.wav"
            defer { try? FileManager.default.removeItem(atPath: file) }
            try Subprocess.run(
                espeak, ["-w", file, BenchFeeds.text(14, seed: 10_000 + index).capitalizedFirst + "."], environment: environment)
            sentences.append(try samples(ofWAV: file))
        }
        var random = UInt64(20_261_124)
        func next() -> Double {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(random >> 11) / Double(1 << 53)
        }
        var audio: [Int16] = []
        audio.reserveCapacity(rate * seconds)
        while audio.count < rate * seconds {
            audio += sentences[Int(next() * Double(sentences.count))]
            let draw = next()
            let pause = draw < 0.7 ? 0.2 + 0.4 * next() : draw < 0.92 ? 0.6 + 0.6 * next() : 1.2 + 1.8 * next()
            audio += [Int16](repeating: 0, count: Int(pause * Double(rate)))
        }
        audio.removeLast(audio.count - rate * seconds)
        for index in audio.indices {
            // A noise floor of ±30 (about -66 dBFS RMS), as a quiet room and a microphone give.
            audio[index] = audio[index] &+ Int16(next() * 60 - 30)
        }
        try writeWAV(audio, to: wav)
    }

    /// The 16-bit samples of a mono WAV file.
    static func samples(ofWAV path: String) throws -> [Int16] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if bytes[offset..<offset + 4].elementsEqual("data".utf8) {
                let end = min(bytes.count, offset + 8 + (size == 0 || size == -1 ? bytes.count : size))
                return stride(from: offset + 8, to: end - 1, by: 2).map {
                    Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
                }
            }
            offset += 8 + size + (size & 1)
        }
        throw BenchError("\(path): no audio data in it")
    }

    /// Writes mono 16-bit samples at `rate` as a WAV file.
    static func writeWAV(_ samples: [Int16], to path: String) throws {
        var data = Data()
        func append(_ value: UInt32, bytes: Int) { for shift in 0..<bytes { data.append(UInt8((value >> (8 * UInt32(shift))) & 0xFF)) } }
        let payload = UInt32(samples.count * 2)
        data.append(contentsOf: "RIFF".utf8)
        append(36 + payload, bytes: 4)
        data.append(contentsOf: "WAVEfmt ".utf8)
        append(16, bytes: 4)
        append(1, bytes: 2)
        append(1, bytes: 2)
        append(UInt32(rate), bytes: 4)
        append(UInt32(rate * 2), bytes: 4)
        append(2, bytes: 2)
        append(16, bytes: 2)
        data.append(contentsOf: "data".utf8)
        append(payload, bytes: 4)
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
