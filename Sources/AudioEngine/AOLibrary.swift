import CLazyLibraries
import Cao

/// libao's process-wide state: initialised once, on first use, with its chatter silenced.
enum AOLibrary {
    /// A driver libao knows, as `ao_driver_info` describes it.
    struct Driver: Sendable {
        var id: Int32
        var shortName: String
        var isLive: Bool
        var priority: Int32
    }

    /// Empty when libao cannot be loaded.
    private static let drivers: [Driver] = {
        guard (try? AudioLibraries.require(PODLINE_LIBRARY_AO)) != nil else { return [] }
        StandardError.quietLibraries()
        podline_ao_initialize()
        var count: Int32 = 0
        guard let list = podline_ao_driver_info_list(&count) else { return [] }
        var found: [Driver] = []
        for index in 0..<Int(count) {
            guard let info = list[index]?.pointee, let name = info.short_name else { continue }
            let shortName = String(cString: name)
            found.append(
                Driver(
                    id: podline_ao_driver_id(name), shortName: shortName,
                    isLive: info.type == AO_TYPE_LIVE, priority: info.priority))
        }
        return found
    }()

    /// Initialises libao if needed and returns the drivers it loaded.
    static func loadedDrivers() -> [Driver] { drivers }

    /// The driver with `shortName`, or nil.
    static func driver(named shortName: String) -> Driver? {
        drivers.first { $0.shortName == shortName }
    }

    /// Drivers only tried when named: NAS retries a missing server for five seconds.
    static let slowToFail: Set<String> = ["nas"]

    /// Live drivers to try for `default`: libao's configured choice first, then by priority.
    static func defaultCandidates() -> [Driver] {
        guard !drivers.isEmpty else { return [] }
        let preferred = podline_ao_default_driver_id()
        let live = drivers.filter { $0.isLive && $0.priority > 0 && ($0.id == preferred || !slowToFail.contains($0.shortName)) }
            .sorted { $0.priority > $1.priority }
        var ordered = live.filter { $0.id == preferred }
        ordered += live.filter { $0.id != preferred }
        return ordered
    }
}
