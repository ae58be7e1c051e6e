import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// Faults injected into a playing `podline play` that sends real sound into a private PulseAudio null sink:
/// `kill -9` at random moments (seeded; the seed is in every failure message), the sound server killed and
/// restarted, and 20 clients hammering the control socket for a minute.
@Suite("Fault injection: playback", .serialized)
struct FaultInjectionTests {
    /// How many times playback is interrupted.
    static let repetitions = 20

    /// `--output` for a player that plays into `pulse`.
    private static func output(_ pulse: PulseAudioServer) -> String {
        "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native"
    }

    /// A private XDG_RUNTIME_DIR, so the player's control socket is this test's alone.
    private static func runtimeFolder() throws -> URL {
        let runtime = try Fixtures.temporaryDirectory("podline-run")
        chmod(runtime.path, 0o700)
        return runtime
    }

    /// The player's `status` reply as an object, nil when no player answers.
    private static func status(runtime: URL) -> PlayerStatus? {
        guard let client = try? ControlClient(location: ControlLocation(directory: runtime.path + "/podline")),
            let answer = try? client.request(["status"]), answer.succeeded
        else { return nil }
        return answer.data(as: PlayerStatus.self)
    }

    /// Polls the player until its position reaches `seconds` while playing; false at the deadline.
    private static func waitForPosition(_ seconds: Double, runtime: URL, timeout: TimeInterval = 20) -> Bool {
        func reached() -> Bool {
            guard let status = status(runtime: runtime), status.state == "playing" else { return false }
            return status.position >= seconds
        }
        return poll(timeout: timeout, every: 0.02, reached) { $0 }
    }

    // MARK: kill -9 during playback

    @Test("kill -9 at random moments during play, 20 times: the saved position is within 5 s of what was played, integrity ok")
    func killDuringPlayback() throws {
        var random = SeededGenerator()
        let folder = try Fixtures.temporaryDirectory("podline-fault-play")
        let home = folder.appendingPathComponent("home")
        _ = try PlayerProcess.episode(named: "ep1.mp3", in: folder)  // 60 s, 22 kHz mono
        try Data(
            """
            <?xml version="1.0"?>
            <rss version="2.0"><channel><title>Crash Show</title>
            <item><title>Long One</title><guid>long-1</guid><enclosure url="ep1.mp3" type="audio/mpeg"/></item>
            </channel></rss>
            """.utf8
        ).write(to: folder.appendingPathComponent("feed.xml"))
        let web = try SlowFileServer(folder: folder, chunkBytes: 1 << 20, delay: 0)
        defer { web.stop() }
        let added = try PodlineBinary.run(["add", web.url("feed.xml")], home: home)
        #expect(added.status == 0, "\(added.stderr)")
        let downloaded = try PodlineBinary.run(["download", "crash-show/1"], home: home)
        #expect(downloaded.status == 0, "\(downloaded.stderr)")
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let runtime = try Self.runtimeFolder()
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        let reference = EpisodeReference.showNumber(slug: "crash-show", number: 1)
        var killedPlaying = 0
        var largestGap = 0.0
        for repetition in 1...Self.repetitions {
            let before = try store.episode(reference).episode.position
            let delay = random.seconds(in: 0.3...4.0)
            let context = "\(random), repetition \(repetition), killed after \(delay) s, position before \(before) s"
            let player = try BackgroundProcess.podline(
                ["play", "crash-show/1", "--output", Self.output(pulse)], home: home,
                environment: ["XDG_RUNTIME_DIR": runtime.path])
            usleep(UInt32(delay * 1_000_000))
            // What had been played when the kill came: the player's own position, asked just before.
            let status = Self.status(runtime: runtime)
            player.killNow()
            let playing = status?.state == "playing"
            let played = status?.position ?? max(0, before - 2)
            if playing { killedPlaying += 1 }
            #expect(try store.integrityCheck() == "ok", "\(context)")
            let saved = try store.episode(reference).episode.position
            #expect(abs(saved - played) <= 5, "saved \(saved) s, played \(played) s; \(context)")
            largestGap = max(largestGap, abs(saved - played))
        }
        #expect(killedPlaying >= Self.repetitions / 2, "only \(killedPlaying) kills landed while playing; \(random)")
        print(
            "play: \(Self.repetitions) kills, \(killedPlaying) while playing, saved position at most \(largestGap) s from the played one, \(random)"
        )
    }

    // MARK: the sound server dies

    @Test("the sound server is killed and restarted during play: the player reconnects, the rest is heard, exit 0")
    func soundServerRestart() throws {
        let folder = try Fixtures.temporaryDirectory("podline-fault-pulse")
        let mp3 = try Fixtures.toneMP3(in: folder, seconds: 6, frequency: 700)
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let runtime = try Self.runtimeFolder()
        let log = folder.appendingPathComponent("stderr.txt")
        let player = try BackgroundProcess.podline(
            ["play", mp3.path, "--output", Self.output(pulse)], home: folder,
            environment: ["XDG_RUNTIME_DIR": runtime.path], stderr: log)
        #expect(Self.waitForPosition(1, runtime: runtime), "the player never reached 1 s")
        let restartedAt = Self.status(runtime: runtime)?.position ?? 1
        try pulse.restart()
        let recording = try pulse.record()
        let status = player.wait(timeout: 30)
        recording.waitForSilence()
        let heard = try recording.stop().mono()
        let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "exit \(status.map(String.init) ?? "none (killed)"): \(stderr)")
        let span = try #require(SoundAnalysis.audibleSpan(heard), "nothing was heard after the restart")
        let seconds = Double(span.count) / 44_100
        let remaining = 6 - restartedAt
        #expect(seconds > 1.5 && seconds < remaining + 0.5, "heard \(seconds) s after the restart at \(restartedAt) s of a 6 s tone")
        // What the dead server had queued is written again to the new one: the rest of the episode is heard.
        #expect(seconds > remaining - 0.5, "heard \(seconds) s of the \(remaining) s left when the server was restarted")
        let frequency = SoundAnalysis.dominantFrequency(Array(heard[span]), sampleRate: 44_100)
        #expect(abs(frequency - 700) < 14, "dominant frequency \(frequency) Hz after the restart")
    }

    // MARK: 20 clients for a minute

    @Test(
        "20 clients for 60 s on a playing player's socket, NDJSON and plain lines: every request answered in order, memory flat, still serving"
    )
    func concurrentClients() throws {
        let seconds = 60.0
        let folder = try Fixtures.temporaryDirectory("podline-fault-clients")
        // Five minutes: with seeks back to the first minute it never ends during the test.
        let episode = try Fixtures.toneMP3(
            in: folder, name: "long.mp3", seconds: 300, frequency: 440, rate: 22_050, channels: 1, bitrate: 32)
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let runtime = try Self.runtimeFolder()
        let log = folder.appendingPathComponent("stderr.txt")
        let player = try BackgroundProcess.podline(
            ["play", episode.path, "--output", Self.output(pulse)], home: folder,
            environment: ["XDG_RUNTIME_DIR": runtime.path], stderr: log)
        #expect(Self.waitForPosition(0.5, runtime: runtime), "the player never started playing")
        let filesBefore = player.openFileCount ?? 0
        let location = ControlLocation(directory: runtime.path + "/podline")
        let tally = ClientTally()
        let memory = MemorySamples()
        let deadline = Date().addingTimeInterval(seconds)
        let sampler = Thread {
            while Date() < deadline {
                if let kilobytes = player.residentKilobytes { memory.add(kilobytes) }
                usleep(1_000_000)
            }
        }
        sampler.start()
        // A thread each (concurrentPerform would run only as many at once as there are cores).
        let clients = DispatchGroup()
        for client in 0..<20 {
            clients.enter()
            Thread.detachNewThread {
                Self.runClient(client, location: location, episode: episode.path, until: deadline, tally: tally)
                clients.leave()
            }
        }
        clients.wait()
        let summary =
            "\(tally.clients) clients, \(tally.requests) requests answered, \(tally.queued) queued, problems: \(tally.problems.prefix(5))"
        #expect(tally.problems.isEmpty, "\(summary)")
        #expect(tally.requests > 20 * 50 && tally.clients == 20, "\(summary)")
        // Still serving: a new client gets the whole state, and every queued item is there.
        let status = try PodlineBinary.run(["status", "--json"], home: folder, environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(status.status == 0, "\(status.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any], "\(status.stdout)")
        #expect(["playing", "paused"].contains(object["state"] as? String), "\(status.stdout)")
        #expect(
            (object["queue"] as? [Any])?.count == tally.queued, "queue \((object["queue"] as? [Any])?.count ?? -1), queued \(tally.queued)")
        // Memory is flat once warm: the last 20 s hold no more than the first 20 s's peak plus 4 MB.
        let samples = memory.values
        let warm = samples.prefix(20).max() ?? 0
        let late = samples.suffix(20).max() ?? 0
        #expect(samples.count >= Int(seconds) - 5 && late <= warm + 4096, "VmRSS kB over the run: \(samples)")
        // The player closes the clients' connections as it sees them end.
        let filesAfter = poll(timeout: 5, every: 0.05, { player.openFileCount ?? 0 }, until: { $0 <= filesBefore + 2 })
        #expect(filesAfter <= filesBefore + 2, "open files \(filesBefore) before the clients, \(filesAfter) after")
        let stop = try PodlineBinary.run(["stop"], home: folder, environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(stop.status == 0, "\(stop.stderr)")
        #expect(player.wait(timeout: 15) == 0, "\((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        print(
            "clients: \(summary); VmRSS first 20 s peak \(warm) kB, last 20 s peak \(late) kB; open files \(filesBefore) -> \(filesAfter)")
    }

    /// One client: batches of mixed requests, alternately NDJSON envelopes and plain lines, sent in one write
    /// and answered in order; it reconnects every 25 batches.
    private static func runClient(_ client: Int, location: ControlLocation, episode: String, until deadline: Date, tally: ClientTally) {
        var nextID = client * 1_000_000
        var batch = 0
        var connection: ControlClient?
        while Date() < deadline {
            do {
                if connection == nil || batch % 25 == 0 { connection = try ControlClient(location: location) }
                guard let connection else { break }
                var words: [[String]] = [
                    ["status"], ["volume", "\(40 + (client + batch) % 40)"], ["pause"], ["resume"],
                    ["seek", "\((client * 7 + batch) % 60)"], ["status", "--json"],
                ]
                let queueing = batch < 5
                if queueing { words.append(["queue", "add", episode]) }
                var lines: [UInt8] = []
                var expected: [Int?] = []
                for (index, command) in words.enumerated() {
                    if (index + batch + client) % 2 == 0 {
                        nextID += 1
                        let envelope = JSONValue.object([
                            ("command", .array(command.map { .string($0) })), ("request_id", .int(Int64(nextID))),
                        ])
                        lines += envelope.renderedBytes + [UInt8(ascii: "\n")]
                        expected.append(nextID)
                    } else {
                        lines += Array((command.joined(separator: " ") + "\n").utf8)
                        expected.append(nil)
                    }
                }
                try connection.send(lines)
                for (index, id) in expected.enumerated() {
                    guard let line = try connection.readLine() else {
                        tally.problem(
                            "client \(client) batch \(batch): the connection closed before reply \(index + 1) of \(expected.count)")
                        break
                    }
                    let answer = try ControlAnswer(line: line)
                    if !answer.succeeded || answer.requestID != id {
                        tally.problem(
                            "client \(client) batch \(batch) \(words[index]): \(String(decoding: line.prefix(160), as: UTF8.self)), expected id \(id.map(String.init) ?? "null")"
                        )
                    } else {
                        tally.answered(client: client, queued: words[index].first == "queue")
                    }
                }
            } catch {
                tally.problem("client \(client) batch \(batch): \(error)")
                connection = nil
            }
            batch += 1
            usleep(10_000)
        }
    }
}

/// Requests answered, items queued, clients heard from and problems seen, counted across client threads.
private final class ClientTally: @unchecked Sendable {
    private let lock = NSLock()
    private var answeredCount = 0
    private var queuedCount = 0
    private var seen: [String] = []

    private var clientsSeen = Set<Int>()

    func answered(client: Int, queued: Bool) {
        lock.withLock {
            answeredCount += 1
            if queued { queuedCount += 1 }
            clientsSeen.insert(client)
        }
    }
    func problem(_ text: String) { lock.withLock { seen.append(text) } }
    var requests: Int { lock.withLock { answeredCount } }
    var queued: Int { lock.withLock { queuedCount } }
    var problems: [String] { lock.withLock { seen } }
    /// How many distinct clients got at least one answer.
    var clients: Int { lock.withLock { clientsSeen.count } }
}

/// Memory samples (kB) taken by one thread and read by another.
private final class MemorySamples: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [Int] = []

    func add(_ kilobytes: Int) { lock.withLock { samples.append(kilobytes) } }
    var values: [Int] { lock.withLock { samples } }
}
