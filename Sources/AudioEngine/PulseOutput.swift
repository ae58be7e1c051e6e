import CLazyLibraries
import Cpulse
import Foundation
import Synchronization

/// Plays 16-bit PCM on a PulseAudio server through libpulse's asynchronous API; owns one context and stream.
///
/// The stream keeps a second of audio queued and asks for more in quarters of a second, so the engine
/// wakes about four times a second rather than a hundred. What is queued is not yet heard and can be
/// taken back: `retractableFrames()` tells how much, which `flush()` drops (a pause, a speed change) or
/// `overwrite(frames:)` replaces in place (a volume change), so the engine writes it again at once.
///
/// The stream never pre-buffers, so it plays on when its queue runs dry (a slow stream, a stopped process, a
/// suspended laptop): the server's read index runs ahead of what was written. What comes next is then written
/// just ahead of where the server reads, not after the last write, which lies in the past and would never be
/// heard. The server then also asks for all it read past the end: only a second's queue is written all the same.
public final class PulseOutput: AudioDevice {
    /// The audio the server keeps queued.
    public static let queuedSeconds = 1.0
    /// How much must be free before the server asks for more: a quarter of the queue.
    static let requestSeconds = 0.25
    /// How far ahead of the server's read index audio is written after the queue ran dry, so that none of it arrives
    /// too late to be heard.
    static let arrivalSeconds = 0.02

    private let mainloop: OpaquePointer
    private var context: OpaquePointer?
    private var stream: OpaquePointer?
    private let waker = PulseWaker()
    /// When timing information was last asked for (guarded by the main loop's lock).
    private var lastTimingUpdate: UInt64 = 0
    /// Set by `flush` until the next write (guarded by the main loop's lock).
    private var flushed = false
    /// True while the stream is corked by `suspend` (guarded by the main loop's lock).
    private var corked = false
    public let format: AudioFormat
    public var driverName: String { "pulse" }
    public var canTakeBack: Bool { true }

    /// Connects to `server` (nil: the default server) and opens a playback stream in `format`.
    public init(server: String?, format: AudioFormat) throws(AudioError) {
        self.format = format
        try AudioLibraries.require(PODLINE_LIBRARY_PULSE)
        guard let mainloop = podline_pa_threaded_mainloop_new() else {
            throw AudioError.library(function: "pa_threaded_mainloop_new", message: "out of memory")
        }
        self.mainloop = mainloop
        let userdata = UnsafeMutableRawPointer(mainloop)
        guard let context = podline_pa_context_new(podline_pa_threaded_mainloop_get_api(mainloop), "Podline") else {
            podline_pa_threaded_mainloop_free(mainloop)
            throw AudioError.library(function: "pa_context_new", message: "out of memory")
        }
        self.context = context
        podline_pa_context_set_state_callback(
            context,
            { _, data in
                if let data { podline_pa_threaded_mainloop_signal(OpaquePointer(data), 0) }
            }, userdata)
        guard podline_pa_threaded_mainloop_start(mainloop) >= 0 else {
            podline_pa_context_unref(context)
            podline_pa_threaded_mainloop_free(mainloop)
            throw AudioError.library(function: "pa_threaded_mainloop_start", message: "cannot start a thread")
        }
        podline_pa_threaded_mainloop_lock(mainloop)
        defer { podline_pa_threaded_mainloop_unlock(mainloop) }
        do throws(AudioError) {
            try connect(server: server)
            try openStream()
        } catch {
            teardownLocked()
            throw error
        }
    }

    deinit {
        podline_pa_threaded_mainloop_lock(mainloop)
        teardownLocked()
        podline_pa_threaded_mainloop_unlock(mainloop)
        podline_pa_threaded_mainloop_stop(mainloop)
        podline_pa_threaded_mainloop_free(mainloop)
    }

    private func connect(server: String?) throws(AudioError) {
        guard let context else { return }
        let started =
            server.map { podline_pa_context_connect(context, $0, PA_CONTEXT_NOAUTOSPAWN, nil) }
            ?? podline_pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil)
        guard started >= 0 else { throw failure("pa_context_connect") }
        while true {
            let state = podline_pa_context_get_state(context)
            if state == PA_CONTEXT_READY { return }
            if PA_CONTEXT_IS_GOOD(state) == 0 { throw failure("pa_context_connect") }
            podline_pa_threaded_mainloop_wait(mainloop)
        }
    }

    private func openStream() throws(AudioError) {
        guard let context else { return }
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channels))
        guard let stream = podline_pa_stream_new(context, "Podline", &spec, nil) else { throw failure("pa_stream_new") }
        self.stream = stream
        let userdata = UnsafeMutableRawPointer(mainloop)
        podline_pa_stream_set_state_callback(
            stream,
            { _, data in
                if let data { podline_pa_threaded_mainloop_signal(OpaquePointer(data), 0) }
            }, userdata)
        podline_pa_stream_set_write_callback(
            stream,
            { _, _, data in
                if let data { podline_pa_threaded_mainloop_signal(OpaquePointer(data), 0) }
            }, userdata)
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max,
            tlength: UInt32(bytes(seconds: Self.queuedSeconds)),
            prebuf: 0,
            minreq: UInt32(bytes(seconds: Self.requestSeconds)),
            fragsize: UInt32.max)
        // Timing is interpolated between updates asked for once a second (`unplayedFrames`), rather
        // than updated automatically ten times a second: each update is a round trip to the server.
        let flags = pa_stream_flags_t(rawValue: PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_INTERPOLATE_TIMING.rawValue)
        guard podline_pa_stream_connect_playback(stream, nil, &attributes, flags, nil, nil) >= 0 else {
            throw failure("pa_stream_connect_playback")
        }
        while true {
            let state = podline_pa_stream_get_state(stream)
            if state == PA_STREAM_READY { return }
            if PA_STREAM_IS_GOOD(state) == 0 { throw failure("pa_stream_connect_playback") }
            podline_pa_threaded_mainloop_wait(mainloop)
        }
    }

    private func teardownLocked() {
        if let stream {
            podline_pa_stream_set_state_callback(stream, nil, nil)
            podline_pa_stream_set_write_callback(stream, nil, nil)
            podline_pa_stream_disconnect(stream)
            podline_pa_stream_unref(stream)
            self.stream = nil
        }
        if let context {
            podline_pa_context_set_state_callback(context, nil, nil)
            podline_pa_context_disconnect(context)
            podline_pa_context_unref(context)
            self.context = nil
        }
    }

    /// An error naming `function` with the context's own error text.
    private func failure(_ function: String) -> AudioError {
        let code = context.map { podline_pa_context_errno($0) } ?? 0
        return AudioError.library(function: function, message: String(cString: podline_pa_strerror(code)))
    }

    private func bytes(seconds: Double) -> Int {
        Int(seconds * Double(format.sampleRate)) * format.bytesPerFrame
    }

    /// Fails when the server went away or the stream broke.
    private func checkAlive() throws(AudioError) {
        guard let context, let stream, PA_CONTEXT_IS_GOOD(podline_pa_context_get_state(context)) != 0,
            PA_STREAM_IS_GOOD(podline_pa_stream_get_state(stream)) != 0
        else {
            throw AudioError.library(function: "pa_stream_write", message: "the pulse output stopped accepting audio")
        }
    }

    public func waitForSpace(bytes: Int, timeout: Double) throws(AudioError) -> Bool {
        podline_pa_threaded_mainloop_lock(mainloop)
        defer { podline_pa_threaded_mainloop_unlock(mainloop) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        while true {
            try checkAlive()
            if spaceLocked() >= bytes { return true }
            if waker.take() || DispatchTime.now().uptimeNanoseconds >= deadline { return false }
            waitLocked(forBytes: bytes)
        }
    }

    /// Bytes that can be written now: what the server asks for, but never so much that more than `queuedSeconds` wait
    /// to be heard (after the queue ran dry the server asks for all it read past the end as well), and what an
    /// overwrite replaces.
    private func spaceLocked() -> Int {
        let asked = podline_pa_stream_writable_size(stream)
        let latency = latencyLocked(fresh: false) ?? latencyLocked(fresh: true)
        let queued = latency.map { ($0.total - $0.device) * format.bytesPerFrame } ?? 0
        return min(asked, max(0, bytes(seconds: Self.queuedSeconds) - queued)) + overwriting.bytes
    }

    /// Waits, with the main loop locked, for a request from the server (its write callback signals, as `wake()` does),
    /// or, when the server asks for more than the queue may hold, for as long as the queue takes to make room.
    private func waitLocked(forBytes needed: Int) {
        guard podline_pa_stream_writable_size(stream) >= needed else {
            podline_pa_threaded_mainloop_wait(mainloop)
            return
        }
        let short = needed - spaceLocked()
        let seconds = Double(max(0, short)) / Double(format.sampleRate * format.bytesPerFrame)
        podline_pa_threaded_mainloop_unlock(mainloop)
        usleep(UInt32(min(0.05, max(0.005, seconds)) * 1e6))
        podline_pa_threaded_mainloop_lock(mainloop)
    }

    /// Bytes at the end of the queue that the next writes replace, and whether the next write must step
    /// back over them first (see `overwrite`).
    private var overwriting: (bytes: Int, stepBack: Bool) = (0, false)

    public func wake() {
        waker.raise()
        podline_pa_threaded_mainloop_lock(mainloop)
        podline_pa_threaded_mainloop_signal(mainloop, 0)
        podline_pa_threaded_mainloop_unlock(mainloop)
    }

    public func play(_ bytes: UnsafeRawBufferPointer) throws(AudioError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        podline_pa_threaded_mainloop_lock(mainloop)
        defer { podline_pa_threaded_mainloop_unlock(mainloop) }
        setCorkedLocked(false)
        var offset = 0
        while offset < bytes.count {
            try checkAlive()
            let writable = spaceLocked()
            if writable <= 0 {
                waitLocked(forBytes: 1)
                continue
            }
            let count = min(writable, bytes.count - offset)
            // The first write after `overwrite` steps back over the audio it replaces; one after the queue ran dry goes
            // where the server reads (right after a flush the server writes there anyway).
            var seek: Int64 = 0
            if overwriting.stepBack {
                seek = -Int64(overwriting.bytes)
            } else if offset == 0 && !flushed {
                seek = Int64(bytesReadPastWrittenLocked())
            }
            flushed = false
            guard podline_pa_stream_write(stream, base + offset, count, nil, seek, PA_SEEK_RELATIVE) >= 0 else {
                throw failure("pa_stream_write")
            }
            overwriting = (max(0, overwriting.bytes - count), false)
            offset += count
        }
    }

    public func overwrite(frames: Int) {
        podline_pa_threaded_mainloop_lock(mainloop)
        defer { podline_pa_threaded_mainloop_unlock(mainloop) }
        overwriting = (frames * format.bytesPerFrame, frames > 0)
    }

    public var pendingOverwriteFrames: Int {
        podline_pa_threaded_mainloop_lock(mainloop)
        defer { podline_pa_threaded_mainloop_unlock(mainloop) }
        return overwriting.bytes / max(1, format.bytesPerFrame)
    }

    public func unplayedFrames() -> Int {
        latency(fresh: false).total
    }

    public func retractableFrames() -> Int {
        let (total, device) = latency(fresh: true)
        return max(0, total - device)
    }

    /// The stream's latency and the part of it in the server's device, in frames. Interpolated from
    /// timing asked for once a second, or asked for now and waited for when `fresh` or when the timing kept is no
    /// longer good (after a flush the server's read index is unknown until it says it again).
    private func latency(fresh: Bool = false) -> (total: Int, device: Int) {
        podline_pa_threaded_mainloop_lock(mainloop)
        defer { podline_pa_threaded_mainloop_unlock(mainloop) }
        return latencyLocked(fresh: fresh) ?? (fresh ? nil : latencyLocked(fresh: true)) ?? (0, 0)
    }

    /// How far the server has read past everything written, in bytes, and a little more for the time the next write
    /// takes to arrive: 0 unless the queue ran dry and the stream played on. The timing kept is asked again when it
    /// says the queue is all but empty.
    private func bytesReadPastWrittenLocked() -> Int {
        // The latency stops at 0 (libpulse reports no negative latency for playback): the indexes tell.
        if let kept = latencyLocked(fresh: false), kept.total > format.sampleRate / 20 { return 0 }
        _ = latencyLocked(fresh: true)
        guard let stream, let timing = podline_pa_stream_get_timing_info(stream)?.pointee,
            timing.read_index_corrupt == 0, timing.write_index_corrupt == 0, timing.read_index > timing.write_index
        else { return 0 }
        let past = Int(timing.read_index - timing.write_index) + bytes(seconds: Self.arrivalSeconds)
        return past - past % format.bytesPerFrame
    }

    /// `latency` with the main loop locked; nil when the stream cannot tell it from the timing it has.
    private func latencyLocked(fresh: Bool) -> (total: Int, device: Int)? {
        guard let stream else { return (0, 0) }
        let now = DispatchTime.now().uptimeNanoseconds
        // Interpolation stands still while the server last said the stream was not playing (after a pause, a flush, an
        // underrun): until it says it plays again, it is asked ten times a second rather than once.
        let stalled = podline_pa_stream_get_timing_info(stream).map { $0.pointee.playing == 0 } ?? true
        let interval: UInt64 = stalled ? 100_000_000 : 1_000_000_000
        if fresh || now &- lastTimingUpdate >= interval,
            let operation = podline_pa_stream_update_timing_info(
                stream,
                { _, _, data in
                    if let data { podline_pa_threaded_mainloop_signal(OpaquePointer(data), 0) }
                }, UnsafeMutableRawPointer(mainloop))
        {
            lastTimingUpdate = now
            while fresh, podline_pa_operation_get_state(operation) == PA_OPERATION_RUNNING, (try? checkAlive()) != nil {
                podline_pa_threaded_mainloop_wait(mainloop)
            }
            podline_pa_operation_unref(operation)
        }
        var usec: pa_usec_t = 0
        var negative: Int32 = 0
        guard podline_pa_stream_get_latency(stream, &usec, &negative) >= 0 else { return nil }
        let rate = Double(format.sampleRate)
        guard negative == 0 else { return (0, 0) }
        let device = podline_pa_stream_get_timing_info(stream)?.pointee.sink_usec ?? 0
        return (Int(Double(usec) / 1e6 * rate), Int(Double(min(device, usec)) / 1e6 * rate))
    }

    public func flush() {
        podline_pa_threaded_mainloop_lock(mainloop)
        defer { podline_pa_threaded_mainloop_unlock(mainloop) }
        overwriting = (0, false)
        flushed = true
        setCorkedLocked(false)
        // The timing kept from before no longer holds: the next look at the latency asks the server again.
        lastTimingUpdate = 0
        guard let stream, let operation = podline_pa_stream_flush(stream, nil, nil) else { return }
        podline_pa_operation_unref(operation)
    }

    /// Corks the stream: the server stops reading it and asking for more, so a paused player's sound thread sleeps (as
    /// mpv does). Called once the pause's fade has been heard; the next `flush` (a resume's) or `play` uncorks it.
    public func suspend() {
        podline_pa_threaded_mainloop_lock(mainloop)
        defer { podline_pa_threaded_mainloop_unlock(mainloop) }
        setCorkedLocked(true)
    }

    /// Corks or uncorks the stream, unless it already is so; the timing kept no longer holds either way.
    private func setCorkedLocked(_ cork: Bool) {
        guard cork != corked, let stream else { return }
        corked = cork
        lastTimingUpdate = 0
        guard let operation = podline_pa_stream_cork(stream, cork ? 1 : 0, nil, nil) else { return }
        podline_pa_operation_unref(operation)
    }

    /// Waits until the queue has been heard, watching the latency fall (the server's own drain
    /// acknowledgement does not arrive for a stream that never pre-buffers).
    public func drain() {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64((Self.queuedSeconds + 2) * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            let left = unplayedFrames()
            if left <= format.sampleRate / 100 || (try? locked { () throws(AudioError) in try checkAlive() }) == nil { return }
            usleep(UInt32(min(50_000, max(5_000, left * 1_000_000 / format.sampleRate))))
        }
    }

    /// Runs `body` with the main loop locked.
    private func locked<T>(_ body: () throws(AudioError) -> T) throws(AudioError) -> T {
        podline_pa_threaded_mainloop_lock(mainloop)
        defer { podline_pa_threaded_mainloop_unlock(mainloop) }
        return try body()
    }
}

/// A flag another thread raises to end a wait for space early: one atomic, which the thread sanitizer sees (a `Mutex`'s
/// lock lives in the uninstrumented standard library, so its guard was invisible to it).
private final class PulseWaker: Sendable {
    private let raised = Atomic(false)

    func raise() {
        raised.store(true, ordering: .releasing)
    }

    /// True, and lowered again, when raised since the last call.
    func take() -> Bool {
        raised.exchange(false, ordering: .acquiringAndReleasing)
    }
}
