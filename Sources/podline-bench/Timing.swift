import Foundation
import PodcastKit

/// Runs programs and times them.
enum Timing {
    /// Runs `executable` to completion, discarding its output; fails when it exits non-zero.
    /// (posix_spawn and waitpid: Foundation's `Process.waitUntilExit` polls every 50 ms, too coarse to time with.)
    static func run(_ executable: String, _ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("posix_spawn \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
    }

    /// Wall-clock seconds `body` takes.
    static func measure(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The shortest of `runs` measurements.
    static func best(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        var best = Double.infinity
        for _ in 0..<runs { best = min(best, try measure(body)) }
        return best
    }

    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A benchmark failure.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
