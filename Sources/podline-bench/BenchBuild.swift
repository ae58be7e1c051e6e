import Foundation

/// Builds the binaries under test: release mode, the Swift runtime linked statically (as shipped), in a
/// scratch folder of their own so that the debug build's folder is left alone.
enum BenchBuild {
    /// The package's root: the current folder when it holds Package.swift, else the one this source was built from.
    static func packageRoot() throws -> String {
        let current = FileManager.default.currentDirectoryPath
        if FileManager.default.fileExists(atPath: current + "/Package.swift"),
            FileManager.default.fileExists(atPath: current + "/Sources/podline-bench")
        {
            return current
        }
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .path
        guard FileManager.default.fileExists(atPath: fromSource + "/Package.swift") else {
            throw BenchError("cannot find the Podline package (run podline-bench from its folder)")
        }
        return fromSource
    }

    /// Builds one product, with its output on standard error.
    static func product(_ name: String, options: BenchOptions) throws {
        Progress.say("building \(name) (release, static Swift runtime, scratch \(options.scratch))")
        let (executable, arguments) = try command(options: options, extra: ["--product", name])
        try Subprocess.run(
            executable, arguments, environment: ProcessInfo.processInfo.environment,
            output: Subprocess.standardError, errors: Subprocess.standardError)
    }

    /// The folder the release products are built into.
    static func binPath(options: BenchOptions) throws -> String {
        let (executable, arguments) = try command(options: options, extra: ["--show-bin-path"], locked: false)
        return try Subprocess.capture(executable, arguments, environment: ProcessInfo.processInfo.environment)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func command(options: BenchOptions, extra: [String], locked: Bool = true) throws -> (String, [String]) {
        guard let swift = Subprocess.which("swift") else { throw BenchError("swift is not on PATH") }
        let root = try packageRoot()
        let scratch = options.scratch.hasPrefix("/") ? options.scratch : root + "/" + options.scratch
        // As the README and Resources/install.sh build it (Package.swift adds the release link flags).
        let arguments =
            ["build", "--package-path", root, "-c", "release", "--static-swift-stdlib", "--scratch-path", scratch] + extra
        if locked, let lock = options.buildLock {
            guard let flock = Subprocess.which("flock") else { throw BenchError("flock is not installed (apt-get install util-linux)") }
            return (flock, [lock, swift] + arguments)
        }
        return (swift, arguments)
    }
}
