/// Opens the device an `OutputSpec` names: PulseAudio through libpulse, anything else through libao.
public enum AudioDevices {
    /// Opens `spec` for `format`. `pulse` (and `default`, first) use libpulse directly, so that queued
    /// audio can be taken back; other drivers and files go through libao.
    public static func open(_ spec: OutputSpec, format: AudioFormat) throws(AudioError) -> any AudioDevice {
        StandardError.quietLibraries()
        switch spec.driver {
        case "null":
            return NullOutput(format: format, fast: spec.fast)
        case "pulse":
            do {
                return try PulseOutput(server: spec.path, format: format)
            } catch {
                throw AudioError.noAudioOutput(tried: [spec.path.map { "pulse at \($0)" } ?? "pulse"])
            }
        case "default":
            if let pulse = try? PulseOutput(server: nil, format: format) { return pulse }
            do {
                return try AudioOutput(spec: spec, format: format, skipping: ["pulse"])
            } catch let AudioError.noAudioOutput(tried) {
                throw AudioError.noAudioOutput(tried: ["pulse"] + tried)
            }
        default:
            return try AudioOutput(spec: spec, format: format)
        }
    }

    /// Drivers that need no libao: naming them does not load libao's plugins.
    static let ownDrivers: Set<String> = ["default", "pulse", "null"]

    /// True when `driver` names an output that `open` knows; libao is only asked about others.
    public static func knows(_ driver: String) -> Bool {
        ownDrivers.contains(driver) || AudioOutput.driverNames().contains(driver)
    }

    /// Every driver name `--output` accepts.
    public static func driverNames() -> [String] {
        let others = AudioOutput.driverNames().filter { !ownDrivers.contains($0) }
        return ["default", "pulse", "null"] + others.sorted()
    }
}
