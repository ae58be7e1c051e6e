import Foundation

/// Searching and listing a library of 500,000 episodes (the goals: search at most 100 ms, `shows` at
/// most 50 ms), each a fresh podline process.
enum LibraryBench {
    static func run(_ workspace: Workspace, _ report: Report) throws {
        let library = try workspace.largeLibrary()
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-library"))
        let home = ["--home", library.home]
        let commands: [(String, [String], Goal)] = [
            ("`episodes --search zeppelin --json` (500 hits)", ["episodes", "--search", "zeppelin", "--json"], .atMost(.seconds(0.1))),
            ("`shows` (200 shows)", ["shows"], .atMost(.seconds(0.05))),
            ("`shows --json`", ["shows", "--json"], .report),
            ("`episodes SHOW --json` (one show's 2,500 episodes)", ["episodes", library.firstShow, "--json"], .report),
            ("`episodes --limit 100` (newest of all 500,000)", ["episodes", "--limit", "100"], .report),
            (
                "`episodes commute` (a smart playlist: unplayed, ≤ 40 min, last 14 days, 2 shows, oldest first)", ["episodes", "commute"],
                .atMost(.seconds(0.05))
            ),
            (
                "`episodes shortest` (a smart playlist sorting all 500,000: unplayed, shortest first, 100)", ["episodes", "shortest"],
                .report
            ),
            (
                "`stats --by month` (100,000 stretches in the listening log, over 400 days)", ["stats", "--by", "month"],
                .atMost(.seconds(0.03))
            ),
            ("`history --since 7d --json` (the last week's stretches of those)", ["history", "--since", "7d", "--json"], .report),
        ]
        for (name, query) in [
            ("commute", ["--unplayed", "--max-duration", "40m", "--newer", "14d", "--show", "1,2", "--sort", "oldest"]),
            ("shortest", ["--unplayed", "--sort", "shortest", "--limit", "100"]),
        ] {
            _ = try? Subprocess.capture(workspace.podline, ["playlist", "remove", name] + home, environment: environment)
            _ = try Subprocess.capture(workspace.podline, ["playlist", "add", name] + query + home, environment: environment)
        }
        try logStretches(in: library.home)
        let hits = try Subprocess.capture(
            workspace.podline, ["episodes", "--search", "zeppelin", "--json"] + home, environment: environment)
        let found = (try? JSONSerialization.jsonObject(with: Data(hits.utf8)) as? [Any])?.count ?? -1
        guard found == LargeLibrary.shows * LargeLibrary.episodesPerShow / 1000 else {
            throw BenchError("the search found \(found) episodes, not the 500 the library holds")
        }
        let medians = try Alternation.measure(
            "library", runs: workspace.options.runs,
            commands.map { command in
                Contender(name: command.0) { try Subprocess.run(workspace.podline, command.1 + home, environment: environment) }
            })
        for (index, command) in commands.enumerated() {
            guard let measured = medians[command.0] else { continue }
            let what = (index == 0 ? "500,000-episode library: " : "same library: ") + command.0
            report.add(
                BenchRow(
                    group: "library", what: what, podline: .seconds(measured.wall), cpu: .seconds(measured.cpu), goal: command.2,
                    runs: measured.runs))
        }
        try LibraryCareBench.run(workspace, report)
    }

    /// Writes 100,000 stretches into the library's listening log (in place of any there), one every 345.6 s up to now,
    /// over its first 1,000 episodes, at speeds 0.8 to 2.4, a quarter with silence left out.
    private static func logStretches(in home: String) throws {
        let now = Int(Date().timeIntervalSince1970)
        _ = try Subprocess.capture(
            "/usr/bin/sqlite3",
            [
                home + "/library.sqlite",
                """
                DELETE FROM listening;
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
                INSERT INTO listening (episodeID, fromPosition, toPosition, startedAt, endedAt, speed, silenceSkipped, output)
                SELECT (i % 1000) + 1, (i % 97) * 3.5, (i % 97) * 3.5 + (i % 13) * 11.25, \(now) - (100000 - i) * 345.6,
                    \(now) - (100000 - i) * 345.6 + 60, 0.8 + (i % 9) * 0.2, CASE WHEN i % 4 = 0 THEN (i % 7) * 0.75 ELSE 0 END, 'null'
                FROM n;
                """,
            ], environment: [:])
    }
}
