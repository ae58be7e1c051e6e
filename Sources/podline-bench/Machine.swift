import Foundation

/// Where and when the figures were measured, and how loaded the machine was meanwhile.
struct Machine: Encodable {
    var date: String
    var cores: Int
    var system: String
    var swift: String
    /// The lowest and highest 1-minute load average seen during the run.
    var loadLow: Double
    var loadHigh: Double

    /// Reads the machine's description; `loads` are the load averages sampled during the run.
    init(loads: [Double]) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        date = formatter.string(from: Date())
        cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        system =
            release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? "Linux"
        let version =
            Subprocess.which("swift").flatMap {
                try? Subprocess.capture($0, ["--version"], environment: ProcessInfo.processInfo.environment, errors: nil)
            } ?? ""
        swift =
            version.split(separator: "\n").first.map { line in
                line.range(of: "Swift version ").map { String(line[$0.upperBound...].prefix { $0 != " " }) } ?? String(line)
            } ?? "unknown"
        loadLow = loads.min() ?? 0
        loadHigh = loads.max() ?? 0
    }

    /// The 1-minute load average now.
    static func load() -> Double {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return Double(text.split(separator: " ").first ?? "") ?? 0
    }

    /// One line: date, cores, system, Swift version, load.
    var summary: String {
        String(
            format: "%@, %d cores, %@, Swift %@, 1-minute load average %.1f–%.1f during the run",
            date, cores, system, swift, loadLow, loadHigh)
    }
}
