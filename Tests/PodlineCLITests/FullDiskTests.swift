import Foundation
import TestSupport
import Testing

// The folder is `PODLINE_HOME`, where `library.sqlite` and its write-ahead log live; config.toml, the player's socket and
// what `play` writes are beside it, on the ordinary disk.

/// The library's folder on a small tmpfs that fills during `update` and `sync`: one line, nothing lost, and the rerun finishes.
@Suite("a full disk during update and sync", .serialized)
struct FullDiskTests {
    // A failure (1), as DESIGN.md's exit codes and `CommandError(StoreError)` have it: 2 is for a feed, file or episode
    // that could not be read, and the feeds were read.
    /// The exit status of a command that could not write the library.
    static let cannotWrite: Int32 = 1
    /// The library's file system while there is room.
    static let roomy = 64 << 20
    /// Room left for `update`: each grown feed takes about 1 MB of write-ahead log, so two or three of eight fit.
    static let updateRoom = 2_560 << 10
    /// Room left for each failing `sync`: a few dozen of the phone's actions fit, not all of them.
    static let syncRoom = 512 << 10
    /// How many times `sync` meets a full disk before it is given room.
    static let syncRounds = 3
    /// The length of every episode in seconds: the feeds say so, and the tone they point at lasts so long.
    static let seconds = 20
    static let user = "alice"
    static let password = "full-disk-pass"

    // MARK: update

    @Test(
        "update fills the library's disk: one line, exit 1, each show whole or untouched; the next update stores the rest",
        .enabled(if: SmallDisk.unavailableReason == nil, "\(SmallDisk.unavailableReason ?? "")"))
    func update() throws {
        let desk = try Desk("pl-full-update")
        defer { desk.disk.unmount() }
        let web = try Fixtures.temporaryDirectory("pl-full-update-web")
        let files = try SlowFileServer(folder: web, chunkBytes: 1 << 20, delay: 0)
        defer { files.stop() }
        _ = try Fixtures.toneMP3(in: web, name: "tone.mp3", seconds: Double(Self.seconds))
        let shows = 8
        let first = 20
        let grown = 400
        for index in 0..<shows {
            try Self.writeFeed(index, count: first, notes: 20, in: web, files: files)
            try desk.succeed(["add", files.url("feed\(index).xml")])
        }
        // Listening kept before the disk fills: two positions and two played marks.
        try desk.succeed(["play", "show-0/3", "--start", "5", "--duration", "1", "--output", desk.output])
        try desk.succeed(["play", "show-2/4", "--start", "8", "--duration", "1", "--output", desk.output])
        try desk.succeed(["mark", "show-1/2", "show-3/5", "played"])
        let before = try desk.episodes()
        let heard = Self.states(before).filter { $0.value != .at(0) }
        #expect(before.count == shows * first)
        #expect(heard.count == 4, "\(heard)")

        for index in 0..<shows { try Self.writeFeed(index, count: grown, notes: 20, in: web, files: files) }
        try desk.leave(Self.updateRoom)
        let full = try desk.podline(["update"])
        #expect(full.status == Self.cannotWrite, "exit \(full.status): \(full.stderr)")
        #expect(full.stderrLines.count == 1, "one line, not one a feed:\n\(full.stderr)")
        let line = full.stderrLines.first ?? ""
        #expect(line.hasPrefix("podline: ") && line.contains("full") && line.contains(desk.database.path), "\(line)")
        #expect(try desk.integrity() == "ok")
        let after = try desk.episodes()
        Self.expectKept(Self.states(before), in: after, "after the full disk")
        // A feed is stored in one transaction: each show has all of its grown feed or is as it was.
        let counts = Dictionary(grouping: after, by: \.show).mapValues(\.count)
        #expect(counts.count == shows, "\(counts)")
        for (slug, count) in counts.sorted(by: { $0.key < $1.key }) {
            #expect(count == first || count == grown, "\(slug): \(count) episodes, neither the \(first) before nor the \(grown) now")
        }
        let stored = counts.values.filter { $0 == grown }.count
        #expect(stored > 0 && stored < shows, "the disk filled after \(stored) of \(shows) feeds, not in the middle of the work")

        try desk.makeRoom()
        let again = try desk.podline(["update"])
        #expect(again.status == 0 && again.stderr.isEmpty, "exit \(again.status): \(again.stderr)")
        let finished = try desk.episodes()
        let finishedCounts = Dictionary(grouping: finished, by: \.show).mapValues(\.count)
        #expect(finishedCounts.count == shows && finishedCounts.values.allSatisfy { $0 == grown }, "\(finishedCounts)")
        Self.expectKept(Self.states(before), in: finished, "after the next update")
        #expect(try desk.integrity() == "ok")
    }

    // MARK: sync

    @Test(
        "sync fills the library's disk with a phone's listening: one line, exit 1, no action half taken; the next sync agrees",
        .enabled(if: SmallDisk.unavailableReason == nil, "\(SmallDisk.unavailableReason ?? "")"))
    func sync() throws {
        let server = try GPodderServer()
        defer { server.stop() }
        try server.register(Self.user, password: Self.password)
        _ = try server.phone(Self.user, password: Self.password, device: "phone", ["register"])
        let web = try Fixtures.temporaryDirectory("pl-full-sync-web")
        let files = try SlowFileServer(folder: web, chunkBytes: 1 << 20, delay: 0)
        defer { files.stop() }
        _ = try Fixtures.toneMP3(in: web, name: "tone.mp3", seconds: Double(Self.seconds))
        let shows = 4
        let count = 300
        for index in 0..<shows { try Self.writeFeed(index, count: count, notes: 2, in: web, files: files) }
        let desk = try Desk("pl-full-sync")
        defer { desk.disk.unmount() }
        try Fixtures.writeConfig(
            """
            [sync]
            server = "\(server.url)"
            username = "\(Self.user)"
            password_command = "echo \(Self.password)"
            device = "podline-desk"
            auto = false
            """, home: desk.side)
        for index in 0..<shows { try desk.succeed(["add", files.url("feed\(index).xml")]) }

        // Listening the server has, then listening that waits to be sent when the disk fills.
        try desk.succeed(["play", "show-0/3", "--start", "5", "--duration", "1", "--output", desk.output])
        try desk.succeed(["mark", "show-1/2", "played"])
        let first = try desk.succeed(["sync"])
        #expect(first.stdout.contains("(first sync)"), "\(first.stdout)")
        try desk.succeed(["play", "show-2/4", "--start", "8", "--duration", "1", "--output", desk.output])
        try desk.succeed(["mark", "show-3/5", "played"])
        #expect(try desk.waiting() == SyncStatus.Waiting(subscriptions: 0, actions: 2))
        let before = try desk.episodes()
        let own = Self.states(before).filter { $0.value != .at(0) }
        #expect(before.count == shows * count)
        #expect(own.count == 4, "\(own)")

        // The phone heard every episode not heard here: every second one to its end, the others to 7 s.
        let feeds = try desk.showURLs()
        var phoneSays: [String: Heard] = [:]
        var actions: [[String: Any]] = []
        let stamp = SyncTests.utc(Date())
        for (index, episode) in before.enumerated() where own[episode.ref] == nil {
            guard let url = episode.url, let feed = feeds[episode.show] else { continue }
            let toEnd = index % 2 == 0
            phoneSays[episode.ref] = toEnd ? .played : .at(7)
            actions.append([
                "podcast": feed, "episode": url, "guid": episode.guid ?? "", "action": "play", "device": "phone",
                "timestamp": stamp, "started": 0, "position": toEnd ? Self.seconds : 7, "total": Self.seconds,
            ])
        }
        #expect(phoneSays.count == before.count - own.count)
        try Self.upload(actions, to: server)

        // The disk fills again and again: each sync takes what fits, and never half of an action.
        var states = Self.states(before)
        var failures = 0
        for round in 1...Self.syncRounds {
            try desk.leave(Self.syncRoom)
            let full = try desk.podline(["sync"])
            if full.status == 0 { break }
            failures += 1
            #expect(full.status == Self.cannotWrite, "round \(round): exit \(full.status): \(full.stderr)")
            #expect(full.stderrLines.count == 1, "round \(round):\n\(full.stderr)")
            let line = full.stderrLines.first ?? ""
            #expect(line.hasPrefix("podline: sync: ") && line.contains("full"), "round \(round): \(line)")
            #expect(try desk.integrity() == "ok", "round \(round)")
            let listed = try desk.episodes()
            #expect(listed.count == before.count, "round \(round): \(listed.count) episodes, \(before.count) before")
            for episode in listed {
                let state = Heard(episode)
                let was = states[episode.ref] ?? .at(0)
                let phone = phoneSays[episode.ref]
                #expect(
                    state == was || state == phone,
                    "round \(round): \(episode.ref) \(state); before this sync \(was), the phone says \(phone?.description ?? "nothing")")
            }
            Self.expectKept(own, in: listed, "round \(round)")
            let taken = listed.filter { phoneSays[$0.ref] == Heard($0) }.count
            if round == 1 {
                #expect(taken > 0 && taken < phoneSays.count, "the first full disk came after \(taken) of \(phoneSays.count) actions")
            }
            #expect(try desk.waiting() == SyncStatus.Waiting(subscriptions: 0, actions: 2), "round \(round): the queue kept")
            states = Self.states(listed)
        }
        #expect(failures > 0, "the disk never filled: \(Self.syncRoom) bytes held every action")

        try desk.makeRoom()
        let finished = try desk.podline(["sync"])
        #expect(finished.status == 0 && finished.stderr.isEmpty, "exit \(finished.status): \(finished.stderr)")
        #expect(try desk.integrity() == "ok")
        let after = try desk.episodes()
        #expect(after.count == before.count)
        var differing: [String] = []
        for episode in after {
            let wanted = phoneSays[episode.ref] ?? own[episode.ref] ?? .at(0)
            if Heard(episode) != wanted { differing.append("\(episode.ref) \(Heard(episode)), the phone says \(wanted)") }
        }
        #expect(differing.isEmpty, "\(differing.count) episodes not as the phone says: \(differing.prefix(10))")
        #expect(try desk.waiting() == SyncStatus.Waiting(subscriptions: 0, actions: 0))

        // The phone's side: the subscriptions, and what waited here while the disk was full.
        let subscriptions = try server.phone(Self.user, password: Self.password, device: "phone", ["subscriptions"]) as? [String: Any]
        let added = Set(subscriptions?["add"] as? [String] ?? [])
        #expect(Set(feeds.values).isSubset(of: added), "\(added)")
        let listed = try server.phone(Self.user, password: Self.password, device: "phone", ["actions"]) as? [String: Any]
        let remote = (listed?["actions"] as? [[String: Any]] ?? []).filter { $0["device"] as? String == "podline-desk" }
        func sent(_ ref: String) -> [String: Any]? {
            let url = before.first { $0.ref == ref }?.url
            return remote.last { $0["episode"] as? String == url }
        }
        let stretch = sent("show-2/4")
        #expect(stretch?["started"] as? Int == 8 && stretch?["position"] as? Int == 9, "\(String(describing: stretch))")
        let played = sent("show-3/5")
        #expect(
            played?["position"] as? Int == Self.seconds && played?["total"] as? Int == Self.seconds, "\(String(describing: played))")
    }

    // MARK: helpers

    /// Where an episode stands: played, or at a position (0 when never heard).
    enum Heard: Equatable, CustomStringConvertible {
        case played
        case at(Double)

        init(_ episode: Listed) {
            self = episode.played ? .played : .at(episode.position ?? 0)
        }

        var description: String {
            switch self {
            case .played: "played"
            case .at(let seconds): "at \(seconds) s"
            }
        }
    }

    /// An episode as `episodes --json` lists it (the fields these tests read).
    struct Listed: Decodable {
        var ref: String
        var show: String
        var url: String?
        var guid: String?
        var played: Bool
        var position: Double?
    }

    /// A show as `shows --json` lists it.
    struct ListedShow: Decodable {
        var slug: String
        var url: String
    }

    /// `sync status --json`, the part these tests read.
    struct SyncStatus: Decodable {
        struct Waiting: Decodable, Equatable {
            var subscriptions: Int
            var actions: Int
        }

        var waiting: Waiting
    }

    /// A library whose folder is a small tmpfs, and a folder beside it for config.toml, the socket and what `play` writes.
    struct Desk {
        let side: URL
        let disk: SmallDisk

        init(_ label: String) throws {
            side = try Fixtures.temporaryDirectory(label)
            disk = try SmallDisk(at: side.appendingPathComponent("library"), bytes: FullDiskTests.roomy)
        }

        var library: URL { disk.folder }
        var database: URL { library.appendingPathComponent("library.sqlite") }
        /// Where `play` writes what it plays: beside the small disk, never on it.
        var output: String { "wav:\(side.path)/out.wav" }

        /// Runs podline on this library.
        func podline(_ words: [String]) throws -> ProcessResult {
            try PodlineBinary.run(
                words, home: side,
                environment: ["PODLINE_HOME": library.path, "XDG_CONFIG_HOME": side.appendingPathComponent("config").path],
                timeout: 120)
        }

        /// Runs podline on this library, failing the set-up unless it succeeds.
        @discardableResult
        func succeed(_ words: [String]) throws -> ProcessResult {
            let result = try podline(words)
            guard result.status == 0 else {
                throw TestSupportError("podline \(words.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            }
            return result
        }

        /// Every episode of the library.
        func episodes() throws -> [Listed] {
            try JSONDecoder().decode([Listed].self, from: succeed(["episodes", "--json"]).stdoutData)
        }

        /// Each show's feed URL by its slug.
        func showURLs() throws -> [String: String] {
            let shows = try JSONDecoder().decode([ListedShow].self, from: succeed(["shows", "--json"]).stdoutData)
            return Dictionary(uniqueKeysWithValues: shows.map { ($0.slug, $0.url) })
        }

        /// What waits to be sent to the sync server.
        func waiting() throws -> SyncStatus.Waiting {
            try JSONDecoder().decode(SyncStatus.self, from: succeed(["sync", "status", "--json"]).stdoutData).waiting
        }

        /// `PRAGMA integrity_check` of the library, through the sqlite3 program.
        func integrity() throws -> String {
            try CommandRunner.tool("sqlite3", [database.path, "PRAGMA integrity_check"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The bytes the library's file system holds now.
        var usedBytes: Int {
            var info = statvfs()
            guard statvfs(library.path, &info) == 0 else { return 0 }
            return Int(info.f_blocks - info.f_bfree) * Int(info.f_frsize)
        }

        /// Shrinks the library's file system to what it holds now and `bytes` more.
        func leave(_ bytes: Int) throws {
            try disk.resize(bytes: usedBytes + bytes)
        }

        /// Gives the library's file system its room back.
        func makeRoom() throws {
            try disk.resize(bytes: FullDiskTests.roomy)
        }
    }

    /// Where each episode stands, by reference.
    static func states(_ episodes: [Listed]) -> [String: Heard] {
        Dictionary(uniqueKeysWithValues: episodes.map { ($0.ref, Heard($0)) })
    }

    /// Expects every episode of `kept` in `episodes`, standing where it stood.
    static func expectKept(_ kept: [String: Heard], in episodes: [Listed], _ context: String) {
        let now = states(episodes)
        for (ref, state) in kept.sorted(by: { $0.key < $1.key }) {
            #expect(now[ref] == state, "\(context): \(ref) \(now[ref]?.description ?? "missing"), before \(state)")
        }
    }

    // An episode's guid, date and file depend on its number alone: a grown feed keeps the episodes it had, numbered as before.
    /// Writes `feedN.xml` into `folder`: episodes 1 to `count`, each with show notes of `notes` sentences.
    static func writeFeed(_ index: Int, count: Int, notes: Int, in folder: URL, files: SlowFileServer) throws {
        let dates = DateFormatter()
        dates.locale = Locale(identifier: "en_US_POSIX")
        dates.timeZone = TimeZone(identifier: "UTC")
        dates.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let start = Date(timeIntervalSince1970: 1_704_067_200)
        var items = ""
        for number in 1...count {
            let sentence = "Notes of episode \(number) of show \(index), as long as a real show's notes run. "
            items += """
                <item><title>Episode \(number) of show \(index)</title><guid>show\(index)-episode\(number)</guid>\
                <pubDate>\(dates.string(from: start.addingTimeInterval(Double(number) * 3_600)))</pubDate>\
                <itunes:duration>\(seconds)</itunes:duration>\
                <description>\(String(repeating: sentence, count: notes))</description>\
                <enclosure url="\(files.url("tone.mp3"))?show=\(index)&amp;episode=\(number)" type="audio/mpeg" length="1"/></item>

                """
        }
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>Show \(index)</title>
        \(items)</channel></rss>
        """.write(to: folder.appendingPathComponent("feed\(index).xml"), atomically: true, encoding: .utf8)
    }

    /// Sends `actions` as the phone does after a day offline: all in one upload to the gpodder API.
    static func upload(_ actions: [[String: Any]], to server: GPodderServer) throws {
        let script = """
            import base64, sys, urllib.request
            url, user, password = sys.argv[1:4]
            token = base64.b64encode(("%s:%s" % (user, password)).encode()).decode()
            request = urllib.request.Request(url, data=sys.stdin.buffer.read(), method="POST", headers={
                "Content-Type": "application/json", "Authorization": "Basic " + token})
            sys.stdout.write(urllib.request.urlopen(request).read().decode())
            """
        let body = try JSONSerialization.data(withJSONObject: actions)
        let result = try CommandRunner.run(
            GPodderServer.python, ["-c", script, "\(server.url)/api/2/episodes/\(user).json", user, password], stdin: body)
        guard result.status == 0, result.stdout.contains("timestamp") else {
            throw TestSupportError("the phone's upload of \(actions.count) actions failed: \(result.stderr.suffix(1500))")
        }
    }

}
