/// Where decoded audio goes: `DRIVER[:PATH]`, as given to `--output`.
public struct OutputSpec: Equatable, Sendable, CustomStringConvertible {
    /// The libao driver's short name, or `default` for libao's own choice.
    public var driver: String
    /// The file a file driver writes (`-` is standard output); for `pulse`, the server to use; else nil.
    public var path: String?
    /// For `null`: take the audio as fast as it is decoded rather than in real time (`play --fast`).
    public var fast = false

    /// File drivers write to a path rather than a device.
    public static let fileDrivers: Set<String> = ["wav", "au", "raw"]

    public init(driver: String, path: String? = nil) {
        self.driver = driver
        self.path = path
    }

    /// Parses `DRIVER[:PATH]`; file drivers need a path, live drivers take none.
    public init(parsing text: String) throws(AudioError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let driver = parts.first.map(String.init) ?? ""
        let path = parts.count > 1 ? String(parts[1]) : nil
        guard !driver.isEmpty else {
            throw AudioError.badOutput(
                spec: text, reason: "no driver named (use default, pulse, alsa, null, wav:FILE, au:FILE or raw:FILE)")
        }
        if Self.fileDrivers.contains(driver) {
            guard let path, !path.isEmpty else {
                throw AudioError.badOutput(spec: text, reason: "the \(driver) driver writes a file: use \(driver):FILE")
            }
        } else if path != nil && driver != "pulse" {
            throw AudioError.badOutput(spec: text, reason: "the \(driver) driver takes no file")
        }
        self.init(driver: driver, path: path)
    }

    /// True for drivers that write a file.
    public var isFile: Bool { Self.fileDrivers.contains(driver) }

    /// The output for the `number`th part of audio in one format (from 1): a file driver's later parts go to
    /// `NAME-2.wav`, `NAME-3.wav`…, as a WAV or AU header holds one format; standard output and live
    /// drivers take every part.
    public func part(_ number: Int) -> OutputSpec {
        guard number > 1, isFile, let path, path != "-" else { return self }
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return OutputSpec(driver: driver, path: path + "-\(number)")
        }
        return OutputSpec(driver: driver, path: String(path[..<dot]) + "-\(number)" + String(path[dot...]))
    }

    public var description: String { path.map { "\(driver):\($0)" } ?? driver }
}
