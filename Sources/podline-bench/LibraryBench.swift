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
        ]
        for (name, query) in [
            ("commute", ["--unplayed", "--max-duration", "40m", "--newer", "14d", "--show", "1,2", "--sort", "oldest"]),
            ("shortest", ["--unplayed", "--sort", "shortest", "--limit", "100"]),
        ] {
            _ = try? Subprocess.capture(workspace.podline, ["playlist", "remove", name] + home, environment: environment)
            _ = try Subprocess.capture(workspace.podline, ["playlist", "add", name] + query + home, environment: environment)
        }
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
}
