import Foundation
import PodcastKit
import PodlineApp
import TestSupport
import Testing

/// Every kind of writer on one library at once: the full-screen view (in tmux), a player playing, `update` of 200 feeds
/// from a loopback server, eight shells running `mark`, `fav`, `download` and `delete` in loops, and `sync` against a real
/// gpodder server. No command may say the library is locked or busy, no edit a shell made may be lost, and afterwards
/// the player's socket, a fresh process and the view read the same library.
@Suite(
    "writers at once on one library", .serialized,
    .enabled(if: CommandRunner.which("tmux") != nil, "needs tmux"))
struct SoakWritersAtOnceTests {
    /// Feeds in the library, all served by one loopback server.
    static let feedCount = 200
    /// Shells editing at once; shell N edits only the episodes of show `feed-00N`.
    static let shellCount = 8
    /// The views the view's left pane lists above the shows.
    static let viewCount = 7
    /// The episode the player plays: the last feed's ten-minute one.
    static let playedRef = "feed-200/7"
    static let user = "soak"
    static let password = "soak pass"
    /// The built `podline`.
    static let binary = PodlineBinary.path

    @Test("a view, a player, update, eight editing shells and sync at once: nothing locked, no edit lost, one library for all")
    func writersAtOnce() throws {
        let seconds = LongRun.seconds(short: 10, full: 60)
        let folder = try Fixtures.temporaryDirectory("pl-soak-writers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let web = try Fixtures.subfolder("web", in: folder)
        let tiny = try Fixtures.toneMP3(in: web, name: "tiny.mp3", seconds: 1, rate: 22_050, channels: 1, bitrate: 32)
        let long = try Fixtures.toneMP3(in: web, name: "long.mp3", seconds: 600, rate: 22_050, channels: 1, bitrate: 32)
        let server = try SlowFileServer(folder: web, chunkBytes: 1 << 20, delay: 0)
        defer { server.stop() }
        let tinyLength = try Self.size(of: tiny)
        let longLength = try Self.size(of: long)
        let files = ServedFiles(base: server.url(""), tinyLength: tinyLength, longLength: longLength)
        for index in 1...Self.feedCount {
            try Self.writeFeed(index, extra: 0, files: files, in: web)
        }
        let outlines = (1...Self.feedCount).map { index in
            "<outline type=\"rss\" text=\"Feed \(Self.padded(index))\" xmlUrl=\"\(server.url(Self.feedFile(index)))\"/>"
        }
        let opml = folder.appendingPathComponent("feeds.opml")
        let document =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><opml version=\"2.0\"><head><title>Soak</title></head><body>\n"
            + outlines.joined(separator: "\n") + "\n</body></opml>\n"
        try document.write(to: opml, atomically: true, encoding: .utf8)

        let gpodder = try GPodderServer()
        defer { gpodder.stop() }
        try gpodder.register(Self.user, password: Self.password)
        try Fixtures.writeConfig(
            """
            output = "null"
            auto_download = 0
            retention = 0
            [sync]
            server = "\(gpodder.url)"
            username = "\(Self.user)"
            device = "podline-soak"
            auto = false
            """, home: folder)
        let environment = Self.environment(folder)
        let env = environment.mapValues { Optional($0) }
        func setUp(_ words: [String]) throws -> ProcessResult {
            let result = try CommandRunner.run(Self.binary, words, environment: env, timeout: 300)
            try #require(result.status == 0, "\(words.joined(separator: " ")): exit \(result.status): \(result.stderr)")
            return result
        }

        // The library: 200 shows of six one-second episodes (and the player's ten-minute one), synced once.
        _ = try setUp(["import", opml.path])
        let listed = try setUp(["episodes", "--json"])
        let count = ((try? JSONSerialization.jsonObject(with: listed.stdoutData)) as? [Any])?.count
        try #require(count == Self.feedCount * 6 + 1, "episodes after the import: \(count ?? -1)")
        _ = try setUp(["sync"])
        _ = try setUp(["download", Self.playedRef])

        // The player, then the view, which attaches to it.
        let playerLog = folder.appendingPathComponent("player.log")
        let player = try BackgroundProcess.podline(
            ["play", Self.playedRef, "--output", "null", "--quiet"], home: folder, environment: env, stderr: playerLog)
        defer { player.killNow() }
        let started = try poll(
            timeout: 20, every: 0.2, { try Self.status(env) },
            until: { $0["state"] as? String == "playing" && Self.ref(of: $0) == Self.playedRef })
        try #require(started["state"] as? String == "playing" && Self.ref(of: started) == Self.playedRef, "the player: \(started)")
        let view = try TmuxSession(folder: folder, command: [Self.binary, "tui", "--home", folder.path], environment: environment)
        defer { view.kill() }
        try view.waitFor { $0.contains("┌ Podline") && $0.hasSuffix("? keys") }
        try view.waitFor { $0.contains("▶ Feed 200 — Long listen") }

        // Everyone at once, each on a thread of its own, until the deadline (a command under way then is finished).
        let tally = WriterTally()
        let ledgers = LedgerBook()
        let deadline = Date().addingTimeInterval(seconds)
        let writers = DispatchGroup()
        func start(_ work: @escaping @Sendable () -> Void) {
            writers.enter()
            Thread.detachNewThread {
                work()
                writers.leave()
            }
        }
        for shell in 1...Self.shellCount {
            start { ledgers.add(Self.runShell(shell, environment: env, until: deadline, tally: tally)) }
        }
        start { ledgers.setPlayingFavourite(Self.flipPlayingFavourite(environment: env, until: deadline, tally: tally)) }
        start { Self.runUpdates(files: files, web: web, environment: env, until: deadline, tally: tally) }
        start { Self.runSyncs(environment: env, until: deadline, tally: tally) }
        start { Self.driveView(view, until: deadline, tally: tally) }
        writers.wait()

        // A sync after the last edit, as the next automatic one would be: it must not take any edit back.
        _ = Self.run("sync", ["sync"], environment: env, tally: tally, timeout: 120)

        // With the player paused nothing writes: its socket and a fresh process must answer alike.
        let paused = try CommandRunner.run(Self.binary, ["pause"], environment: env)
        #expect(paused.status == 0, "pause: exit \(paused.status): \(paused.stderr)")
        let still = try poll(timeout: 10, every: 0.2, { try Self.status(env) }, until: { $0["state"] as? String == "paused" })
        #expect(still["state"] as? String == "paused", "the player after the run: \(still)")
        let location = ControlLocation(directory: folder.appendingPathComponent("podline").path)
        var differing: [String] = []
        for words in [["episodes", "--json"], ["shows", "--json"]] {
            func compared() -> String? {
                do {
                    return try Self.difference(words, location: location, environment: env)
                } catch {
                    return "no answer: \(error)"
                }
            }
            let difference = poll(timeout: 10, every: 0.5, compared) { $0 == nil }
            if let difference { differing.append("\(words.joined(separator: " ")): \(difference)") }
        }

        // What the shells' last successful edits made is what the library has.
        let fresh = try CommandRunner.run(Self.binary, ["episodes", "--json"], environment: env)
        let library = Self.byRef(fresh.stdoutData)
        var (lost, checked, unknown) = Self.lostWrites(ledgers.all, in: library)
        let playingEntry = library[Self.playedRef]
        if let want = ledgers.playingFavourite {
            checked += 1
            if playingEntry?["favorite"] as? Bool != want {
                lost.append("\(Self.playedRef): favourite is not \(want), as its last fav made it")
            }
        } else {
            unknown += 1
        }
        // The player's own model of its episode has every change the shells told it of.
        let status = try Self.status(env)
        let statusEpisode = status["episode"] as? [String: Any]
        for key in ["played", "favorite"] where (statusEpisode?[key] as? Bool) != (playingEntry?[key] as? Bool) {
            let said = (statusEpisode?[key] as? Bool).map { "\($0)" } ?? "nothing"
            let kept = (playingEntry?[key] as? Bool).map { "\($0)" } ?? "nothing"
            differing.append("\(Self.playedRef): the player's status says \(key) \(said), the library \(kept)")
        }

        // The view reads each shell's show afresh: its rows show the marks the library has.
        var viewProblems: [String] = []
        if let trouble = Self.storeTrouble(try view.screen()) { tally.troubled("the view: \(trouble)") }
        view.send(["1"])
        try view.waitFor { FullScreenTests.lines($0).first?.contains("┌ New (") == true }
        view.send(["h"] + Array(repeating: "j", count: Self.viewCount))
        for shell in 1...Self.shellCount {
            let slug = Self.slug(shell)
            if shell > 1 { view.send(["j"]) }
            try view.waitFor { FullScreenTests.lines($0).first?.contains("┌ \(slug) (6) ") == true }
            let rows = FullScreenTests.listRows(FullScreenTests.lines(try view.screen()))
            for number in 1...6 {
                let ref = "\(slug)/\(number)"
                guard let shown = Self.rowMarks(rows, title: "Feed \(Self.padded(shell)) item \(number)") else {
                    viewProblems.append("\(ref): no row among \(rows)")
                    continue
                }
                guard let entry = library[ref] else { continue }
                let kept = Self.marks(of: entry)
                if shown != kept { viewProblems.append("\(ref): the view shows \(shown), the library has \(kept)") }
            }
        }
        view.send(["q"])
        try view.waitFor { $0.contains("EXITED 0") }

        let stopped = try CommandRunner.run(Self.binary, ["stop"], environment: env)
        #expect(stopped.status == 0, "stop: exit \(stopped.status): \(stopped.stderr)")
        let playerEnd = player.wait(timeout: 15)
        let playerSaid = (try? String(contentsOf: playerLog, encoding: .utf8)) ?? ""
        if let trouble = Self.storeTrouble(playerSaid) { tally.troubled("the player: \(trouble)") }
        #expect(playerEnd == 0, "the player: exit \(playerEnd.map(String.init) ?? "none (killed)"): \(playerSaid.suffix(1000))")
        let integrity = try LibraryStore(paths: LibraryPaths(home: folder.path)).integrityCheck()

        let kinds = ["mark", "fav", "download", "delete", "update", "sync", "view"]
        print(
            "writers at once: \(Int(seconds)) s, \(Self.feedCount) feeds, \(Self.shellCount) shells; \(tally.summary(of: kinds)); "
                + "failures \(tally.failures.count), store errors \(tally.storeErrors.count), "
                + "lost writes \(lost.count) of \(checked) marks checked (\(unknown) unknown), "
                + "views differing \(differing.count + viewProblems.count)")
        #expect(tally.storeErrors.isEmpty, "the store's errors reached the user: \(tally.storeErrors.prefix(10))")
        #expect(tally.failures.isEmpty, "\(tally.failures.count) commands failed: \(tally.failures.prefix(10))")
        #expect(lost.isEmpty, "edits lost: \(lost.prefix(20))")
        #expect(differing.isEmpty, "the player and a fresh process differ: \(differing)")
        #expect(viewProblems.isEmpty, "the view differs from the library: \(viewProblems.prefix(10))")
        #expect(integrity == "ok", "integrity_check: \(integrity)")
        for kind in ["mark", "fav", "download", "update", "sync", "view"] {
            #expect(tally.count(kind) > 0, "no \(kind) ran in \(seconds) s")
        }
    }

    // MARK: The writers

    /// One shell's edits until `deadline`: in turn a `mark` of one of its episodes 1-3, a `fav` of 4 or 5, and a
    /// `download` (or, once downloaded, a `delete`) of 6, each the opposite of what that episode's last edit made.
    private static func runShell(_ shell: Int, environment: [String: String?], until deadline: Date, tally: WriterTally) -> ShellLedger {
        var ledger = ShellLedger(slug: slug(shell))
        var turn = 0
        while Date() < deadline {
            let round = turn / 3
            switch turn % 3 {
            case 0:
                let index = round % ledger.played.count
                let played = !(ledger.played[index] ?? false)
                let state = played ? "played" : "unplayed"
                let answer = run("mark", ["mark", "\(ledger.slug)/\(index + 1)", state, "--json"], environment: environment, tally: tally)
                ledger.played[index] = confirmed(answer, "state", is: state, kind: "mark", tally: tally) ? played : nil
            case 1:
                let index = round % ledger.favourite.count
                let favourite = !(ledger.favourite[index] ?? false)
                let words = ["fav", "\(ledger.slug)/\(index + 4)", favourite ? "--on" : "--off", "--json"]
                let answer = run("fav", words, environment: environment, tally: tally)
                ledger.favourite[index] = confirmed(answer, "favorite", is: favourite, kind: "fav", tally: tally) ? favourite : nil
            default:
                let ref = "\(ledger.slug)/6"
                if ledger.downloaded == true {
                    let answer = run("delete", ["delete", ref, "--json"], environment: environment, tally: tally)
                    ledger.downloaded = deleted(answer, tally: tally) ? false : nil
                } else {
                    let answer = run("download", ["download", ref], environment: environment, tally: tally, timeout: 120)
                    let done = answer?.stdout.contains("\"download-finished\"") == true
                    if let answer, !done { tally.fail("download", "\(ref): no download-finished in \(answer.stdout.prefix(200))") }
                    ledger.downloaded = done ? true : nil
                }
            }
            turn += 1
        }
        return ledger
    }

    /// Flips the playing episode's favourite mark about once a second until `deadline` (each shell's `fav` tells the
    /// player); what its last successful `fav` made it, nil when a failure left that unknown.
    private static func flipPlayingFavourite(environment: [String: String?], until deadline: Date, tally: WriterTally) -> Bool? {
        var favourite: Bool? = false
        while Date() < deadline {
            let want = !(favourite ?? false)
            let answer = run("fav", ["fav", playedRef, want ? "--on" : "--off", "--json"], environment: environment, tally: tally)
            favourite = confirmed(answer, "favorite", is: want, kind: "fav", tally: tally) ? want : nil
            Thread.sleep(forTimeInterval: 1)
        }
        return favourite
    }

    /// `update` of every feed again and again until `deadline`; before each pass five feeds (never a shell's or the
    /// player's) get a new episode, so that each pass adds rows while the others write.
    private static func runUpdates(files: ServedFiles, web: URL, environment: [String: String?], until deadline: Date, tally: WriterTally) {
        var extra = [Int](repeating: 0, count: feedCount + 1)
        var pass = 0
        while Date() < deadline {
            for offset in 0..<5 {
                let index = shellCount + 1 + (pass * 5 + offset) % (feedCount - shellCount - 1)
                extra[index] += 1
                do {
                    try writeFeed(index, extra: extra[index], files: files, in: web)
                } catch {
                    tally.fail("update", "writing feed \(index): \(error)")
                }
            }
            _ = run("update", ["update"], environment: environment, tally: tally, timeout: 600)
            pass += 1
        }
    }

    /// `sync` again and again until `deadline`.
    private static func runSyncs(environment: [String: String?], until deadline: Date, tally: WriterTally) {
        while Date() < deadline {
            _ = run("sync", ["sync"], environment: environment, tally: tally, timeout: 120)
            Thread.sleep(forTimeInterval: 0.25)
        }
    }

    /// Switches the view's list every second and a half (New, Favourites, Downloads, In progress: each a reading of the
    /// library) until `deadline`, and looks at its screen for a store error after each.
    private static func driveView(_ view: TmuxSession, until deadline: Date, tally: WriterTally) {
        let keys = ["1", "5", "4", "2"]
        var step = 0
        while Date() < deadline {
            view.send([keys[step % keys.count]])
            Thread.sleep(forTimeInterval: 1.5)
            tally.ran("view", seconds: 0)
            if let screen = try? view.screen(), let trouble = storeTrouble(screen) { tally.troubled("the view: \(trouble)") }
            step += 1
        }
    }

    /// Runs `podline WORDS` as a writer of `kind` and counts it; nil (a failure noted) unless it exited 0 and wrote
    /// nothing on standard error. Whatever it printed is searched for the store's errors.
    private static func run(
        _ kind: String, _ words: [String], environment: [String: String?], tally: WriterTally, timeout: TimeInterval = 60
    ) -> ProcessResult? {
        let said = words.joined(separator: " ")
        let began = Date()
        let result: ProcessResult
        do {
            result = try CommandRunner.run(binary, words, environment: environment, timeout: timeout)
        } catch {
            tally.ran(kind, seconds: 0)
            tally.fail(kind, "\(said): \(error)")
            return nil
        }
        tally.ran(kind, seconds: Date().timeIntervalSince(began))
        if let trouble = storeTrouble(result.stdout + "\n" + result.stderr) { tally.troubled("\(said): \(trouble)") }
        if result.timedOut {
            tally.fail(kind, "\(said): still running after \(Int(timeout)) s")
            return nil
        }
        guard result.status == 0 else {
            tally.fail(kind, "\(said): exit \(result.status): \(result.stderr.prefix(300))")
            return nil
        }
        guard result.stderr.isEmpty else {
            tally.fail(kind, "\(said): said on standard error: \(result.stderr.prefix(300))")
            return nil
        }
        return result
    }

    /// True when `result` (nil for a failed command) printed a JSON object whose `key` is `value`; a success that says
    /// otherwise is noted as a failure.
    private static func confirmed<Value: Equatable>(
        _ result: ProcessResult?, _ key: String, is value: Value, kind: String, tally: WriterTally
    ) -> Bool {
        guard let result else { return false }
        let object = (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any]
        guard object?[key] as? Value == value else {
            tally.fail(kind, "answered \(result.stdout.prefix(200)) where \(key) should be \(value)")
            return false
        }
        return true
    }

    /// True when `result` (nil for a failed command) is a `delete --json` that deleted its one file.
    private static func deleted(_ result: ProcessResult?, tally: WriterTally) -> Bool {
        guard let result else { return false }
        let outcomes = (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [[String: Any]]
        guard outcomes?.first?["outcome"] as? String == "deleted" else {
            tally.fail("delete", "answered \(result.stdout.prefix(200))")
            return false
        }
        return true
    }

    /// The first line of `text` in which the library's store failed: SQLite's busy or locked errors, or the store's own
    /// "cannot open/read/write the library"; nil when there is none.
    private static func storeTrouble(_ text: String) -> String? {
        let signs = ["locked", "busy", "cannot open the library", "cannot read the library", "cannot write the library"]
        let line = text.split(separator: "\n").first { line in
            let lower = line.lowercased()
            return signs.contains { lower.contains($0) }
        }
        return line.map { String($0.prefix(300)) }
    }

    // MARK: Reading the library

    /// `podline status --json` as the shells reach the player; empty when no player answers.
    private static func status(_ environment: [String: String?]) throws -> [String: Any] {
        let result = try CommandRunner.run(binary, ["status", "--json"], environment: environment)
        return (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any] ?? [:]
    }

    /// The reference of the episode a `status --json` answer names.
    private static func ref(of status: [String: Any]) -> String? {
        (status["episode"] as? [String: Any])?["ref"] as? String
    }

    /// nil when the player's socket and a fresh process answer `words` with the same JSON list; else what differs.
    private static func difference(_ words: [String], location: ControlLocation, environment: [String: String?]) throws -> String? {
        let answer = try ControlClient(location: location).request(words)
        guard answer.succeeded else { return "the player answered \(answer.error): \(answer.message ?? "")" }
        let fresh = try CommandRunner.run(binary, words, environment: environment)
        guard fresh.status == 0 else { return "a fresh process: exit \(fresh.status): \(fresh.stderr)" }
        guard let socket = (try? JSONSerialization.jsonObject(with: Data(answer.dataText.utf8))) as? [Any],
            let own = (try? JSONSerialization.jsonObject(with: fresh.stdoutData)) as? [Any]
        else { return "not both JSON lists" }
        guard socket.count == own.count else { return "the player lists \(socket.count), a fresh process \(own.count)" }
        for (theirs, ours) in zip(socket, own) where canonical(theirs) != canonical(ours) {
            return "the player has \(text(canonical(theirs))), a fresh process \(text(canonical(ours)))"
        }
        return nil
    }

    /// `value` as JSON with its keys sorted, so that two readings of one list compare byte for byte.
    private static func canonical(_ value: Any) -> Data? {
        guard JSONSerialization.isValidJSONObject(value) else { return nil }
        return try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    }

    /// `data` as text, for a message.
    private static func text(_ data: Data?) -> String {
        data.map { String(decoding: $0.prefix(600), as: UTF8.self) } ?? "(not JSON)"
    }

    /// The entries of an `episodes --json` list, by reference.
    private static func byRef(_ data: Data) -> [String: [String: Any]] {
        let entries = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] ?? []
        var found: [String: [String: Any]] = [:]
        for entry in entries {
            if let ref = entry["ref"] as? String { found[ref] = entry }
        }
        return found
    }

    /// An `episodes --json` entry's marks.
    private static func marks(of entry: [String: Any]) -> (played: Bool, favourite: Bool, downloaded: Bool) {
        (entry["played"] as? Bool == true, entry["favorite"] as? Bool == true, entry["file"] is String)
    }

    /// Where the library (`episodes --json`, by reference) differs from what the shells' last successful edits made;
    /// with how many marks were checked and how many a failed command left unknown.
    private static func lostWrites(
        _ ledgers: [ShellLedger], in library: [String: [String: Any]]
    ) -> (lost: [String], checked: Int, unknown: Int) {
        var lost: [String] = []
        var checked = 0
        var unknown = 0
        for ledger in ledgers {
            for number in 1...6 {
                let ref = "\(ledger.slug)/\(number)"
                guard let entry = library[ref] else {
                    lost.append("\(ref): not listed")
                    continue
                }
                let wanted = ledger.expected(number)
                let found = marks(of: entry)
                let fields: [(String, Bool?, Bool)] = [
                    ("played", wanted.played, found.played), ("favourite", wanted.favourite, found.favourite),
                    ("downloaded", wanted.downloaded, found.downloaded),
                ]
                for (name, want, have) in fields {
                    guard let want else {
                        unknown += 1
                        continue
                    }
                    checked += 1
                    if want != have { lost.append("\(ref): \(name) is \(have), its last edit made it \(want)") }
                }
                if found.downloaded, let file = entry["file"] as? String, !FileManager.default.fileExists(atPath: file) {
                    lost.append("\(ref): the library names \(file), which is not there")
                }
            }
        }
        return (lost, checked, unknown)
    }

    /// The marks the view's row of the episode titled `title` shows (✓ played, ★ favourite, ↓ downloaded); nil when no
    /// row among `rows` is that episode's.
    private static func rowMarks(_ rows: [String], title: String) -> (played: Bool, favourite: Bool, downloaded: Bool)? {
        for row in rows where row.count > 2 {
            let rest = row.dropFirst(2)
            guard rest == title || rest.hasPrefix(title + " ") else { continue }
            let after = rest.dropFirst(title.count).split(separator: " ")
            return (row.hasPrefix("✓"), after.contains("★"), after.contains("↓"))
        }
        return nil
    }

    // MARK: The library's making

    /// The variables that keep every podline of the test in `folder`: library, socket, config, state, sync password.
    private static func environment(_ folder: URL) -> [String: String] {
        [
            "PODLINE_HOME": folder.path, "HOME": folder.path, "XDG_RUNTIME_DIR": folder.path, "XDG_STATE_HOME": folder.path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "LANG": "C.UTF-8", "PODLINE_SYNC_PASSWORD": password,
        ]
    }

    /// `number` written with at least `width` digits (`7` → `007`).
    private static func padded(_ number: Int, to width: Int = 3) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The slug of show `index` (`feed-007`).
    private static func slug(_ index: Int) -> String { "feed-" + padded(index) }

    /// The served file of feed `index` (`f007.xml`).
    private static func feedFile(_ index: Int) -> String { "f\(padded(index)).xml" }

    /// The size of `file` in bytes.
    private static func size(of file: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Writes feed `index` into the served folder `web`.
    private static func writeFeed(_ index: Int, extra: Int, files: ServedFiles, in web: URL) throws {
        let file = web.appendingPathComponent(feedFile(index))
        try feed(index, extra: extra, files: files).write(to: file, atomically: true, encoding: .utf8)
    }

    /// The feed of show `index` ("Feed NNN"): six one-second episodes a day apart from 2024-01-01, `extra` more in
    /// February, and in the last feed a seventh of ten minutes, "Long listen", for the player.
    private static func feed(_ index: Int, extra: Int, files: ServedFiles) -> String {
        let name = padded(index)
        var items: [String] = []
        for number in 1...6 {
            items.append(
                item(
                    title: "Feed \(name) item \(number)", guid: "f\(name)-\(number)", date: "Mon, 0\(number) Jan 2024 10:00:00 GMT",
                    seconds: 60, url: files.base + "tiny.mp3?e=\(name)-\(number)", length: files.tinyLength))
        }
        for number in stride(from: 1, through: extra, by: 1) {
            let date = "Thu, \(padded(1 + (number - 1) % 28, to: 2)) Feb 2024 \(padded((number - 1) / 28 % 24, to: 2)):00:00 GMT"
            items.append(
                item(
                    title: "Feed \(name) extra \(number)", guid: "f\(name)-extra-\(number)", date: date, seconds: 60,
                    url: files.base + "tiny.mp3?e=\(name)-x\(number)", length: files.tinyLength))
        }
        if index == feedCount {
            items.append(
                item(
                    title: "Long listen", guid: "f\(name)-long", date: "Sun, 07 Jan 2024 10:00:00 GMT", seconds: 600,
                    url: files.base + "long.mp3", length: files.longLength))
        }
        return "<?xml version=\"1.0\"?><rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><channel>\n"
            + "<title>Feed \(name)</title>\n" + items.joined(separator: "\n") + "\n</channel></rss>\n"
    }

    /// One `<item>` with its enclosure.
    private static func item(title: String, guid: String, date: String, seconds: Int, url: String, length: Int) -> String {
        "<item><title>\(title)</title><guid>\(guid)</guid><pubDate>\(date)</pubDate><itunes:duration>\(seconds)</itunes:duration>"
            + "<enclosure url=\"\(url)\" type=\"audio/mpeg\" length=\"\(length)\"/></item>"
    }
}

/// Where the loopback server serves the audio, and how long its files are.
private struct ServedFiles: Sendable {
    /// `http://127.0.0.1:PORT/`.
    let base: String
    let tinyLength: Int
    let longLength: Int
}

/// One shell's show and what its last successful edits made of its episodes: 1-3 played or not, 4-5 favourites or not,
/// 6 downloaded or not; nil where a failed command left it unknown.
private struct ShellLedger: Sendable {
    let slug: String
    var played: [Bool?] = [false, false, false]
    var favourite: [Bool?] = [false, false]
    var downloaded: Bool? = false

    /// What episode `number` must be: played, favourite, downloaded (nil: unknown). What no edit of the shell touches
    /// stays as the feed made it.
    func expected(_ number: Int) -> (played: Bool?, favourite: Bool?, downloaded: Bool?) {
        switch number {
        case 1...3: return (played[number - 1], false, false)
        case 4...5: return (false, favourite[number - 4], false)
        default: return (false, false, downloaded)
        }
    }
}

/// The shells' ledgers and the playing episode's last favourite mark, handed in from their threads.
private final class LedgerBook: @unchecked Sendable {
    private let lock = NSLock()
    private var ledgers: [ShellLedger] = []
    private var favourite: Bool?

    func add(_ ledger: ShellLedger) { lock.withLock { ledgers.append(ledger) } }
    func setPlayingFavourite(_ value: Bool?) { lock.withLock { favourite = value } }
    var all: [ShellLedger] { lock.withLock { ledgers.sorted { $0.slug < $1.slug } } }
    var playingFavourite: Bool? { lock.withLock { favourite } }
}

/// What the writers did, counted across their threads: commands run and the slowest of each kind, failures, and every
/// store error seen.
private final class WriterTally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var slowest: [String: Double] = [:]
    private var failed: [String] = []
    private var trouble: [String] = []

    func ran(_ kind: String, seconds: Double) {
        lock.withLock {
            counts[kind, default: 0] += 1
            slowest[kind] = max(slowest[kind] ?? 0, seconds)
        }
    }
    func fail(_ kind: String, _ text: String) { lock.withLock { failed.append("\(kind): \(text)") } }
    func troubled(_ text: String) { lock.withLock { trouble.append(text) } }
    func count(_ kind: String) -> Int { lock.withLock { counts[kind] ?? 0 } }
    var failures: [String] { lock.withLock { failed } }
    var storeErrors: [String] { lock.withLock { trouble } }

    /// `mark 412 (slowest 2.1 s), …`: each of `kinds`, in order.
    func summary(of kinds: [String]) -> String {
        lock.withLock {
            kinds.map { kind in
                let most = slowest[kind] ?? 0
                return "\(kind) \(counts[kind] ?? 0)" + (most > 0 ? " (slowest \(String(format: "%.1f", most)) s)" : "")
            }.joined(separator: ", ")
        }
    }
}
