#if canImport(Glibc)
    import Glibc
#endif

/// Environment variables read one at a time with getenv: Foundation's `ProcessInfo.environment` builds a
/// dictionary of all of them on every call, about a million instructions of a command's start-up.
public enum ProcessEnvironment {
    /// The variable's value, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables among `names` that are set.
    public static func values(_ names: String...) -> [String: String] {
        var found: [String: String] = [:]
        for name in names { found[name] = value(name) }
        return found
    }
}
