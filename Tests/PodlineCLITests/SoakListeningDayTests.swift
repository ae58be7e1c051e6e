import Foundation
import Playback
import PodcastKit
import TestSupport
import Testing

@testable import PodlineApp

/// A day of listening in one player process: hours of MP3, M4A and Opus episodes from its queue, moved over the control
/// socket every few seconds (a seek, a pause, a speed change and a chapter jump in turn), with the player's memory, open
/// files and threads read every hour of audio and every saved position held against the player's clock. Once into the
/// null output at 3x (`PODLINE_SOAK_HOURS`, 10 by default), once into a private PulseAudio at 1x, recorded and searched
/// for gaps (`PODLINE_SOAK_SOUND_HOURS`, 2 by default). Only at full length: `swift test --filter Soak`, or with
/// `PODLINE_FULL_LENGTH=1`.
@Suite("a listening day in one process", .serialized, .enabled(if: LongRun.isFull))
struct SoakListeningDayTests {
    /// How much the peak resident memory of the last hour (VmHWM, set back at each sample) may exceed the first hour's, in kB.
    static let peakGrowthLimit = 2048
    /// How far a saved position may be from the player's clock, in seconds.
    static let positionTolerance = 1.0
    /// The longest near-silence allowed in what was heard outside the pauses asked for, in seconds.
    static let gapLimit = 0.05

    @Test("hours at 3x into the null output, a move every 3 s: peak RSS +2 MB at most, fds and threads flat, positions saved")
    func nullOutput() async throws {
        let hours = Self.hours("PODLINE_SOAK_HOURS", default: 10)
        let plan = SoakDayPlan(label: "null output, 3x", hours: hours, speed: 3, otherSpeed: 2.5, heard: false)
        let report = try await onOwnThread { try SoakDay.live(plan) }
        print("listening day (\(plan.label)): \(report.summary)")
        Self.expectSteady(report)
    }

    @Test("hours at 1x into a private PulseAudio, recorded: no gap over 50 ms but the pauses; memory flat, positions saved")
    func heard() async throws {
        let hours = Self.hours("PODLINE_SOAK_SOUND_HOURS", default: 2)
        let plan = SoakDayPlan(label: "PulseAudio, 1x", hours: hours, speed: 1, otherSpeed: 1.5, heard: true)
        let report = try await onOwnThread { try SoakDay.live(plan) }
        print("listening day (\(plan.label)): \(report.summary)")
        Self.expectSteady(report)
        // The recording ran the whole day (the sink kept running through the pauses).
        #expect(report.heardSeconds >= report.wallSeconds * 0.9, "\(report.summary)")
        let long = report.gaps.filter { $0.seconds > Self.gapLimit }
        let first = long.prefix(10).map(\.description)
        #expect(long.isEmpty, "\(long.count) near-silences over 50 ms outside the pauses; the first: \(first); \(report.summary)")
    }

    /// The hours `variable` asks for, else `value`.
    private static func hours(_ variable: String, default value: Double) -> Double {
        guard let text = ProcessInfo.processInfo.environment[variable], let hours = Double(text), hours > 0 else { return value }
        return hours
    }

    /// The expectations both days share: played through, every move taken, positions saved, memory, files and threads flat.
    private static func expectSteady(_ report: SoakDayReport) {
        let summary = report.summary
        #expect(report.problems.count == 0, "problems: \(report.problems); \(summary)")
        #expect(report.refused.count == 0, "commands refused: \(report.refused); \(summary)")
        #expect(report.played >= report.plan.hours * 3600, "\(summary)")
        #expect(Set(report.formats.keys).isSuperset(of: ["mp3", "m4a", "opus"]), "not every format was played: \(summary)")
        #expect(report.positionChecks > 0, "\(summary)")
        #expect(report.positionMisses.count == 0, "positions saved away from the player's clock: \(report.positionMisses); \(summary)")
        #expect(
            report.stopStatus == 0 && report.exitStatus == 0,
            "stop exited \(report.stopStatus.map(String.init) ?? "none") (\(report.stopError)), the player \(report.exitStatus.map(String.init) ?? "none (killed)"): \(report.errorOutput)"
        )
        guard let first = report.samples.first, let last = report.samples.last, report.samples.count >= 2 else {
            Issue.record("fewer than two samples of the player's figures: \(summary)")
            return
        }
        #expect(
            last.peak - first.peak <= Self.peakGrowthLimit,
            "peak RSS \(first.peak) kB in the hour to \(first.hoursText) h, \(last.peak) kB in the hour to \(last.hoursText) h; \(summary)")
        for sample in report.samples.dropFirst() {
            #expect(sample.files <= first.files, "open files: \(first.line), then \(sample.line)")
            #expect(sample.threads <= first.threads, "threads: \(first.line), then \(sample.line)")
        }
    }
}

// MARK: - The day

/// What a day plays, how fast, and where.
private struct SoakDayPlan: Sendable {
    /// Names the day in the lines printed.
    var label: String
    /// Hours of audio to play.
    var hours: Double
    /// The speed of config.toml, at which every episode starts.
    var speed: Double
    /// The speed the speed changes go to, and back from.
    var otherSpeed: Double
    /// True to play into a private PulseAudio and record it; false for the null output.
    var heard: Bool
}

/// One player through a listening day: its library, its control connection, the moves made and what was seen.
private final class SoakDay {
    /// The length of each generated episode, in seconds.
    static let episodeSeconds = 1200
    /// Each episode's chapters, of equal length.
    static let chapterCount = 10
    /// Seconds between two moves.
    static let stepSeconds = 3.0
    /// How long each pause lasts, in seconds.
    static let pauseSeconds = 0.7

    let plan: SoakDayPlan
    let home: URL
    let environment: [String: String?]
    let location: ControlLocation
    let store: LibraryStore
    /// The feed's episodes in order: the first plays, the next ones are queued, the rest are kept for topping the queue up.
    let refs: [String]
    /// How many of `refs` play at the start (the first and the queue): the day's hours.
    let queued: Int
    let player: BackgroundProcess
    let log: URL
    let meter: SoakGapMeter?
    private var client: ControlClient?
    private var given = 1
    private var clock = SoakPlayedClock()
    private var report: SoakDayReport
    private var started = Date()
    /// Seconds the moves have jumped in this episode, forward less back: each move goes the way that brings it back to 0,
    /// and none goes back near the end of an episode when it stands at 0 or less, so that each episode runs out.
    private var drift = 0.0
    private var currentRef: String?
    /// What the day did, at the frame of the recording it was done at.
    private var events: [(frame: Int, text: String)] = []
    /// The stretches of the recording a pause was asked for in.
    private var excused: [Range<Int>] = []

    /// Plays a day as `plan` says and reports it.
    static func live(_ plan: SoakDayPlan) throws -> SoakDayReport {
        let root = try Fixtures.temporaryDirectory("podline-soak-day")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try makeEpisodes(in: root)
        var pulse: PulseAudioServer?
        var keeper: Process?
        defer {
            keeper?.killNow()
            pulse?.stop()
        }
        var output = "null"
        if plan.heard {
            let server = try PulseAudioServer()
            pulse = server
            keeper = try server.keepSinkRunning()
            output = "pulse:unix:\(server.runtimeDirectory.path)/pulse/native"
        }
        let meter = try pulse.map { try SoakGapMeter(pulse: $0) }
        defer { _ = meter?.stop() }
        let day = try SoakDay(plan: plan, files: files, root: root, output: output, meter: meter)
        return day.run()
    }

    /// Subscribes a library to a feed of the day's episodes and starts a player on the first.
    init(plan: SoakDayPlan, files: [URL], root: URL, output: String, meter: SoakGapMeter?) throws {
        let home = root.appendingPathComponent("home")
        let runtime = root.appendingPathComponent("run")
        for folder in [home, runtime] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        chmod(runtime.path, 0o700)
        let environment: [String: String?] = [
            "XDG_RUNTIME_DIR": runtime.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "HOME": home.path,
        ]
        // Every episode starts at config.toml's speed.
        try Fixtures.writeConfig("speed = \(plan.speed)\n", home: home)
        let queued = max(3, Int((plan.hours * 3600 / Double(Self.episodeSeconds)).rounded(.up)))
        let served = root.appendingPathComponent("served")
        let refs = try Self.subscribe(to: queued + 6, of: files, served: served, home: home, environment: environment)
        let log = root.appendingPathComponent("player-stderr.txt")
        self.plan = plan
        self.meter = meter
        self.home = home
        self.environment = environment
        self.queued = queued
        self.refs = refs
        self.log = log
        location = ControlLocation(directory: runtime.path + "/podline")
        store = try LibraryStore(paths: LibraryPaths(home: home.path))
        report = SoakDayReport(plan: plan)
        player = try BackgroundProcess.podline(
            ["play", refs[0], "--output", output, "--quiet"], home: home, environment: environment, stderr: log)
    }

    /// Plays the day: a move every step until the hours are played, then the last checks.
    func run() -> SoakDayReport {
        if start() { playDay() }
        finish()
        return report
    }

    // MARK: the episodes

    /// The day's three episodes, an MP3, an M4A and an Opus file of 20 minutes each, in ten chapters.
    private static func makeEpisodes(in folder: URL) throws -> [URL] {
        // A two-tone hum with a slow tremolo: never silent, so every near-silence heard is the player's.
        let wav = folder.appendingPathComponent("talk.wav")
        try CommandRunner.tool(
            "sox",
            [
                "-n", "-r", "24000", "-c", "1", "-b", "16", wav.path, "synth", "\(episodeSeconds)", "sine", "220", "sine", "330",
                "remix", "1,2", "tremolo", "3", "40", "vol", "0.5",
            ], timeout: 600)
        defer { try? FileManager.default.removeItem(at: wav) }
        let span = episodeSeconds * 1000 / chapterCount
        let mp3 = folder.appendingPathComponent("talk.mp3")
        try CommandRunner.tool("lame", ["--quiet", "-b", "32", wav.path, mp3.path], timeout: 600)
        // The MP3's chapters are ID3 CHAP frames, written by mutagen as ChaptersTests writes them; the others' by ffmpeg.
        let chapters = (0..<chapterCount).map { index -> [String: Any] in
            ["start": index * span, "end": (index + 1) * span, "title": "Part \(index + 1)", "encoding": 3]
        }
        let script = folder.appendingPathComponent("write-chapters.py")
        try ChaptersTests.writer.write(to: script, atomically: true, encoding: .utf8)
        let list = String(decoding: try JSONSerialization.data(withJSONObject: chapters), as: UTF8.self)
        let tagged = try CommandRunner.run("/usr/bin/env", [ChaptersTests.python(), script.path, mp3.path, "4", list])
        guard tagged.status == 0 else { throw TestSupportError("mutagen could not write the chapters: \(tagged.stderr)") }
        var metadata = ";FFMETADATA1\n"
        for index in 0..<chapterCount {
            metadata += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(index * span)\nEND=\((index + 1) * span)\ntitle=Part \(index + 1)\n"
        }
        let metadataFile = folder.appendingPathComponent("chapters.txt")
        try metadata.write(to: metadataFile, atomically: true, encoding: .utf8)
        var files = [mp3]
        for (name, codec) in [("talk.m4a", ["-c:a", "aac", "-b:a", "32k"]), ("talk.opus", ["-c:a", "libopus", "-b:a", "24k"])] {
            let file = folder.appendingPathComponent(name)
            let inputs = ["-v", "error", "-y", "-i", wav.path, "-f", "ffmetadata", "-i", metadataFile.path]
            let mapping = ["-map", "0:a", "-map_metadata", "1", "-map_chapters", "1"]
            try CommandRunner.tool("ffmpeg", inputs + mapping + codec + [file.path], timeout: 600)
            files.append(file)
        }
        // Each file's chapters, read as the player reads them.
        for file in files {
            let listed = try PodlineBinary.run(["chapters", file.path, "--json"], home: folder)
            let object = (try? JSONSerialization.jsonObject(with: listed.stdoutData)) as? [String: Any]
            let count = (object?["chapters"] as? [Any])?.count ?? 0
            guard count == chapterCount else {
                let output = listed.stdout + listed.stderr
                throw TestSupportError("\(file.lastPathComponent) has \(count) chapters, not \(chapterCount): \(output)")
            }
        }
        return files
    }

    /// Subscribes the library in `home` to a feed of `count` episodes, the three files in turn; their references in order.
    private static func subscribe(
        to count: Int, of files: [URL], served: URL, home: URL, environment: [String: String?]
    ) throws -> [String] {
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let dates = DateFormatter()
        dates.locale = Locale(identifier: "en_US_POSIX")
        dates.timeZone = TimeZone(identifier: "UTC")
        dates.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        var items: [String] = []
        for number in 1...count {
            // Each episode has a file of its own: a link to one of the three.
            let file = files[(number - 1) % files.count]
            let linked = served.appendingPathComponent("part-\(number).\(file.pathExtension)")
            try FileManager.default.linkItem(at: file, to: linked)
            let published = dates.string(from: Date(timeIntervalSince1970: 1_704_067_200 + Double(number) * 3600))
            items.append(
                "<item><title>Part \(number)</title><guid>day-\(number)</guid><pubDate>\(published)</pubDate>"
                    + "<enclosure url=\"\(linked.path)\" type=\"\(mimeType(of: file))\"/></item>")
        }
        let feed = home.appendingPathComponent("feed.xml")
        let channel = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>A Listening Day</title>\n"
        try (channel + items.joined(separator: "\n") + "\n</channel></rss>\n").write(to: feed, atomically: true, encoding: .utf8)
        let added = try PodlineBinary.run(["add", feed.path], home: home, environment: environment)
        guard added.status == 0 else { throw TestSupportError("add \(feed.path) exited \(added.status): \(added.stderr)") }
        let listed = try PodlineBinary.run(["episodes", "--json", "--limit", "\(count + 10)"], home: home, environment: environment)
        let list = (try? JSONSerialization.jsonObject(with: listed.stdoutData)) as? [[String: Any]] ?? []
        var byGUID: [String: String] = [:]
        for episode in list {
            if let guid = episode["guid"] as? String, let ref = episode["ref"] as? String { byGUID[guid] = ref }
        }
        return try (1...count).map { number -> String in
            guard let ref = byGUID["day-\(number)"] else {
                throw TestSupportError("episode day-\(number) is not listed: \(listed.stdout.prefix(400))\(listed.stderr)")
            }
            return ref
        }
    }

    /// The enclosure type a feed gives `file`.
    private static func mimeType(of file: URL) -> String {
        switch file.pathExtension {
        case "mp3": "audio/mpeg"
        case "m4a": "audio/mp4"
        default: "audio/ogg"
        }
    }

    // MARK: the day's course

    /// Connects, waits until the first episode plays and queues the day's hours; false (a problem noted) when it cannot.
    private func start() -> Bool {
        // A client waits for a player that holds its lock; the one just started may not hold it yet.
        let location = location
        _ = poll(timeout: 30, every: 0.05, { FileManager.default.fileExists(atPath: location.socketPath) }, until: { $0 })
        guard let connection = ControlClient.waitingForPlayer(at: location, seconds: 30) else {
            problem("the player never served its control socket: \(errorOutput)")
            return false
        }
        client = connection
        let playing = poll(timeout: 30, every: 0.1, { self.currentStatus() }, until: { $0?.state == "playing" })
        guard let playing, playing.state == "playing" else {
            problem("the player never played: \(playing?.state ?? "no answer"); \(errorOutput)")
            return false
        }
        guard perform(["queue", "add"] + refs[1..<queued]) else { return false }
        given = queued
        started = Date()
        clock.mark(playingAt: playing.speed)
        return true
    }

    /// A move every step until the hours are played, the player's figures sampled at every hour of audio.
    private func playDay() {
        let total = plan.hours * 3600
        // Every hour of audio; a shorter day than two hours is sampled at its half and at its end.
        let every = plan.hours >= 2 ? 3600 : total / 2
        var nextSample = every
        let deadline = started.addingTimeInterval(total / min(plan.speed, plan.otherSpeed) * 1.5 + 600)
        var step = 0
        var idle = 0
        while clock.seconds < total {
            step += 1
            let wait = started.addingTimeInterval(Double(step) * Self.stepSeconds).timeIntervalSinceNow
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
            guard player.process.isRunning else {
                problem("the player exited after \(hoursPlayed) h of audio: \(errorOutput)")
                return
            }
            guard Date() < deadline else {
                problem("\(hoursPlayed) h of audio took \(soakClockText(wallSeconds)), past the day's deadline")
                return
            }
            guard let status = currentStatus() else { return }
            clock.mark(playingAt: status.state == "playing" ? status.speed : nil)
            note(status)
            while clock.seconds >= nextSample {
                sample()
                nextSample += every
            }
            guard status.state == "playing" else {
                idle += 1
                if idle >= 10 {
                    problem("\(status.state), not playing, for 10 steps after \(hoursPlayed) h of audio: \(errorOutput)")
                    return
                }
                continue
            }
            idle = 0
            topUp(status)
            move(step, status)
        }
    }

    /// This step's move: a seek, a pause, a speed change or a chapter jump, in turn.
    private func move(_ step: Int, _ status: PlayerStatus) {
        // None near an episode's end, where the episode could change under it.
        guard let duration = status.duration, duration - status.position > 20 else {
            report.movesLeftOut += 1
            return
        }
        let remaining = duration - status.position
        switch step % 4 {
        case 0:
            if drift > 0 {
                if act("seek", ["seek", "-20"]) { drift -= min(20, status.position) }
            } else if remaining > 45 {
                if act("seek", ["seek", "+30"]) { drift += 30 }
            } else {
                // Nothing moves back near the end when nothing was jumped: the episode runs out and the next one plays.
                report.movesLeftOut += 1
            }
        case 1:
            pauseAndCheck()
        case 2:
            let target = status.speed == plan.speed ? plan.otherSpeed : plan.speed
            if act("speed", ["speed", "\(target)"]) { clock.mark(playingAt: target) }
        default:
            guard let chapter = status.chapter else {
                report.movesLeftOut += 1
                return
            }
            let span = Double(Self.episodeSeconds / Self.chapterCount)
            if drift <= 0 && chapter.number == Self.chapterCount {
                report.movesLeftOut += 1
            } else if drift <= 0 {
                let next = chapter.end ?? chapter.start + span
                if act("chapter", ["chapter", "next"]) { drift += next - status.position }
            } else {
                // Within 3 s of a chapter's start, prev goes to the one before.
                let back = status.position - chapter.start < 3 ? max(0, chapter.start - span) : chapter.start
                if act("chapter", ["chapter", "prev"]) { drift += back - status.position }
            }
        }
    }

    /// Pauses, checks the position saved against the player's clock, stays paused a moment and resumes.
    private func pauseAndCheck() {
        let from = meter?.frames ?? 0
        let pausedAt = Date()
        clock.mark(playingAt: nil)
        guard act("pause", ["pause"]) else { return }
        if let paused = settled() { check(paused, "pause \(report.moves["pause", default: 0])") }
        let rest = Self.pauseSeconds - Date().timeIntervalSince(pausedAt)
        if rest > 0 { usleep(useconds_t(rest * 1_000_000)) }
        let resumed = perform(["resume"])
        let playing = resumed ? poll(timeout: 5, every: 0.05, { self.currentStatus() }, until: { $0?.state == "playing" }) : nil
        // The sound is back within a second of the answer: what is quiet until then was asked for.
        if let meter { excused.append(from..<(meter.frames + SoakGapMeter.rate)) }
        guard let playing, playing.state == "playing" else {
            if resumed { problem("resume: still \(playing?.state ?? "unanswered") 5 s later, after \(hoursPlayed) h of audio") }
            return
        }
        clock.mark(playingAt: playing.speed)
    }

    /// Waits until the player says paused and its position stands still: that status, or nil (a problem noted) after 5 s.
    private func settled() -> PlayerStatus? {
        var last: PlayerStatus?
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            guard let now = currentStatus() else { return nil }
            if now.state == "paused", let last, last.state == "paused", last.position == now.position { return now }
            last = now
            usleep(100_000)
        }
        problem("pause: not paused and still 5 s later (\(last?.state ?? "unanswered") at \(last?.position ?? -1) s)")
        return nil
    }

    /// Holds the position the library saved for `status`'s episode against the player's clock, giving the save 2 s to land.
    private func check(_ status: PlayerStatus, _ label: String) {
        guard let ref = status.episode?.ref, let reference = EpisodeReference(ref) else {
            problem("\(label): the player names no library episode (\(status.episode?.url ?? "nothing"))")
            return
        }
        var saved = -1.0
        var reason = ""
        // A pause inside the played margin marks the episode played, its place back to the start.
        let played = status.duration.map { PlayedMargin.reached(status.position, length: $0, margin: Settings().playedMargin) } ?? false
        let matched = poll(
            timeout: 2, every: 0.1,
            { () -> Bool in
                do {
                    let episode = try store.episode(reference).episode
                    saved = episode.position
                    if played, episode.isPlayed, saved == 0 { return true }
                } catch {
                    reason = ": \(error)"
                }
                return abs(saved - status.position) <= SoakListeningDayTests.positionTolerance
            }, until: { $0 })
        report.positionChecks += 1
        if !(played && saved == 0) { report.largestPositionGap = max(report.largestPositionGap, abs(saved - status.position)) }
        if !matched {
            report.positionMisses.add(
                "\(label) after \(hoursPlayed) h: \(ref) saved at \(saved) s, the player's clock at \(status.position) s\(reason)")
        }
    }

    /// Keeps the queue from running dry when the moves have gone ahead of the clock.
    private func topUp(_ status: PlayerStatus) {
        guard status.queue.count < 2, given < refs.count else { return }
        let more = Array(refs[given..<min(refs.count, given + 3)])
        if perform(["queue", "add"] + more) {
            given += more.count
            report.toppedUp += more.count
        }
    }

    /// Counts an episode the first time the player is seen playing it.
    private func note(_ status: PlayerStatus) {
        guard let episode = status.episode, episode.ref != currentRef else { return }
        currentRef = episode.ref
        // Each episode's moves balance on their own.
        drift = 0
        let format = URL(fileURLWithPath: episode.url).pathExtension
        report.formats[format, default: 0] += 1
        event("\(episode.ref ?? episode.url) (\(format)) playing")
        print(
            "listening day (\(plan.label)): \(episode.ref ?? episode.url) (\(format)) after \(hoursPlayed) h of audio, \(soakClockText(wallSeconds))"
        )
    }

    /// Reads the player's figures and prints them on a line of their own.
    private func sample() {
        guard let figures = SoakFigures.read(pid: player.pid, hours: clock.seconds / 3600) else {
            problem("no figures for the player (pid \(player.pid)) after \(hoursPlayed) h of audio")
            return
        }
        report.samples.append(figures)
        print("listening day (\(plan.label)): \(figures.line), after \(soakClockText(wallSeconds)) of wall time")
        // The next sample's peak is the next hour's own, not the process's whole life's (Linux sets VmHWM back to VmRSS).
        if (try? "5".write(toFile: "/proc/\(player.pid)/clear_refs", atomically: false, encoding: .utf8)) == nil {
            problem("the player's peak could not be set back (/proc/\(player.pid)/clear_refs)")
        }
    }

    /// The last sample, the last pause (its saved position checked, and again after the stop), the stop and the recording.
    private func finish() {
        report.played = clock.seconds
        var lastPaused: PlayerStatus?
        if player.process.isRunning {
            if report.samples.last.map({ clock.seconds - $0.hours * 3600 >= 60 }) ?? true { sample() }
            if perform(["pause"]), let paused = settled() {
                check(paused, "the last pause")
                lastPaused = paused
            }
        }
        client = nil
        if let meter { analyse(meter.stop()) }
        let stop = try? PodlineBinary.run(["stop"], home: home, environment: environment, timeout: 30)
        report.stopStatus = stop?.status
        report.stopError = stop?.stderr ?? "stop could not be run"
        report.exitStatus = player.wait(timeout: 30)
        if let lastPaused { check(lastPaused, "after the stop") }
        report.wallSeconds = wallSeconds
        report.errorOutput = errorOutput
        print("listening day (\(plan.label)): ended after \(soakClockText(wallSeconds)) of wall time")
    }

    /// Sorts the recording's near-silences into those within a pause's stretch and the others, named by what was done nearest.
    private func analyse(_ recorded: (gaps: [(start: Int, length: Int)], heard: Int)) {
        let rate = Double(SoakGapMeter.rate)
        report.heardSeconds = Double(recorded.heard) / rate
        for gap in recorded.gaps {
            let span = gap.start..<(gap.start + gap.length)
            if excused.contains(where: { $0.lowerBound <= span.lowerBound && span.upperBound <= $0.upperBound }) {
                report.excusedGaps += 1
                continue
            }
            let nearest = events.min { abs($0.frame - gap.start) < abs($1.frame - gap.start) }
            let near = nearest.map { "\($0.text) at \(soakClockText(Double($0.frame) / rate, tenths: true))" } ?? "nothing"
            report.gaps.append(SoakHeardGap(at: Double(gap.start) / rate, seconds: Double(gap.length) / rate, near: near))
        }
    }

    // MARK: talking to the player

    /// Sends a move, counting it and noting it for the recording.
    @discardableResult
    private func act(_ kind: String, _ words: [String]) -> Bool {
        report.moves[kind, default: 0] += 1
        event(words.joined(separator: " "))
        return perform(words)
    }

    /// Sends `words`; true when they succeeded, else the refusal is noted.
    @discardableResult
    private func perform(_ words: [String]) -> Bool {
        guard let answer = ask(words) else { return false }
        if !answer.succeeded {
            report.refused.add(
                "\(words.joined(separator: " ")) after \(hoursPlayed) h of audio: \(answer.error) \(answer.message ?? "")")
        }
        return answer.succeeded
    }

    /// The player's status, nil (a problem noted) when it does not answer with one.
    private func currentStatus() -> PlayerStatus? {
        guard let answer = ask(["status"]) else { return nil }
        guard answer.succeeded, let status = answer.data(as: PlayerStatus.self) else {
            problem("status: \(answer.error) \(answer.dataText.prefix(300))")
            return nil
        }
        return status
    }

    /// Asks the player over the day's connection; connects and asks again, up to five times, when no answer comes.
    private func ask(_ words: [String]) -> ControlAnswer? {
        // Asking again is safe: a request the player reads only after its client gave up is dropped unrun.
        var reason = ""
        for attempt in 1...5 {
            do {
                let connection = try client ?? ControlClient(location: location)
                client = connection
                return try connection.request(words)
            } catch {
                reason = "\(error)"
                client = nil
                report.retries += 1
                guard player.process.isRunning else { break }
                usleep(useconds_t(attempt * 200_000))
            }
        }
        problem("\(words.joined(separator: " ")) went unanswered after \(hoursPlayed) h of audio: \(reason)")
        return nil
    }

    // MARK: bookkeeping

    private func problem(_ text: String) { report.problems.add(text) }

    /// Notes `text` at the recording's current frame, for naming a near-silence heard.
    private func event(_ text: String) {
        if let meter { events.append((frame: meter.frames, text: text)) }
    }

    private var hoursPlayed: String { String(format: "%.2f", clock.seconds / 3600) }

    private var wallSeconds: Double { Date().timeIntervalSince(started) }

    /// The end of what the player wrote on standard error.
    private var errorOutput: String { String(((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(2000)) }
}

/// Seconds of audio played: the wall-clock time spent playing, times the speed it played at.
private struct SoakPlayedClock {
    private(set) var seconds = 0.0
    private var since: Date?
    private var speed = 1.0

    /// Counts the time since the last mark at the speed then, and goes on from `now` at `speed` (nil: not playing).
    mutating func mark(_ now: Date = Date(), playingAt speed: Double?) {
        if let since { seconds += now.timeIntervalSince(since) * self.speed }
        since = speed == nil ? nil : now
        if let speed { self.speed = speed }
    }
}

// MARK: - What a day came to

/// How a day went: the player's figures, the moves, the positions checked, how it ended and, recorded, what was heard.
private struct SoakDayReport: Sendable {
    var plan: SoakDayPlan
    var samples: [SoakFigures] = []
    var problems = SoakFindings()
    var refused = SoakFindings()
    var positionMisses = SoakFindings()
    var positionChecks = 0
    var largestPositionGap = 0.0
    var moves: [String: Int] = [:]
    var movesLeftOut = 0
    /// Episodes seen playing, by file extension.
    var formats: [String: Int] = [:]
    var toppedUp = 0
    var retries = 0
    /// Seconds of audio played.
    var played = 0.0
    var wallSeconds = 0.0
    var stopStatus: Int32?
    var stopError = ""
    /// The player's exit status; nil when it had to be killed.
    var exitStatus: Int32?
    var errorOutput = ""
    /// Seconds recorded from the first sound on.
    var heardSeconds = 0.0
    /// Near-silences heard within a pause's stretch.
    var excusedGaps = 0
    /// Near-silences of 5 ms or more heard outside the pauses.
    var gaps: [SoakHeardGap] = []

    /// One line of figures for the log and for failure messages.
    var summary: String {
        let episodes = formats.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let moved = ["seek", "pause", "speed", "chapter"].map { "\(moves[$0, default: 0]) \($0)" }.joined(separator: ", ")
        var text = String(format: "%.2f h of audio in ", played / 3600) + soakClockText(wallSeconds)
        text += "; episodes: \(episodes) (\(toppedUp) queued on the way)"
        text += "; moves: \(moved) (\(movesLeftOut) left out near an end)"
        text += "; \(positionChecks) saved positions, at most " + String(format: "%.2f", largestPositionGap) + " s from the clock"
        if let first = samples.first, let last = samples.last {
            text += "; VmHWM \(first.peak) -> \(last.peak) kB, VmRSS \(first.resident) -> \(last.resident) kB"
            text += " (anonymous \(first.anonymous) -> \(last.anonymous) kB)"
            text += ", fds \(first.files) -> \(last.files), threads \(first.threads) -> \(last.threads)"
        }
        if plan.heard {
            let longest = gaps.max { $0.seconds < $1.seconds }
            text += "; heard \(soakClockText(heardSeconds)), \(excusedGaps) near-silences in pauses"
            text += ", the longest other: " + (longest?.description ?? "none")
        }
        if retries > 0 { text += "; \(retries) requests asked again" }
        return text
    }
}

/// Things that went wrong, counted, the first few kept for the failure message.
private struct SoakFindings: Sendable, CustomStringConvertible {
    private(set) var count = 0
    private(set) var first: [String] = []

    mutating func add(_ text: String) {
        count += 1
        if first.count < 10 { first.append(text) }
    }

    var description: String { count == 0 ? "none" : "\(count), the first: \(first.joined(separator: "; "))" }
}

/// A near-silence heard outside the pauses: where in the recording, how long, and what was done nearest to it.
private struct SoakHeardGap: Sendable, CustomStringConvertible {
    var at: Double
    var seconds: Double
    var near: String

    var description: String {
        "\(Int((seconds * 1000).rounded())) ms at \(soakClockText(at, tenths: true)) (nearest: \(near))"
    }
}

/// The player's peak and current resident memory, open files and threads after some hours of audio.
private struct SoakFigures: Sendable {
    var hours: Double
    /// VmHWM since the sample before (the day sets it back at each), in kB.
    var peak: Int
    /// VmRSS, in kB.
    var resident: Int
    /// Of VmRSS, the pages of no file (the heap, stacks), in kB: what a leak grows; the rest is code and data read from
    /// the binary and its libraries, which grows as paths run the first time.
    var anonymous: Int
    var files: Int
    var threads: Int

    var hoursText: String { String(format: "%.2f", hours) }

    var line: String {
        "hour \(hoursText): VmHWM \(peak) kB, VmRSS \(resident) kB (anonymous \(anonymous) kB), \(files) fds, \(threads) threads"
    }

    /// Reads /proc for `pid`; nil once the process is gone.
    static func read(pid: Int32, hours: Double) -> SoakFigures? {
        // Open files and threads are the fewest of five reads 0.2 s apart: libdispatch's workers come and go.
        var files = Int.max
        var threads = Int.max
        for attempt in 0..<5 {
            if attempt > 0 { usleep(200_000) }
            guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"),
                let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
            else { return nil }
            files = min(files, descriptors.count)
            threads = min(threads, tasks.count)
        }
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func kilobytes(_ key: String) -> Int? {
            for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
                return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
            }
            return nil
        }
        guard let peak = kilobytes("VmHWM"), let resident = kilobytes("VmRSS"), let anonymous = kilobytes("RssAnon") else { return nil }
        return SoakFigures(hours: hours, peak: peak, resident: resident, anonymous: anonymous, files: files, threads: threads)
    }
}

// MARK: - What was heard

/// Records a null sink with parec and keeps only the near-silences heard after the first sound, never the sound itself.
private final class SoakGapMeter: @unchecked Sendable {
    /// Frames a second.
    static let rate = 44_100
    /// The loudest sample that is near-silent, of 32,767 (-46 dBFS).
    static let quiet = 164
    /// The shortest near-silence kept, in frames (5 ms).
    static let shortest = 220

    private let process = Process()
    private let lock = NSLock()
    private let ended = DispatchSemaphore(value: 0)
    private var frameCount = 0
    private var firstSound: Int?
    private var quietSince: Int?
    private var kept: [(start: Int, length: Int)] = []
    private var carry: [UInt8] = []
    private var stopped = false

    /// Starts parec on `pulse`'s sink and returns once frames come.
    init(pulse: PulseAudioServer) throws {
        guard let parec = CommandRunner.which("parec") else { throw TestSupportError("parec is not installed") }
        process.executableURL = URL(fileURLWithPath: parec)
        process.arguments = [
            "-d", "\(pulse.sinkName).monitor", "--raw", "--rate=\(Self.rate)", "--channels=2", "--format=s16le",
            "--latency-msec=20",
        ]
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in pulse.environment { environment[key] = value }
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        Thread.detachNewThread { [self] in
            while true {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                take(chunk)
            }
            ended.signal()
        }
        guard poll(timeout: 10, every: 0.01, { self.frames }, until: { $0 > 0 }) > 0 else {
            _ = stop()
            throw TestSupportError("parec never recorded")
        }
    }

    /// Stereo frames recorded so far.
    var frames: Int { lock.withLock { frameCount } }

    /// Ends the recording: the near-silences that ended before it did, and the frames from the first sound on.
    func stop() -> (gaps: [(start: Int, length: Int)], heard: Int) {
        // parec inherits blocked signals from test runners, so it is killed.
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            ended.wait()
        }
        return lock.withLock { (gaps: kept, heard: frameCount - (firstSound ?? frameCount)) }
    }

    /// Reads one piece of the recording, little-endian 16-bit stereo, a frame split between pieces carried over.
    private func take(_ chunk: Data) {
        lock.withLock {
            var bytes = carry
            bytes.append(contentsOf: chunk)
            var frame = frameCount
            var index = 0
            while index + 4 <= bytes.count {
                let left = Int(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))
                let right = Int(Int16(bitPattern: UInt16(bytes[index + 2]) | UInt16(bytes[index + 3]) << 8))
                if abs(left) > Self.quiet || abs(right) > Self.quiet {
                    if let since = quietSince, firstSound != nil, frame - since >= Self.shortest {
                        kept.append((start: since, length: frame - since))
                    }
                    if firstSound == nil { firstSound = frame }
                    quietSince = nil
                } else if quietSince == nil {
                    quietSince = frame
                }
                frame += 1
                index += 4
            }
            carry = Array(bytes[index...])
            frameCount = frame
        }
    }
}

/// `seconds` as H:MM:SS, with tenths of a second when asked.
private func soakClockText(_ seconds: Double, tenths: Bool = false) -> String {
    let whole = max(0, seconds)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let head = "\(Int(whole) / 3600):\(twoDigits(Int(whole) / 60 % 60)):"
    if tenths { return head + String(format: "%04.1f", whole.truncatingRemainder(dividingBy: 60)) }
    return head + twoDigits(Int(whole) % 60)
}
