import Foundation

/// What one finished process cost: wall time, CPU time (user + system) and, when asked for, peak resident memory.
struct ProcessSample {
    var wall: Double
    var cpu: Double
    var peakRSSKilobytes: Int?
}

/// Runs programs with posix_spawn and reaps them with wait4, which reports the child's own CPU time and
/// peak RSS (Foundation's `Process.waitUntilExit` polls every 50 ms, too coarse to time with).
enum Subprocess {
    /// Given as `output` or `errors`, sends that stream to the benchmark's own standard error (`&N` names any open
    /// descriptor of the benchmark's).
    static let standardError = "&2"

    /// Runs `executable` to completion and returns what it cost; throws when it exits non-zero.
    /// Standard input comes from `input` (else /dev/null), standard output and error go to the files named
    /// (else /dev/null; `standardError` for this program's standard error).
    ///
    /// With `measuringMemory` the program runs under GNU time, which reports its peak RSS: a child's
    /// `ru_maxrss` counts the memory of the process that started it (posix_spawn's vfork shares it until
    /// exec, and a fork copies it), so only a small launcher gives the program's own figure.
    @discardableResult
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        input: String? = nil, output: String? = nil, errors: String? = nil,
        measuringMemory: Bool = false, expecting expectedStatus: Int32 = 0
    ) throws -> ProcessSample {
        var launched = (executable, arguments)
        let memoryFile = FileManager.default.temporaryDirectory.appendingPathComponent("podline-bench-rss-\(getpid())").path
        if measuringMemory {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
                throw BenchError("GNU time is not installed (apt-get install time): it measures peak memory")
            }
            launched = ("/usr/bin/time", ["-f", "%M", "-o", memoryFile, executable] + arguments)
        }
        defer { if measuringMemory { try? FileManager.default.removeItem(atPath: memoryFile) } }
        let start = DispatchTime.now().uptimeNanoseconds
        let pid = try spawn(launched.0, launched.1, environment: environment, input: input, output: output, errors: errors)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == expectedStatus << 8 else {
            let how = status & 0x7f == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(status & 0x7f)"
            throw BenchError("\(([executable] + arguments).joined(separator: " ")) failed (\(how))")
        }
        // Under GNU time, its own usage includes the program's (a waited-for child) and adds little.
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        var peak: Int?
        if measuringMemory {
            let text = (try? String(contentsOfFile: memoryFile, encoding: .utf8)) ?? ""
            guard let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
                throw BenchError("GNU time reported no peak memory for \(executable)")
            }
            peak = kilobytes
        }
        return ProcessSample(wall: wall, cpu: cpu, peakRSSKilobytes: peak)
    }

    /// Runs `executable` to completion and returns its standard output as text.
    static func capture(
        _ executable: String, _ arguments: [String], environment: [String: String],
        input: String? = nil, errors: String? = nil
    ) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "podline-bench-out-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: file) }
        try run(executable, arguments, environment: environment, input: input, output: file.path, errors: errors)
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// Starts `executable` without waiting for it; returns its process id.
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String],
        input: String? = nil, output: String? = nil, errors: String? = nil
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        for (descriptor, path) in [(Int32(1), output), (Int32(2), errors)] {
            if let path, path.hasPrefix("&"), let source = Int32(path.dropFirst()) {
                if descriptor != source { posix_spawn_file_actions_adddup2(&actions, source, descriptor) }
            } else {
                posix_spawn_file_actions_addopen(&actions, descriptor, path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // Children start with the termination signals at their defaults and none blocked, whatever this
        // process does with them.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// Waits for a process started with `spawn`; returns its wait status.
    @discardableResult
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// Waits up to `seconds` for a process started with `spawn` to end; true when it did.
    static func wait(_ pid: pid_t, upTo seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno == ECHILD) { return true }
            usleep(20_000)
        }
        return false
    }

    /// The full path of the program `name` on PATH, or nil.
    static func which(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}

/// A benchmark failure: what could not be run or measured, and why.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
