import Foundation
import TestSupport

/// `podline sync` against a real gpodder.net API server on 127.0.0.1 (gpodder-fastapi-router, as the sync tests run
/// it), side by side with mygpoclient doing the same work (`Tests/sync/bench_client.py`): a first sync of a library of
/// 500 subscriptions and 10,000 started or played episodes (goal ≤ 2 s), and a sync with nothing new (goal ≤ 100 ms).
enum SyncBench {
    static let shows = 500
    static let episodesPerShow = 20

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let home = try workspace.freshFolder("sync-library")
        let runtime = try workspace.freshFolder("runtime-sync")
        var environment = workspace.environment(runtime: runtime)
        let config = workspace.path("sync-config")
        environment["XDG_CONFIG_HOME"] = config
        environment["PODLINE_SYNC_PASSWORD"] = "bench"
        let library = try prepareLibrary(home: home, workspace: workspace, environment: environment)
        let server = try GPodderServer()
        defer { server.stop() }
        let script = GPodderServer.root.appendingPathComponent("Tests/sync/bench_client.py").path
        var account = 0
        var podlineUser = ""
        var anchorUser = ""
        /// A new account for the next first sync, its config written (the library's cursors belong to the old one).
        func newAccount() throws -> String {
            account += 1
            let user = "bench\(account)"
            try server.register(user, password: "bench")
            return user
        }
        func configure(_ user: String) throws {
            try FileManager.default.createDirectory(atPath: config + "/podline", withIntermediateDirectories: true)
            try "[sync]\nserver = \"\(server.url)\"\nusername = \"\(user)\"\ndevice = \"podline-bench\"\nauto = false\n".write(
                toFile: config + "/podline/config.toml", atomically: true, encoding: .utf8)
        }
        let anchorState = workspace.path("sync-anchor-state.json")
        Progress.say("sync: a library of \(shows) subscriptions and \(shows * episodesPerShow) episodes heard")
        let medians = try Alternation.measure(
            "sync", runs: workspace.options.runs,
            [
                Contender(name: "first") {
                    podlineUser = try newAccount()
                    try configure(podlineUser)
                    return try Subprocess.run(workspace.podline, ["sync", "--home", home], environment: environment, output: "/dev/null")
                },
                Contender(name: "again") {
                    try Subprocess.run(workspace.podline, ["sync", "--home", home], environment: environment, output: "/dev/null")
                },
                Contender(name: "anchor-first") {
                    anchorUser = try newAccount()
                    return try Subprocess.run(
                        GPodderServer.python, [script, server.url, anchorUser, "bench", "bench-phone", library, "first", anchorState],
                        environment: environment, output: "/dev/null")
                },
                Contender(name: "anchor-again") {
                    try Subprocess.run(
                        GPodderServer.python, [script, server.url, anchorUser, "bench", "bench-phone", library, "again", anchorState],
                        environment: environment, output: "/dev/null")
                },
            ])
        guard let first = medians["first"], let again = medians["again"], let anchorFirst = medians["anchor-first"],
            let anchorAgain = medians["anchor-again"]
        else { return }
        report.add(
            BenchRow(
                group: "sync",
                what:
                    "`sync`, first of a library: \(shows) subscriptions and \(shows * episodesPerShow) episodes' listening sent to a gpodder server on 127.0.0.1",
                podline: .seconds(first.wall), cpu: .seconds(first.cpu), anchorName: "mygpoclient, the same work",
                anchor: .seconds(anchorFirst.wall), goal: .atMost(.seconds(2)), runs: first.runs))
        report.add(
            BenchRow(
                group: "sync", what: "`sync` with nothing new (same library and server)", podline: .seconds(again.wall),
                cpu: .seconds(again.cpu), anchorName: "mygpoclient, the same reads", anchor: .seconds(anchorAgain.wall),
                goal: .atMost(.seconds(0.1)), runs: again.runs))
    }

    /// A library of `shows` subscriptions read from a loopback server, every episode started or played; returns the
    /// path of its database.
    private static func prepareLibrary(home: String, workspace: Workspace, environment: [String: String]) throws -> String {
        let served = try workspace.freshFolder("sync-feeds")
        for index in 0..<shows {
            try BenchFeeds.small(show: index, items: episodesPerShow).write(
                toFile: "\(served)/feed\(index).xml", atomically: true, encoding: .utf8)
        }
        let web = try LoopbackHTTP(folder: served, python: try workspace.python())
        defer { web.stop() }
        let outlines = (0..<shows).map {
            "<outline type=\"rss\" text=\"Feed \($0)\" xmlUrl=\"http://127.0.0.1:\(web.port)/feed\($0).xml\"/>"
        }
        let opml = workspace.path("sync.opml")
        try
            ("<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><head><title>Sync</title></head><body>\n" + outlines.joined(separator: "\n")
            + "\n</body></opml>\n").write(toFile: opml, atomically: true, encoding: .utf8)
        var quiet = environment
        quiet["XDG_CONFIG_HOME"] = workspace.path("no-config")
        try Subprocess.run(workspace.podline, ["import", opml, "--home", home], environment: quiet, output: "/dev/null")
        let database = home + "/library.sqlite"
        // Every episode heard: half played to the end, half stopped part-way, at times a minute apart, in the past.
        try Subprocess.run(
            try workspace.python(),
            [
                "-c",
                """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                db.execute("UPDATE episode SET duration = 1800, isPlayed = id % 2, position = CASE WHEN id % 2 = 1 THEN 0 ELSE 60 + id % 1700 END, heardAt = 1790000000 - id * 60")
                db.commit()
                """,
                database,
            ], environment: environment)
        return database
    }
}
