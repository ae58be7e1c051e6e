import Foundation

/// Checks that two decoders wrote the same amount of audio (WAV headers aside), or the timing compares different work.
enum SameAudio {
    static func check(_ ours: String, _ theirs: String, anchor: String) throws {
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        let (a, b) = (size(ours), size(theirs))
        guard a > 0, abs(a - b) <= 4096 else {
            throw BenchError("podline wrote \(a) bytes of WAV and \(anchor) \(b): they did not decode the same audio")
        }
    }
}
