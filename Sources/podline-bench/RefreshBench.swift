import Foundation

/// Refreshing 200 subscribed feeds from a loopback HTTP server (the goal: at most 3 s when every feed
/// changed), the same when none changed (every answer a 304), and 200 feeds read with no network at all,
/// as on a train: in a network namespace of their own (`unshare -n`), where no host resolves (the goal: no
/// slower than the 200 reachable ones). Outside one, a DNS server that drops bursts of queries makes the
/// resolver wait its 5 s timeout, whatever the client does.
enum RefreshBench {
    static let feeds = 200
    static let items = 100

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let served = try workspace.freshFolder("served-feeds")
        let home = try workspace.freshFolder("refresh-library")
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-refresh"))
        var generation = 0
        try writeFeeds(in: served, generation: generation)
        let server = try LoopbackHTTP(folder: served, python: try workspace.python())
        defer { server.stop() }
        let opml = workspace.path("feeds.opml")
        try opmlText(port: server.port).write(toFile: opml, atomically: true, encoding: .utf8)
        Progress.say("refresh: importing \(feeds) feeds from 127.0.0.1:\(server.port)")
        let imported = try Subprocess.run(workspace.podline, ["import", opml, "--home", home], environment: environment)
        // The same feeds in a library whose config.toml gives every show download and retention rules: each update
        // matches every new episode's title and length and walks the downloads, and downloads nothing.
        let ruled = try workspace.freshFolder("ruled-library")
        var ruledEnvironment = workspace.environment(runtime: try workspace.freshFolder("runtime-ruled"))
        let ruledConfig = try workspace.freshFolder("ruled-config")
        ruledEnvironment["XDG_CONFIG_HOME"] = ruledConfig
        try FileManager.default.createDirectory(atPath: ruledConfig + "/podline", withIntermediateDirectories: true)
        try Self.rules.write(toFile: ruledConfig + "/podline/config.toml", atomically: true, encoding: .utf8)
        try Subprocess.run(workspace.podline, ["import", opml, "--home", ruled], environment: ruledEnvironment)
        let offline = try workspace.freshFolder("offline-library")
        let offlineList = workspace.path("offline.opml")
        try opmlText(address: { "http://feed\($0).podline-bench.invalid/feed.xml" }).write(
            toFile: offlineList, atomically: true, encoding: .utf8)
        // Every feed is unreadable: subscribed all the same, with exit status 2.
        try Subprocess.run(
            workspace.podline, ["import", offlineList, "--home", offline], environment: environment, errors: "/dev/null", expecting: 2)
        guard let unshare = Subprocess.which("unshare") else { throw BenchError("unshare is not installed (apt-get install util-linux)") }
        let medians = try Alternation.measure(
            "refresh", runs: workspace.options.runs,
            [
                Contender(name: "changed") {
                    generation += 1
                    try writeFeeds(in: served, generation: generation)
                    return try Subprocess.run(workspace.podline, ["update", "--home", home], environment: environment)
                },
                Contender(name: "unchanged") {
                    try Subprocess.run(workspace.podline, ["update", "--home", home], environment: environment)
                },
                // After "unchanged": the feeds it changes would make the next "unchanged" a changed update.
                Contender(name: "changed, with rules") {
                    generation += 1
                    try writeFeeds(in: served, generation: generation)
                    return try Subprocess.run(workspace.podline, ["update", "--home", ruled], environment: ruledEnvironment)
                },
                Contender(name: "unreachable") {
                    try Subprocess.run(
                        unshare, ["-n", workspace.podline, "update", "--home", offline], environment: environment, errors: "/dev/null",
                        expecting: 2)
                },
            ])
        guard let changed = medians["changed"], let unchanged = medians["unchanged"] else { return }
        report.add(
            BenchRow(
                group: "refresh", what: "`import` of 200 feeds from a loopback server (first fetch)",
                podline: .seconds(imported.wall), cpu: .seconds(imported.cpu), goal: .report, runs: 1))
        report.add(
            BenchRow(
                group: "refresh", what: "`update` of 200 feeds from a loopback server, all changed (1 new episode each)",
                podline: .seconds(changed.wall), cpu: .seconds(changed.cpu), goal: .atMost(.seconds(3)), runs: changed.runs))
        if let withRules = medians["changed, with rules"] {
            report.add(
                BenchRow(
                    group: "refresh", what: "same, with download and retention rules for every show",
                    podline: .seconds(withRules.wall), cpu: .seconds(withRules.cpu), anchorName: "the same update without rules",
                    anchor: .seconds(changed.wall), goal: .ratio(1.1, "within 10 % (≤ 1.1)"), runs: withRules.runs))
        }
        report.add(
            BenchRow(
                group: "refresh", what: "same, none changed (200 × 304)",
                podline: .seconds(unchanged.wall), cpu: .seconds(unchanged.cpu), goal: .report, runs: unchanged.runs))
        if let unreachable = medians["unreachable"] {
            report.add(
                BenchRow(
                    group: "refresh", what: "`update` of 200 feeds with no network (`unshare -n`: no host resolves)",
                    podline: .seconds(unreachable.wall), cpu: .seconds(unreachable.cpu),
                    anchorName: "200 reachable feeds, none changed", anchor: .seconds(unchanged.wall),
                    goal: .ratio(1, "no slower (≤ 1)"), runs: unreachable.runs))
        }
    }

    /// Rules for every show that download nothing: no title matches the include pattern.
    private static let rules = """
        auto_download = 2
        download_include = ["(?i)no title says this", "^Never "]
        download_exclude = ["(?i)trailer"]
        download_min_duration = "5m"
        retention = 2
        delete_played_after = "30d"

        """

    /// Writes every feed with `items + generation` items, dated `generation` minutes after the first set, so
    /// that the server's Last-Modified changes with each generation (it counts whole seconds).
    private static func writeFeeds(in folder: String, generation: Int) throws {
        let stamp = Date(timeIntervalSince1970: 1_700_000_000 + Double(generation * 60))
        for index in 0..<feeds {
            let path = "\(folder)/feed\(index).xml"
            try BenchFeeds.small(show: index, items: items + generation).write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: path)
        }
    }

    /// An OPML 2.0 file subscribing to every served feed.
    private static func opmlText(port: Int) -> String {
        opmlText { "http://127.0.0.1:\(port)/feed\($0).xml" }
    }

    /// An OPML 2.0 file subscribing to `feeds` feeds at `address(index)`.
    private static func opmlText(address: (Int) -> String) -> String {
        let outlines = (0..<feeds).map { "<outline type=\"rss\" text=\"Feed \($0)\" xmlUrl=\"\(address($0))\"/>" }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\"><head><title>Benchmark</title></head><body>\n"
            + outlines.joined(separator: "\n") + "\n</body></opml>\n"
    }
}
