import Dispatch
import Glibc

/// Plays nowhere, in real time: it takes audio as fast as a sound card would, so that the clock, a pause, the sleep
/// timer and the end of an episode come when they would with sound. A `fast` one takes everything at once (scripts,
/// tests).
///
/// Like a sound card, it holds a little audio ahead (`queuedSeconds`); when nothing comes for longer than that (a
/// pause, a stall, a stopped process), its clock starts again from what comes next, so nothing is skipped.
final class NullOutput: AudioDevice {
    /// The audio held ahead before `play` waits.
    static let queuedSeconds = 0.2

    let format: AudioFormat
    var driverName: String { "null" }
    private let paced: Bool
    /// Frames written since the clock started.
    private var written = 0
    /// When the clock started (uptime nanoseconds).
    private var clockStart: UInt64 = 0

    init(format: AudioFormat, fast: Bool) {
        self.format = format
        paced = !fast
    }

    func play(_ bytes: UnsafeRawBufferPointer) throws(AudioError) {
        guard paced, format.sampleRate > 0 else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if played(at: now) >= written {
            clockStart = now
            written = 0
        }
        written += bytes.count / max(1, format.bytesPerFrame)
        let ahead = Double(written - played(at: now)) / Double(format.sampleRate) - Self.queuedSeconds
        if ahead > 0 { usleep(UInt32(ahead * 1_000_000)) }
    }

    func unplayedFrames() -> Int {
        max(0, written - played(at: DispatchTime.now().uptimeNanoseconds))
    }

    func flush() {
        written = min(written, played(at: DispatchTime.now().uptimeNanoseconds))
    }

    func drain() {
        let left = unplayedFrames()
        if left > 0 { usleep(UInt32(Double(left) / Double(max(1, format.sampleRate)) * 1_000_000)) }
    }

    /// Frames played by `now` since the clock started.
    private func played(at now: UInt64) -> Int {
        Int(Double(now &- clockStart) / 1e9 * Double(format.sampleRate))
    }
}
