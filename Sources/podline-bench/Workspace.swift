import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The benchmark's working folder, the binaries under test, the tools it compares with, and the inputs it
/// generates (each made once, on first use, and kept between runs when the folder is given with `--work`).
final class Workspace {
    let options: BenchOptions
    let folder: URL
    private let removeAtEnd: Bool
    /// The podline binary measured: a stripped copy of the static release build (callgrind reads it too).
    private(set) var podline = ""
    private var audio: [String: String] = [:]
    private var feedPath: String?
    private var library: LargeLibrary?
    private var pulse: PulseDaemon?
    private var resolvedPython: String?

    init(options: BenchOptions) throws {
        self.options = options
        if let work = options.work {
            folder = URL(fileURLWithPath: work, isDirectory: true).standardizedFileURL
            removeAtEnd = false
        } else {
            folder = URL(fileURLWithPath: "/tmp/podline-bench-\(getpid())", isDirectory: true)
            removeAtEnd = true
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Stops the sound server it started and removes the folder unless it was given with `--work`.
    func close() {
        pulse?.stop()
        pulse = nil
        if removeAtEnd { try? FileManager.default.removeItem(at: folder) }
    }

    /// A path inside the working folder.
    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// A fresh empty folder inside the working folder (mode 0700, as runtime folders must be).
    func freshFolder(_ name: String) throws -> String {
        let path = path(name)
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return path
    }

    /// Builds (or finds) the podline binary and keeps a stripped copy of it to measure.
    func preparePodline() throws {
        let built: String
        if let given = options.podline {
            built = given
        } else {
            let bin = try BenchBuild.binPath(options: options)
            if options.build { try BenchBuild.product("podline", options: options) }
            built = bin + "/podline"
        }
        guard FileManager.default.isExecutableFile(atPath: built) else {
            throw BenchError("\(built): no podline binary there (build it, or drop --no-build)")
        }
        podline = path("podline")
        try? FileManager.default.removeItem(atPath: podline)
        try Subprocess.run(
            try tool("strip", install: "binutils"), ["-o", podline, built], environment: ProcessInfo.processInfo.environment)
        Self.dropFromPageCache(podline)
    }

    /// Writes `path` out and drops it from the page cache, so that it is read from disk as an installed binary
    /// is after a reboot. A file just written sits in the cache in large folios (ext4 on Linux 6.16 and
    /// later), and running it maps whole folios of its text: 37 MB resident instead of 23 MB for the same
    /// `play` (Linux 6.18, measured with /proc/PID/smaps_rollup).
    static func dropFromPageCache(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { Glibc.close(descriptor) }
        fsync(descriptor)
        _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED))
    }

    /// The full path of `name`, or an error that says how to install it.
    func tool(_ name: String, install: String) throws -> String {
        guard let found = Subprocess.which(name) else { throw BenchError("\(name) is not installed (\(install))") }
        return found
    }

    /// The environment for podline and the audio tools: HOME and XDG_RUNTIME_DIR are `runtime` (where a
    /// private sound server and the control socket live), the XDG data, config and state folders are
    /// inside the working folder, and nothing points at the user's own library or sound server.
    func environment(runtime: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["PODLINE_HOME", "PULSE_SERVER", "PULSE_SINK", "NO_COLOR"] { environment[key] = nil }
        environment["HOME"] = runtime
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["XDG_DATA_HOME"] = path("home/data")
        environment["XDG_CONFIG_HOME"] = path("home/config")
        environment["XDG_STATE_HOME"] = path("home/state")
        environment["XDG_CACHE_HOME"] = path("home/cache")
        return environment
    }

    /// The Python interpreter's real path (a pyenv shim resolved, so children need no shell set-up).
    func python() throws -> String {
        if let resolvedPython { return resolvedPython }
        let shim = try tool(options.python, install: "apt-get install python3")
        let real = try Subprocess.capture(
            shim, ["-c", "import sys; print(sys.executable)"], environment: ProcessInfo.processInfo.environment
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
        resolvedPython = real.isEmpty ? shim : real
        return resolvedPython ?? shim
    }

    /// A generated MP3 (see `BenchAudio`), made on first use.
    func mp3(_ kind: BenchAudio.Kind) throws -> String {
        if let made = audio[kind.fileName] { return made }
        let target = path(kind.fileName)
        if !FileManager.default.fileExists(atPath: target) {
            Progress.say("making \(kind.fileName)")
            try BenchAudio.make(kind, at: target, workspace: self)
        }
        audio[kind.fileName] = target
        return target
    }

    /// The generated 3,000-item feed, made on first use.
    func bigFeed() throws -> String {
        if let feedPath { return feedPath }
        let target = path("big-feed.xml")
        if !FileManager.default.fileExists(atPath: target) {
            try BenchFeeds.big(items: 3000).write(toFile: target, atomically: true, encoding: .utf8)
        }
        feedPath = target
        return target
    }

    /// The 500,000-episode library (200 shows × 2,500), filled through `podline add` on first use.
    func largeLibrary() throws -> LargeLibrary {
        if let library { return library }
        let made = try LargeLibrary.make(in: path("large-library"), workspace: self)
        library = made
        return made
    }

    /// The private PulseAudio daemon with a null sink, started on first use.
    func soundServer() throws -> PulseDaemon {
        if let pulse { return pulse }
        let started = try PulseDaemon(runtime: try freshFolder("runtime"), workspace: self)
        pulse = started
        return started
    }
}
