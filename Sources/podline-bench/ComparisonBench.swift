import Foundation

/// `skip_inserted`: what comparing two fetches of a 1-hour episode costs. The CPU of `download` with it on, less the
/// same download with it off and less the two decodings (`play … --output raw:/dev/null` of the file, twice), is what
/// the second fetch, the profiles and their lining up add (the goal: at most 2 s). Both fetches get the same file
/// here: the cost hardly depends on what differs.
enum ComparisonBench {
    static func run(_ workspace: Workspace, _ report: Report) throws {
        let hour = try workspace.mp3(.hourSpeechWithPauses)
        let served = try workspace.freshFolder("inserted-served")
        try FileManager.default.createSymbolicLink(atPath: served + "/hour.mp3", withDestinationPath: hour)
        let server = try LoopbackHTTP(folder: served, python: try workspace.python())
        defer { server.stop() }
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Talk</title>
        <item><title>An hour</title><guid>hour</guid>
        <enclosure url="http://127.0.0.1:\(server.port)/hour.mp3" type="audio/mpeg"/></item></channel></rss>
        """.write(toFile: served + "/feed.xml", atomically: true, encoding: .utf8)

        /// `download talk/1` in a new library, comparing with a second fetch when `compare`.
        func download(compare: Bool) throws -> ProcessSample {
            let home = try workspace.freshFolder("inserted-home")
            let config = home + "/config/podline"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try "skip_inserted = \(compare)\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
            let environment = ["PODLINE_HOME": home, "XDG_CONFIG_HOME": home + "/config"]
            try Subprocess.run(workspace.podline, ["add", "http://127.0.0.1:\(server.port)/feed.xml"], environment: environment)
            return try Subprocess.run(workspace.podline, ["download", "talk/1"], environment: environment, output: "/dev/null")
        }
        let decodeHome = try workspace.freshFolder("inserted-decode")
        let medians = try Alternation.measure(
            "inserted (a 1 h download, fetched twice)", runs: workspace.options.runs,
            [
                Contender(name: "compare") { try download(compare: true) },
                Contender(name: "plain") { try download(compare: false) },
                Contender(name: "decode") {
                    try Subprocess.run(
                        workspace.podline, ["play", hour, "--output", "raw:/dev/null", "--no-resume"],
                        environment: ["PODLINE_HOME": decodeHome])
                },
            ])
        guard let compare = medians["compare"], let plain = medians["plain"], let decode = medians["decode"] else { return }
        report.add(
            BenchRow(
                group: "inserted",
                what:
                    "download of a 1 h MP3 with skip_inserted: CPU beyond the plain download (\(String(format: "%.2f", plain.cpu)) s) and decoding both",
                podline: .seconds(compare.cpu - plain.cpu - 2 * decode.cpu), anchorName: "decoding both (play into raw:/dev/null, twice)",
                anchor: .seconds(2 * decode.cpu), goal: .atMost(.seconds(2)), runs: compare.runs))
    }
}
