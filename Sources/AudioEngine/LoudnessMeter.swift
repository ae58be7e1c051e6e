import CLazyLibraries
import Cebur128
import Glibc

/// Measures loudness as ITU-R BS.1770 and EBU R128 define it, with libebur128; owns one `ebur128_state`.
public final class LoudnessMeter {
    private var state: UnsafeMutablePointer<ebur128_state>?
    public let channels: Int

    /// A meter of integrated loudness (and of true peak when `truePeak`) for interleaved 16-bit audio; mono counts as
    /// dual mono.
    public init(sampleRate: Int, channels: Int, truePeak: Bool = false) throws(AudioError) {
        try AudioLibraries.require(PODLINE_LIBRARY_EBUR128)
        let mode = Int32(EBUR128_MODE_I.rawValue | (truePeak ? EBUR128_MODE_TRUE_PEAK.rawValue : 0))
        guard let state = podline_ebur128_init(UInt32(channels), UInt(sampleRate), mode) else {
            throw AudioError.library(function: "ebur128_init", message: "cannot measure \(channels) channels at \(sampleRate) Hz")
        }
        self.state = state
        self.channels = channels
        // A mono episode is heard from two speakers: measured as dual mono, as podcast loudness specifications count
        // it (-16 LUFS heard is -19 LUFS as a lone channel).
        if channels == 1 {
            let code = podline_ebur128_set_channel(state, 0, Int32(EBUR128_DUAL_MONO.rawValue))
            guard code == Int32(EBUR128_SUCCESS.rawValue) else {
                throw AudioError.library(function: "ebur128_set_channel", message: "error \(code)")
            }
        }
    }

    deinit { podline_ebur128_destroy(&state) }

    /// Adds interleaved samples.
    public func add(_ samples: UnsafeBufferPointer<Int16>) {
        guard let base = samples.baseAddress, samples.count >= channels else { return }
        _ = podline_ebur128_add_frames_short(state, base, samples.count / channels)
    }

    /// The integrated loudness so far, in LUFS; nil while too little was heard (or all of it silence).
    public var integrated: Double? {
        var value = 0.0
        guard podline_ebur128_loudness_global(state, &value) == Int32(EBUR128_SUCCESS.rawValue), value.isFinite else { return nil }
        return value
    }

    /// The highest true peak so far over all channels, in dB of full scale (dBTP); nil without true-peak mode.
    public var truePeak: Double? {
        var highest = 0.0
        for channel in 0..<channels {
            var value = 0.0
            guard podline_ebur128_true_peak(state, UInt32(channel), &value) == Int32(EBUR128_SUCCESS.rawValue) else { return nil }
            highest = max(highest, value)
        }
        return highest > 0 ? 20 * log10(highest) : -200
    }

    /// The integrated loudness of the MP3 file at `path`, decoded whole; nil when it is silence.
    public static func measure(path: String) throws(AudioError) -> Double? {
        var meter: LoudnessMeter?
        try Decoders.decodeWhole(path: path) { format throws(AudioError) in
            meter = try LoudnessMeter(sampleRate: format.sampleRate, channels: format.channels)
        } samples: { samples in
            meter?.add(samples)
        } changed: { format throws(AudioError) in
            // A change of format mid-file (rare): the rest is measured on its own, which the gating tolerates.
            if format.channels != meter?.channels { meter = try LoudnessMeter(sampleRate: format.sampleRate, channels: format.channels) }
        }
        return meter?.integrated
    }
}
