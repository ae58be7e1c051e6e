import Foundation
import TestSupport
import Testing

/// `podline sync` with `kind = "nextcloud"` against a stand-in of Nextcloud's GPodder Sync app written from its routes
/// and controllers; and the faults a sync must survive, injected there.
@Suite("sync with Nextcloud's GPodder Sync, and its faults", .serialized)
struct NextcloudSyncTests {
    private static let password = "nc app password"

    /// The stand-in, a library set up for it, and a web server with the feeds `desk` (2 episodes) and `pocket` (1).
    private struct World {
        let standIn: NextcloudStandIn
        let home: URL
        let files: SlowFileServer

        init() throws {
            standIn = try NextcloudStandIn(user: SyncTests.user, password: NextcloudSyncTests.password)
            home = try SyncTests.home(server: standIn.url, extra: "kind = \"nextcloud\"\nauto = false")
            files = try SlowFileServer(folder: home, chunkBytes: 1 << 20, delay: 0)
            try SyncTests.feed("desk", title: "Desk Show", episodes: 2, in: home, files: files)
            try SyncTests.feed("pocket", title: "Pocket Show", episodes: 1, in: home, files: files)
        }

        /// Runs podline in the library, the app password given.
        func podline(_ words: [String]) throws -> ProcessResult {
            try SyncTests.podline(words, home: home, environment: ["PODLINE_SYNC_PASSWORD": NextcloudSyncTests.password])
        }

        func stop() {
            files.stop()
            standIn.stop()
        }
    }

    /// A phone's PLAY of pocket's episode at `position`, at `date`, as the app stores it.
    private static func phonePlay(_ files: SlowFileServer, position: Int, at date: Date) -> String {
        """
        {"podcast":"\(files.url("pocket.xml"))","episode":"\(files.url("pocket-1.mp3"))","guid":"pocket-guid-1",\
        "action":"PLAY","timestamp":"\(SyncTests.utc(date))","started":0,"position":\(position),"total":20}
        """
    }

    @Test("both ways in the app's own shapes: upper-case actions, -1 for positions that mean nothing, times without a zone")
    func bothWays() throws {
        let world = try World()
        defer { world.stop() }
        let (standIn, home, files, podline) = (world.standIn, world.home, world.files, world.podline)

        #expect(try podline(["add", files.url("desk.xml")]).status == 0)
        #expect(try podline(["play", "desk-show/1", "--start", "3", "--duration", "2", "--output", "wav:\(home.path)/o.wav"]).status == 0)
        #expect(try podline(["download", "desk-show/2"]).status == 0)
        #expect(try podline(["mark", "desk-show/2", "unplayed"]).status == 0)
        try standIn.control(
            #"{"seed_subscriptions":["\#(files.url("pocket.xml"))"],"seed_actions":[\#(Self.phonePlay(files, position: 9, at: Date()))]}"#)

        let synced = try podline(["sync", "--json"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try SyncTests.position(of: "pocket-show/1", home: home) == 9)
        let state = try standIn.state()
        let subscriptions = state["subscriptions"] as? [String: [String: Any]] ?? [:]
        #expect(subscriptions[files.url("desk.xml")]?["subscribed"] as? Bool == true, "\(subscriptions)")
        let rows = state["actions"] as? [[String: Any]] ?? []
        let desk1 = rows.first { $0["guid"] as? String == "desk-guid-1" }
        #expect(desk1?["action"] as? String == "PLAY" && desk1?["started"] as? Int == 3 && desk1?["position"] as? Int == 5, "\(rows)")
        let desk2 = rows.first { $0["guid"] as? String == "desk-guid-2" }
        #expect(desk2?["action"] as? String == "NEW" && desk2?["position"] as? Int == -1, "the app keeps one row an episode: \(rows)")
        #expect((state["posted"] as? [Int])?.reduce(0, +) == 3, "play, download, new, each sent once: \(state)")
        #expect(rows.allSatisfy { ($0["timestamp"] as? String)?.count == 19 })

        // A second sync with nothing new sends nothing and changes nothing.
        let again = try podline(["sync", "--json"])
        let report = SyncTests.json(again.stdout) as? [String: Any]
        let posts = try standIn.state()["posted"] as? [Int]
        #expect((report?["actions"] as? [String: Any])?["sent"] as? Int == 0 && posts?.count == 1, "\(again.stdout)")
    }

    @Test("faults: HTML, 500, a page cut off, malformed actions, a server clock a day off either way, kill -9 mid-sync")
    func faults() throws {
        let world = try World()
        defer { world.stop() }
        let (standIn, home, files, podline) = (world.standIn, world.home, world.files, world.podline)
        #expect(try podline(["add", files.url("pocket.xml")]).status == 0)
        #expect(try podline(["mark", "pocket-show/1", "played"]).status == 0)
        func waiting() throws -> [String: Int]? {
            (SyncTests.json(try podline(["sync", "status", "--json"]).stdout) as? [String: Any])?["waiting"] as? [String: Int]
        }
        let queued = ["subscriptions": 1, "actions": 1]
        #expect(try waiting() == queued)

        let faults = [
            ("html", 1, "something else than JSON"), ("500", 69, "HTTP 500"), ("422", 1, "HTTP 422: body failed validation"),
            ("truncate", 69, "truncated"),
        ]
        for (fault, status, words) in faults {
            try standIn.control(#"{"fault":"\#(fault)"}"#)
            let failed = try podline(["sync"])
            #expect(
                failed.status == Int32(status) && failed.stderrLines.count == 1 && failed.stderr.contains(words),
                "\(fault): \(failed.stderr)")
            // The page of actions cut off came after the subscriptions were sent: they left the queue, the action did not
            // (the 422 refused the first thing sent, the subscriptions).
            let left = fault == "truncate" ? ["subscriptions": 0, "actions": 1] : queued
            #expect(try waiting() == left, "\(fault): nothing lost")
        }

        // A server that stops answering in the middle: the read times out (30 s), the rest waits for the next sync.
        try standIn.control(#"{"fault":"stall"}"#)
        let stalled = try podline(["sync"])
        #expect(stalled.status == 69 && stalled.stderr.contains("timed out waiting for data"), "\(stalled.stderr)")
        #expect(try waiting() == ["subscriptions": 0, "actions": 1])

        // Killed while waiting for the server: nothing lost, and the next sync sends each change once.
        try standIn.control(#"{"fault":"slow-get"}"#)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PodlineBinary.path)
        process.arguments = ["sync"]
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in ["PODLINE_HOME": home.path, "XDG_RUNTIME_DIR": home.path, "PODLINE_SYNC_PASSWORD": Self.password] {
            environment[key] = value
        }
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try waiting() == ["subscriptions": 0, "actions": 1])
        try standIn.control(#"{"fault":null,"malformed":2}"#)
        let recovered = try podline(["sync", "--verbose"])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        #expect(recovered.stderr.components(separatedBy: "skipped:").count == 3, "a line for each malformed action: \(recovered.stderr)")
        #expect(try waiting() == ["subscriptions": 0, "actions": 0])
        #expect(try standIn.state()["posted"] as? [Int] == [1], "sent once")

        // Subscriptions pass the rules OPML's do: no local path, no command.
        try standIn.control(#"{"seed_subscriptions":["file:///etc/passwd","|touch /tmp/podline-pwned"]}"#)
        let refused = try podline(["sync", "--verbose"])
        #expect(refused.status == 0 && refused.stderr.contains("/etc/passwd: not an http(s) feed URL"), "\(refused.stderr)")
        let shows = try podline(["shows", "--json"]).stdout
        #expect(!shows.contains("passwd") && !shows.contains("touch") && !FileManager.default.fileExists(atPath: "/tmp/podline-pwned"))

        // The server's clock a day ahead, then a day behind: a phone's newer listening is still taken each time.
        try standIn.control(#"{"malformed":0,"skew":86400}"#)
        try standIn.control(#"{"seed_actions":[\#(Self.phonePlay(files, position: 4, at: Date() + 5))]}"#)
        #expect(try podline(["sync"]).status == 0)
        #expect(try SyncTests.position(of: "pocket-show/1", home: home) == 4)
        try standIn.control(#"{"skew":-86400}"#)
        try standIn.control(#"{"seed_actions":[\#(Self.phonePlay(files, position: 6, at: Date() + 10))]}"#)
        #expect(try podline(["sync"]).status == 0)
        #expect(try SyncTests.position(of: "pocket-show/1", home: home) == 6)
    }
}
