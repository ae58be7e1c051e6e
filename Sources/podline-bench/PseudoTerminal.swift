import Foundation

/// A program run on a pseudo-terminal of a given size, as a terminal emulator runs it: the benchmark writes keys to
/// the master side and reads what the program draws, timing both.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    /// Bytes read since the last `take`.
    private(set) var pending: [UInt8] = []

    /// Starts `program` with `arguments` on a new terminal of `columns` by `rows`, in a session of its own.
    init(_ program: String, _ arguments: [String], environment: [String: String], columns: Int, rows: Int) throws {
        var master: Int32 = 0
        var slave: Int32 = 0
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw BenchError("openpty failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, fd) }
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (0x80 in glibc): the program leads a session of its own, as under a terminal emulator.
        posix_spawnattr_setflags(&attributes, 0x80)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        close(slave)
        guard status == 0 else {
            close(master)
            throw BenchError("cannot start \(program): \(String(cString: strerror(status)))")
        }
        self.master = master
        pid = child
        Interruption.shared.track(child)
    }

    /// Writes `text` as typed keys.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `marker` has arrived (counting from the last `take`), or `timeout` seconds pass; returns whether it
    /// came.
    @discardableResult
    func wait(for marker: [UInt8], timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var searched = 0
        while true {
            if let found = find(marker, from: max(0, searched - marker.count)) {
                _ = found
                return true
            }
            searched = pending.count
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            readSome(timeout: left)
        }
    }

    /// Reads for `seconds`, whatever comes; returns how many bytes came.
    func drain(for seconds: Double) -> Int {
        let before = pending.count
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 { readSome(timeout: deadline.timeIntervalSinceNow) }
        return pending.count - before
    }

    /// Reads until nothing has come for `quiet` seconds (or `timeout` passes); returns the seconds from the call to the
    /// last byte read, nil when none came.
    func lastByte(quiet: Double, timeout: Double) -> Double? {
        let began = Date()
        var last: Date?
        while Date().timeIntervalSince(began) < timeout {
            let before = pending.count
            readSome(timeout: quiet)
            if pending.count > before {
                last = Date()
            } else if last != nil {
                break
            }
        }
        return last.map { $0.timeIntervalSince(began) }
    }

    /// The process's CPU time so far (user and system), in seconds.
    func cpuSeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The bytes read since the last take, handed over and forgotten.
    func take() -> [UInt8] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    private func readSome(timeout: Double) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(max(1, timeout * 1000))) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(master, &chunk, chunk.count)
        if count > 0 { pending += chunk[0..<count] }
    }

    private func find(_ marker: [UInt8], from start: Int) -> Int? {
        guard pending.count >= marker.count, start <= pending.count - marker.count else { return nil }
        for index in start...(pending.count - marker.count) where pending[index] == marker[0] {
            if pending[index..<(index + marker.count)].elementsEqual(marker) { return index }
        }
        return nil
    }

    /// Each thread's context switches so far (voluntary and not), by thread id.
    func contextSwitches() -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var counts: [String: Int] = [:]
        for task in tasks {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            counts[task] = status.split(separator: "\n")
                .filter { $0.hasPrefix("voluntary_ctxt_switches") || $0.hasPrefix("nonvoluntary_ctxt_switches") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
        }
        return counts
    }

    /// The context switches (wake-ups) of every thread since `earlier` (a thread started meanwhile counts whole, one
    /// that ended meanwhile is not seen), and the threads that woke, by name: `name ×count`.
    func wakeUps(since earlier: [String: Int]) -> (count: Int, threads: String) {
        var total = 0
        var threads: [String] = []
        for (task, count) in contextSwitches().sorted(by: { $0.key < $1.key }) {
            let woke = count - (earlier[task] ?? 0)
            guard woke > 0 else { continue }
            total += woke
            let name =
                (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? task
            threads.append("\(name) ×\(woke)")
        }
        return (total, threads.isEmpty ? "none woke" : threads.joined(separator: ", "))
    }

    /// Ends the program (SIGTERM, then SIGKILL) and closes the terminal.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, WNOHANG)
        close(master)
    }
}
