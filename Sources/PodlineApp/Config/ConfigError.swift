/// Why config.toml was refused: the file, the line and the key when known, and what was wrong.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var key: String?
    public var problem: String

    public var description: String {
        var place = path
        if let line { place += " line \(line)" }
        if let key { return "\(place): \(key): \(problem)" }
        return "\(place): \(problem)"
    }
}
