import Foundation

/// Feed parsing: `podline inspect --json` of a generated 3,000-item feed against `xmllint --stream --noout`
/// (which only checks well-formedness), Python feedparser and gPodder's podcastparser, each a fresh process
/// (the goals: at most 1.5 times xmllint, at least 25 times faster than feedparser); and chapters of an MP3.
enum ParseBench {
    static let pythonScripts = [
        "feedparser": "import feedparser,sys; d=feedparser.parse(open(sys.argv[1],'rb').read()); assert len(d.entries)==3000",
        "podcastparser":
            "import podcastparser,sys; d=podcastparser.parse('https://bench.example.com/feed.xml', open(sys.argv[1],'rb')); assert len(d['episodes'])==3000",
    ]

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let feed = try workspace.bigFeed()
        let xmllint = try workspace.tool("xmllint", install: "apt-get install libxml2-utils")
        let python = try workspace.python()
        let inherited = ProcessInfo.processInfo.environment
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-parse"))
        var contenders = [
            Contender(name: "podline") { try Subprocess.run(workspace.podline, ["inspect", feed, "--json"], environment: environment) },
            Contender(name: "xmllint") { try Subprocess.run(xmllint, ["--stream", "--noout", feed], environment: inherited) },
        ]
        for name in ["feedparser", "podcastparser"] {
            guard (try? Subprocess.run(python, ["-c", "import \(name)"], environment: inherited)) != nil else {
                report.problem("parse", "\(name) is not installed for \(python) (pip install feedparser podcastparser)")
                continue
            }
            let script = pythonScripts[name] ?? ""
            contenders.append(Contender(name: name) { try Subprocess.run(python, ["-c", script, feed], environment: inherited) })
        }
        let bytes = (try FileManager.default.attributesOfItem(atPath: feed)[.size] as? Int) ?? 0
        let label = String(format: "`inspect --json`, generated %.1f MB 3,000-item feed", Double(bytes) / 1_048_576)
        let medians = try Alternation.measure("parse", runs: workspace.options.runs, contenders)
        guard let podline = medians["podline"] else { return }
        if let xml = medians["xmllint"] {
            report.add(
                BenchRow(
                    group: "parse", what: "\(label), wall", podline: .seconds(podline.wall),
                    anchorName: "`xmllint --stream --noout`", anchor: .seconds(xml.wall), goal: .ratio(1.5), runs: podline.runs))
            report.add(
                BenchRow(
                    group: "parse", what: "same, CPU", podline: .seconds(podline.cpu),
                    anchorName: "`xmllint --stream --noout`", anchor: .seconds(xml.cpu), goal: .ratio(1.5), runs: podline.runs))
        }
        if let feedparser = medians["feedparser"] {
            report.add(
                BenchRow(
                    group: "parse", what: "same, CPU", podline: .seconds(podline.cpu),
                    anchorName: "Python feedparser", anchor: .seconds(feedparser.cpu),
                    goal: .ratio(0.04, "≥ 25× faster"), runs: podline.runs))
        }
        if let podcastparser = medians["podcastparser"] {
            report.add(
                BenchRow(
                    group: "parse", what: "same, CPU", podline: .seconds(podline.cpu),
                    anchorName: "Python podcastparser", anchor: .seconds(podcastparser.cpu), goal: .report, runs: podline.runs))
        }
        try ChaptersBench.run(workspace, report)
    }
}
