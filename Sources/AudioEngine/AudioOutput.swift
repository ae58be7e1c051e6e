import Cao
import Glibc

/// Writes 16-bit PCM to a libao device or file; owns one `ao_device`.
public final class AudioOutput: AudioDevice {
    private let device: OpaquePointer
    /// What was asked for.
    public let spec: OutputSpec
    /// The libao driver that was opened (for `default`, the one that worked).
    public let driverName: String
    /// The PCM format the device was opened with.
    public let format: AudioFormat

    /// Opens `spec` for `format`; `default` tries each live driver (but those in `skipping`) and reports all that failed.
    public init(spec: OutputSpec, format: AudioFormat, skipping: Set<String> = []) throws(AudioError) {
        self.spec = spec
        self.format = format
        if spec.driver == "default" {
            let candidates = AOLibrary.defaultCandidates().filter { !skipping.contains($0.shortName) }
            for candidate in candidates {
                if let opened = Self.openLive(candidate.id, format: format) {
                    device = opened
                    driverName = candidate.shortName
                    return
                }
            }
            throw AudioError.noAudioOutput(tried: candidates.map(\.shortName))
        }
        guard let driver = AOLibrary.driver(named: spec.driver) else {
            let known = AOLibrary.loadedDrivers().map(\.shortName).sorted().joined(separator: ", ")
            throw AudioError.badOutput(spec: spec.description, reason: "unknown driver (available: default, \(known))")
        }
        driverName = driver.shortName
        if let path = spec.path {
            device = try Self.openFile(driver.id, path: path, format: format, spec: spec)
        } else if driver.isLive {
            guard let opened = Self.openLive(driver.id, format: format) else {
                throw AudioError.noAudioOutput(tried: [driver.shortName])
            }
            device = opened
        } else {
            throw AudioError.badOutput(
                spec: spec.description, reason: "the \(driver.shortName) driver writes a file: use \(driver.shortName):FILE")
        }
    }

    /// The short names `--output` accepts: `default` and every driver libao loaded.
    public static func driverNames() -> [String] {
        ["default"] + AOLibrary.loadedDrivers().map(\.shortName).sorted()
    }

    deinit {
        podline_ao_close(device)
    }

    /// Plays `bytes` of interleaved PCM in `format`; blocks while a live device is full.
    public func play(_ bytes: UnsafeRawBufferPointer) throws(AudioError) {
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        let pointer = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self))
        guard podline_ao_play(device, pointer, UInt32(bytes.count)) != 0 else {
            throw AudioError.library(function: "ao_play", message: "the \(driverName) output stopped accepting audio")
        }
    }

    private static func sampleFormat(_ format: AudioFormat, body: (inout ao_sample_format) -> OpaquePointer?) -> OpaquePointer? {
        let matrix = format.channels == 1 ? "M" : (format.channels == 2 ? "L,R" : nil)
        var sample = ao_sample_format(
            bits: 16, rate: Int32(format.sampleRate), channels: Int32(format.channels),
            byte_format: AO_FMT_NATIVE, matrix: nil)
        guard let matrix else { return body(&sample) }
        return matrix.withCString { text in
            sample.matrix = UnsafeMutablePointer(mutating: text)
            return body(&sample)
        }
    }

    private static func openLive(_ id: Int32, format: AudioFormat) -> OpaquePointer? {
        StandardError.quietLibraries()
        return sampleFormat(format) { podline_ao_open_live(id, &$0, nil) }
    }

    private static func openFile(_ id: Int32, path: String, format: AudioFormat, spec: OutputSpec) throws(AudioError) -> OpaquePointer {
        let opened = sampleFormat(format) { podline_ao_open_file(id, path, 1, &$0, nil) }
        guard let opened else {
            throw AudioError.badOutput(spec: spec.description, reason: "cannot write \(path): \(reason(errno))")
        }
        return opened
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case AO_ENOTFILE: return "not a file driver"
        case AO_EBADOPTION: return "bad option"
        case AO_EOPENFILE: return "cannot open the file"
        case AO_EFILEEXISTS: return "the file exists"
        case AO_EFAIL: return "libao failed"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
