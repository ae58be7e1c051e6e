import PodlineApp

#if canImport(Glibc)
    import Glibc
#endif

/// Why the session bus cannot be used, worded for one line.
struct BusError: Error, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }

    /// Passes a non-negative sd-bus return code through; a negative one (`-errno`) throws, naming `function`.
    /// The one place sd-bus results are checked.
    @discardableResult
    static func check(_ result: Int32, _ function: String) throws(BusError) -> Int32 {
        guard result < 0 else { return result }
        throw BusError("\(function): \(String(cString: strerror(-result)))")
    }
}
