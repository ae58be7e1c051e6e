import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PodlineApp

/// A playing player's control socket under a status bar's load: many clients each asking for `status --json` ten times
/// a second, as polybar and waybar modules do, while a tone plays into a private PulseAudio and is recorded; and beside
/// them a client that never reads its answers and clients that send 100 MB of garbage, which the player should drop
/// without the others noticing. A few seconds and 50 clients in the default suite; 60 s and 200 clients at full length.
@Suite("the control socket under a status bar's load", .serialized)
struct SoakSocketLoadTests {
    /// How long the status bars poll, in seconds.
    static let seconds = LongRun.seconds(short: 8, full: 60)
    /// How many status bars poll at once.
    static let clientCount = LongRun.isFull ? 200 : 50
    /// The longest answer time allowed at the 99th percentile, in milliseconds.
    static let p99Limit = 20.0
    /// The longest near-silence allowed in what was heard, in milliseconds.
    static let gapLimit = 50.0

    @Test("status bars ask for status --json 10 times a second: every answer is JSON saying playing, p99 ≤ 20 ms, no gap in the sound")
    func statusBars() async throws {
        let (clients, seconds) = (Self.clientCount, Self.seconds)
        let stage = try await onOwnThread { try TonePlayer(seconds: seconds + 60) }
        let figures = try await StatusBarLoad.run(clients: clients, seconds: seconds, path: stage.socketPath)
        let ending = try await onOwnThread { try stage.finish() }
        let summary = figures.summary(clients: clients, seconds: seconds) + ", longest gap \(decimal(ending.sound.longestGap)) ms"
        print("socket load: \(summary)")
        Self.expectSteady(figures, clients: clients, seconds: seconds, summary: summary)
        Self.expectStillServing(ending, seconds: seconds, summary: summary)
    }

    @Test("a client that never reads and clients that send 100 MB of garbage are dropped; the status bars keep p99 ≤ 20 ms")
    func misbehavingClients() async throws {
        let (clients, seconds) = (Self.clientCount, Self.seconds)
        let stage = try await onOwnThread { try TonePlayer(seconds: seconds + 60) }
        let filesBefore = stage.process.openFileCount ?? 0
        let memoryBefore = stage.process.residentKilobytes ?? 0
        let path = stage.socketPath
        // The misbehaving clients start a second after the status bars do (they connect for a second first).
        async let load = StatusBarLoad.run(clients: clients, seconds: seconds, path: path)
        async let misbehaving = MisbehavingClients.run(path: path, after: 2)
        let figures = try await load
        let outcomes = try await misbehaving
        let memoryAfter = stage.process.residentKilobytes ?? 0
        // Every client has closed its end by now: the player closes its own as it sees them go.
        let filesAfter = try await onOwnThread {
            poll(timeout: 15, every: 0.05, { stage.process.openFileCount ?? 0 }, until: { $0 <= filesBefore + 2 })
        }
        let ending = try await onOwnThread { try stage.finish() }
        let summary = figures.summary(clients: clients, seconds: seconds) + ", longest gap \(decimal(ending.sound.longestGap)) ms"
        let fates = outcomes.map { "\($0.name): \($0.detail)" }.joined(separator: "; ")
        print(
            "socket load beside misbehaving clients: \(summary); \(fates); player VmRSS \(memoryBefore) -> \(memoryAfter) kB, "
                + "open files \(filesBefore) -> \(filesAfter)")
        for outcome in outcomes {
            #expect(outcome.dropped, "\(outcome.name) was not dropped: \(outcome.detail); status bars: \(summary)")
        }
        Self.expectSteady(figures, clients: clients, seconds: seconds, summary: summary)
        #expect(filesAfter <= filesBefore + 2, "the player's open files: \(filesBefore) before the clients, \(filesAfter) after")
        Self.expectStillServing(ending, seconds: seconds, summary: summary)
    }

    /// Every status bar was answered, rightly and in time, about as often as it asked.
    private static func expectSteady(_ figures: LoadFigures, clients: Int, seconds: Double, summary: String) {
        #expect(figures.failures == 0, "\(summary); the first failures: \(figures.problems)")
        let due = Int(Double(clients) * seconds * 10)
        #expect(figures.answers >= due * 9 / 10, "\(summary); about \(due) questions were due")
        #expect(figures.clientsAnswered == clients, "\(summary); \(figures.clientsAnswered) clients were answered")
        #expect(figures.milliseconds(at: 0.99) <= Self.p99Limit, "\(summary)")
    }

    /// The sound went on without a gap; afterwards the player still answered, still playing, and stopped cleanly.
    private static func expectStillServing(_ ending: RunEnding, seconds: Double, summary: String) {
        #expect(ending.sound.seconds >= seconds, "\(summary); \(decimal(ending.sound.seconds)) s heard")
        #expect(ending.sound.longestGap <= Self.gapLimit, "\(summary)")
        #expect(ending.statusExit == 0 && ending.state == "playing", "status --json afterwards: \(ending.statusOutput)")
        #expect(ending.stopExit == 0, "stop: \(ending.stopError)")
        #expect(
            ending.exitStatus == 0, "the player's exit: \(ending.exitStatus.map(String.init) ?? "none (killed)"); \(ending.errorOutput)")
    }
}

// MARK: - The player

/// A `podline play` of a long tone into a private PulseAudio, recorded from its first half second on, with its control
/// socket in a runtime folder of its own.
private final class TonePlayer: @unchecked Sendable {
    let folder: URL
    let runtime: URL
    let pulse: PulseAudioServer
    let process: BackgroundProcess
    let log: URL
    let recording: PulseAudioServer.Recording
    private var recordingStopped = false

    /// Starts the player on a tone `seconds` long, waits until it has played half a second, and starts recording.
    init(seconds: Double) throws {
        let folder = try Fixtures.temporaryDirectory("podline-soak-socket")
        let episode = try Fixtures.toneMP3(
            in: folder, name: "long.mp3", seconds: seconds, frequency: 440, rate: 22_050, channels: 1, bitrate: 32)
        let pulse = try PulseAudioServer()
        let runtime = try Fixtures.temporaryDirectory("podline-run")
        chmod(runtime.path, 0o700)
        let log = folder.appendingPathComponent("stderr.txt")
        let process = try BackgroundProcess.podline(
            ["play", episode.path, "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native"], home: folder,
            environment: ["XDG_RUNTIME_DIR": runtime.path], stderr: log)
        let location = ControlLocation(directory: runtime.path + "/podline")
        let last = poll(
            timeout: 20, every: 0.02, { TonePlayer.status(at: location) },
            until: { $0?.state == "playing" && ($0?.position ?? 0) >= 0.5 })
        guard last?.state == "playing" else {
            throw TestSupportError("the player never played: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        let recording = try pulse.record()
        self.folder = folder
        self.runtime = runtime
        self.pulse = pulse
        self.process = process
        self.log = log
        self.recording = recording
    }

    /// The control socket's path.
    var socketPath: String { runtime.path + "/podline/control.sock" }

    /// The variables a one-shot command needs to reach this player.
    var environment: [String: String?] { ["XDG_RUNTIME_DIR": runtime.path] }

    /// What the player wrote on standard error so far.
    var errorOutput: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// The player's state and position, asked over its socket; nil when it does not answer.
    static func status(at location: ControlLocation) -> (state: String, position: Double)? {
        guard let client = try? ControlClient(location: location), let answer = try? client.request(["status"]), answer.succeeded,
            let object = (try? JSONSerialization.jsonObject(with: Data(answer.dataText.utf8))) as? [String: Any]
        else { return nil }
        return (object["state"] as? String ?? "", object["position"] as? Double ?? 0)
    }

    /// Asks `status --json` as a one-shot command, stops recording, then stops the player: how each went.
    func finish() throws -> RunEnding {
        let status = try PodlineBinary.run(["status", "--json"], home: folder, environment: environment, timeout: 20)
        let object = (try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8))) as? [String: Any]
        recordingStopped = true
        let sound = try HeardSound(recording.stop().mono(), sampleRate: 44_100)
        let stop = try PodlineBinary.run(["stop"], home: folder, environment: environment, timeout: 20)
        let exitStatus = process.wait(timeout: 15)
        return RunEnding(
            statusExit: status.status, state: object?["state"] as? String, statusOutput: status.stdout + status.stderr,
            sound: sound, stopExit: stop.status, stopError: stop.stderr, exitStatus: exitStatus, errorOutput: errorOutput)
    }

    deinit {
        if !recordingStopped { _ = try? recording.stop() }
        process.killNow()
        pulse.stop()
    }
}

/// How a player's run ended: its answer to a one-shot `status --json`, what was heard, and how it stopped.
private struct RunEnding: Sendable {
    var statusExit: Int32
    var state: String?
    var statusOutput: String
    var sound: HeardSound
    var stopExit: Int32
    var stopError: String
    /// The player's exit status; nil when it had to be killed.
    var exitStatus: Int32?
    var errorOutput: String
}

/// A recording from its first audible sample on: how long it lasts, and its longest near-silence.
private struct HeardSound: Sendable {
    /// Seconds from the first audible sample to the end of the recording.
    var seconds = 0.0
    /// The longest run of samples no louder than `quiet` (of full scale), in milliseconds; a gap in the sound.
    var longestGap = 0.0

    /// Measures `signal` (one channel, -1...1): audible means louder than `audible`, near-silent no louder than `quiet`.
    init(_ signal: [Double], sampleRate: Int, audible: Double = 0.05, quiet: Double = 0.01) {
        guard let first = signal.firstIndex(where: { abs($0) > audible }) else {
            longestGap = Double(signal.count) * 1000 / Double(sampleRate)
            return
        }
        var longest = 0
        var current = 0
        for sample in signal[first...] {
            if abs(sample) <= quiet {
                current += 1
                longest = max(longest, current)
            } else {
                current = 0
            }
        }
        seconds = Double(signal.count - first) / Double(sampleRate)
        longestGap = Double(longest) * 1000 / Double(sampleRate)
    }
}

// MARK: - Status bars

/// Status bars on a player's socket: each asks for `status --json` ten times a second and times its answer.
private enum StatusBarLoad {
    /// The time between one status bar's questions, in nanoseconds.
    static let period: UInt64 = 100_000_000
    /// How long an answer may take before it counts as lost, in nanoseconds.
    static let patience: UInt64 = 2_000_000_000

    /// Runs `clients` status bars on the socket at `path` for `seconds`, shared among a few threads that each wait on
    /// their sockets with poll(2); the answer times come back sorted.
    static func run(clients: Int, seconds: Double, path: String, threads: Int = 4) async throws -> LoadFigures {
        let start = instant() + 1_000_000_000
        let end = start + UInt64(seconds * 1e9)
        var total = try await withThrowingTaskGroup(of: LoadFigures.self, returning: LoadFigures.self) { group in
            for thread in 0..<threads {
                let numbers = Array(stride(from: thread, to: clients, by: threads))
                group.addTask {
                    try await onOwnThread { Self.drive(numbers, of: clients, path: path, start: start, end: end) }
                }
            }
            var merged = LoadFigures()
            for try await part in group { merged.merge(part) }
            return merged
        }
        total.times.sort()
        return total
    }

    /// Drives the status bars numbered `numbers` (of `count`, whose first questions are spread over one period) from
    /// `start` until `end`, on the calling thread, and waits for the answers still due then.
    static func drive(_ numbers: [Int], of count: Int, path: String, start: UInt64, end: UInt64) -> LoadFigures {
        var figures = LoadFigures()
        var bars = numbers.map { number in
            StatusBar(number: number, envelope: number % 2 == 0, due: start + period * UInt64(number) / UInt64(count))
        }
        for index in bars.indices {
            bars[index].fd = connection(to: path) ?? -1
            if bars[index].fd < 0 { figures.failed("status bar \(bars[index].number) could not connect") }
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let now = instant()
            if now >= end, !bars.contains(where: { $0.asked != nil }) { break }
            for index in bars.indices where bars[index].asked == nil && bars[index].due <= now && now < end {
                ask(&bars[index], path: path, figures: &figures)
            }
            for index in bars.indices {
                guard let asked = bars[index].asked, now > asked, now - asked > patience else { continue }
                figures.failed("status bar \(bars[index].number), request \(bars[index].requestID): no answer within 2 s")
                drop(&bars[index])
            }
            var wait: UInt64 = 10_000_000
            for bar in bars where bar.asked == nil && now < end {
                wait = min(wait, bar.due > now ? bar.due - now : 0)
            }
            var descriptors = bars.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let ready = Glibc.poll(&descriptors, nfds_t(descriptors.count), Int32((wait + 999_999) / 1_000_000))
            guard ready > 0 else { continue }
            for index in bars.indices where descriptors[index].revents != 0 {
                take(&bars[index], buffer: &buffer, figures: &figures)
            }
        }
        for bar in bars where bar.fd >= 0 { close(bar.fd) }
        figures.clientsAnswered = bars.filter(\.answered).count
        return figures
    }

    /// Sends `bar`'s next question (connecting again first when its last connection failed) and notes when it went.
    static func ask(_ bar: inout StatusBar, path: String, figures: inout LoadFigures) {
        let now = instant()
        while bar.due <= now { bar.due += period }
        if bar.fd < 0 {
            guard let fd = connection(to: path) else {
                figures.failed("status bar \(bar.number) could not connect again")
                return
            }
            bar.fd = fd
        }
        bar.requestID += 1
        let line = bar.envelope ? #"{"command":["status","--json"],"request_id":\#(bar.requestID)}"# : "status --json"
        let asked = instant()
        guard UnixSocket.writeAll(bar.fd, Array((line + "\n").utf8)) else {
            let reason = String(cString: strerror(errno))
            figures.failed("status bar \(bar.number), request \(bar.requestID) could not be sent: \(reason)")
            drop(&bar)
            return
        }
        bar.asked = asked
    }

    /// Reads what came for `bar`, and times and checks each answer in it.
    static func take(_ bar: inout StatusBar, buffer: inout [UInt8], figures: inout LoadFigures) {
        let fd = bar.fd
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        let code = errno
        let arrived = instant()
        if count < 0, code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return }
        guard count > 0 else {
            let reason = count == 0 ? "the player closed the connection" : String(cString: strerror(code))
            figures.failed("status bar \(bar.number), request \(bar.requestID): \(reason)")
            drop(&bar)
            return
        }
        bar.pending += buffer[0..<count]
        while let newline = bar.pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(bar.pending[..<newline])
            bar.pending.removeSubrange(...newline)
            guard let asked = bar.asked else {
                figures.failed("status bar \(bar.number): a line it did not ask for: \(String(decoding: line.prefix(160), as: UTF8.self))")
                continue
            }
            bar.asked = nil
            figures.times.append(arrived > asked ? arrived - asked : 0)
            if let wrong = problem(in: line, of: bar) {
                figures.failed("status bar \(bar.number), request \(bar.requestID): \(wrong)")
            } else {
                figures.answers += 1
                bar.answered = true
            }
        }
    }

    /// What is wrong with `line` as the answer to `bar`'s last question; nil when it is a JSON reply with its request id
    /// (none for a plain line) whose data says the player is playing.
    static func problem(in line: [UInt8], of bar: StatusBar) -> String? {
        let text = String(decoding: line.prefix(200), as: UTF8.self)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
            return "not a JSON object: \(text)"
        }
        guard object["error"] as? String == "success" else { return "not a success: \(text)" }
        if bar.envelope {
            guard object["request_id"] as? Int == bar.requestID else { return "another request id: \(text)" }
        } else if object["request_id"] != nil {
            return "a request id for a plain line: \(text)"
        }
        guard let data = object["data"] as? [String: Any], data["state"] as? String == "playing" else {
            return "not playing: \(text)"
        }
        return nil
    }

    /// Closes `bar`'s connection after a failure; its next question connects again.
    static func drop(_ bar: inout StatusBar) {
        if bar.fd >= 0 { close(bar.fd) }
        bar.fd = -1
        bar.asked = nil
        bar.pending = []
    }

    /// A new connection to the socket at `path`; nil when none can be made.
    static func connection(to path: String) -> Int32? {
        guard case .success(let fd) = UnixSocket.connect(to: path, sendTimeout: 2) else { return nil }
        return fd
    }

    /// Now on the monotonic clock, in nanoseconds.
    static func instant() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}

/// One status bar: its connection, when it asks next, and the question it waits on.
private struct StatusBar {
    let number: Int
    /// True when it asks in mpv's JSON envelope with a request id; false for a plain `status --json` line.
    let envelope: Bool
    /// When it asks next (monotonic nanoseconds).
    var due: UInt64
    var fd: Int32 = -1
    /// When its question went out; nil while none waits.
    var asked: UInt64?
    var requestID = 0
    /// What came after the last full line.
    var pending: [UInt8] = []
    /// True once a right answer came.
    var answered = false
}

/// What the status bars saw: how many answers were right, what went wrong, and how long each answer took.
private struct LoadFigures: Sendable {
    var answers = 0
    var failures = 0
    /// The first few failures, described.
    var problems: [String] = []
    /// Each answer's time in nanoseconds, right or wrong (sorted once the run is over).
    var times: [UInt64] = []
    /// How many status bars got at least one right answer.
    var clientsAnswered = 0

    /// Counts a failure, keeping the first few descriptions.
    mutating func failed(_ problem: String) {
        failures += 1
        if problems.count < 5 { problems.append(problem) }
    }

    /// Adds another thread's figures.
    mutating func merge(_ other: LoadFigures) {
        answers += other.answers
        failures += other.failures
        problems += other.problems.prefix(max(0, 5 - problems.count))
        times += other.times
        clientsAnswered += other.clientsAnswered
    }

    /// The longest time of the quickest `fraction` of the answers, in milliseconds (`times` sorted); infinite with none.
    func milliseconds(at fraction: Double) -> Double {
        guard !times.isEmpty else { return .infinity }
        let index = min(times.count - 1, max(0, Int((Double(times.count) * fraction).rounded(.up)) - 1))
        return Double(times[index]) / 1_000_000
    }

    /// The figures in one line, for the log and for failure messages.
    func summary(clients: Int, seconds: Double) -> String {
        "\(clients) clients for \(decimal(seconds, places: 0)) s: \(answers) answers, \(failures) failed, "
            + "p50 \(decimal(milliseconds(at: 0.5), places: 2)) ms, p99 \(decimal(milliseconds(at: 0.99), places: 2)) ms, "
            + "max \(decimal(milliseconds(at: 1), places: 2)) ms"
    }
}

// MARK: - Misbehaving clients

/// Clients that break the socket's manners while the status bars poll; the player should drop each of them.
private enum MisbehavingClients {
    /// Starts, `delay` seconds from now, a client that never reads and two that send 100 MB of garbage, all at once.
    static func run(path: String, after delay: Double) async throws -> [Misbehaviour] {
        try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
        async let silent = onOwnThread { Self.neverReads(path: path) }
        async let unbroken = onOwnThread { Self.garbage(path: path, newlines: false) }
        async let lines = onOwnThread { Self.garbage(path: path, newlines: true) }
        return try await [silent, unbroken, lines]
    }

    /// A status bar that hangs: it asks for `status --json` every 5 ms and never reads an answer, until the player ends
    /// its connection (a send then fails) or `limit` seconds pass.
    static func neverReads(path: String, limit: Double = 10) -> Misbehaviour {
        let name = "the client that never reads"
        guard case .success(let fd) = UnixSocket.connect(to: path, sendTimeout: 5) else {
            return Misbehaviour(name: name, dropped: false, detail: "it could not connect")
        }
        defer { close(fd) }
        let request = Array((#"{"command":["status","--json"],"request_id":1}"# + "\n").utf8)
        let began = Date()
        var sent = 0
        while Date().timeIntervalSince(began) < limit {
            guard UnixSocket.writeAll(fd, request) else {
                let code = errno
                let after = Date().timeIntervalSince(began)
                let reason = String(cString: strerror(code))
                let detail = "\(sent) questions sent, none read; after \(decimal(after)) s a send failed: \(reason)"
                return Misbehaviour(name: name, dropped: code == EPIPE || code == ECONNRESET, detail: detail)
            }
            sent += 1
            usleep(5_000)
        }
        return Misbehaviour(
            name: name, dropped: false, detail: "\(sent) questions sent over \(decimal(limit)) s, none read, and the connection still open")
    }

    /// A client that sends 100 MB of garbage (random bytes without a newline, or random lines the player cannot read)
    /// while it reads whatever comes back; dropped when the player ends its connection by `grace` seconds after the last
    /// byte.
    static func garbage(path: String, newlines: Bool, megabytes: Int = 100, grace: Double = 3) -> Misbehaviour {
        let name = newlines ? "the client that sends 100 MB of unreadable lines" : "the client that sends 100 MB without a newline"
        guard case .success(let fd) = UnixSocket.connect(to: path, sendTimeout: 5) else {
            return Misbehaviour(name: name, dropped: false, detail: "it could not connect")
        }
        let drain = ReplyDrain(fd: fd)
        let block = garbageBlock(newlines: newlines)
        let began = Date()
        var sent = 0
        var failure: Int32?
        while sent < megabytes {
            guard UnixSocket.writeAll(fd, block) else {
                failure = errno
                break
            }
            sent += 1
        }
        let sending = Date().timeIntervalSince(began)
        let ended = poll(timeout: grace, every: 0.01, { drain.ended }, until: { $0 })
        let replies = drain.lines
        shutdown(fd, Int32(SHUT_RDWR))
        _ = poll(timeout: 5, every: 0.01, { drain.ended }, until: { $0 })
        close(fd)
        var detail = "\(sent) MB sent in \(decimal(sending)) s, \(replies) lines read back"
        if let failure { detail += "; a send failed: \(String(cString: strerror(failure)))" }
        detail += ended ? "; the player ended the connection" : "; the connection still open \(decimal(grace)) s after the last byte"
        return Misbehaviour(name: name, dropped: ended || failure == EPIPE || failure == ECONNRESET, detail: detail)
    }

    /// One megabyte of garbage from a fixed seed: random bytes with no newline, or random lines of up to 2,000 bytes that
    /// each begin with 0xFF (never UTF-8, so that no line can be read as a command).
    static func garbageBlock(newlines: Bool) -> [UInt8] {
        var random = SeededGenerator(seed: newlines ? 2 : 1)
        var block = (0..<(1 << 20)).map { _ -> UInt8 in
            let byte = UInt8(truncatingIfNeeded: random.next())
            return byte == UInt8(ascii: "\n") ? UInt8(ascii: " ") : byte
        }
        guard newlines else { return block }
        var start = 0
        while start < block.count {
            block[start] = 0xFF
            let end = min(start + Int.random(in: 1...2000, using: &random), block.count - 1)
            block[end] = UInt8(ascii: "\n")
            start = end + 1
        }
        return block
    }
}

/// What became of one misbehaving client.
private struct Misbehaviour: Sendable {
    var name: String
    /// True when the player ended its connection.
    var dropped: Bool
    var detail: String
}

/// Reads and counts the lines the player sends on a socket, on a thread of its own, until the connection ends.
private final class ReplyDrain: Sendable {
    private let state = Mutex<(lines: Int, ended: Bool)>((0, false))

    /// Starts reading `fd`; the caller closes it once `ended` is true.
    init(fd: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                let lines = buffer[0..<count].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                state.withLock { $0.lines += lines }
            }
            state.withLock { $0.ended = true }
        }
    }

    /// The lines read so far.
    var lines: Int { state.withLock { $0.lines } }

    /// True once the connection has ended (or failed).
    var ended: Bool { state.withLock { $0.ended } }
}

/// `value` with `places` decimals, for figures in messages.
private func decimal(_ value: Double, places: Int = 1) -> String {
    String(format: "%.\(places)f", value)
}
