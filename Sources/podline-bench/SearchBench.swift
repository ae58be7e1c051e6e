import Foundation

/// Transcript search: a library of 2,000 episodes, each with a one-hour transcript of about 9,000 words
/// (generated, served as WebVTT by a loopback HTTP server and fetched by `podline transcript`): the time to fetch
/// and index one, the database's size, and `podline search` of a rare word, a common word and a phrase (the
/// goal: each at most 50 ms, whole process) against `grep -ri` over the same transcripts as plain files.
enum SearchBench {
    static let episodes = 2_000
    static let cuesPerTranscript = 900
    static let wordsPerCue = 10
    /// Said in two transcripts only.
    static let rareWord = "zeppelinarium"
    /// Said in twenty transcripts, once each.
    static let phrase = "quantum orchard"

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let folder = workspace.path("transcripts")
        let home = workspace.path("search-library")
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-search"))
        let grep = try workspace.tool("grep", install: "apt-get install grep")
        try makeTranscripts(in: folder)
        let server = try LoopbackHTTP(folder: folder, python: try workspace.python())
        defer { server.stop() }
        let indexing = try makeLibrary(home: home, folder: folder, port: server.port, workspace: workspace, environment: environment)
        let database = ["library.sqlite", "library.sqlite-wal"].reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: home + "/" + name)[.size] as? Int) ?? 0)
        }
        let plain = (try FileManager.default.contentsOfDirectory(atPath: folder)).reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
        let common = vocabulary[0]
        let searches: [(name: String, query: [String], pattern: String)] = [
            ("a rare word (2 transcripts)", [rareWord], rareWord),
            ("a common word ('\(common)', in nearly every cue)", [common], common),
            ("a phrase (\"\(phrase)\", 20 transcripts)", ["\"\(phrase)\""], phrase),
        ]
        // Half the episodes heard, each its first half: what `search --heard` looks within.
        _ = try Subprocess.capture(
            "/usr/bin/sqlite3",
            [
                home + "/library.sqlite",
                "DELETE FROM listening; WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(episodes / 2))"
                    + " INSERT INTO listening (episodeID, fromPosition, toPosition, startedAt, endedAt, speed, silenceSkipped)"
                    + " SELECT i * 2, 0, 1800, 1700000000 + i * 3600, 1700000000 + i * 3600 + 1800, 1, 0 FROM n;",
            ], environment: [:])
        var contenders: [Contender] = []
        for search in searches.dropFirst() {
            contenders.append(
                Contender(name: "podline --heard " + search.name) {
                    try Subprocess.run(
                        workspace.podline, ["search", "--heard"] + search.query + ["--home", home], environment: environment)
                })
        }
        for search in searches {
            contenders.append(
                Contender(name: "podline " + search.name) {
                    try Subprocess.run(workspace.podline, ["search"] + search.query + ["--home", home], environment: environment)
                })
            contenders.append(
                Contender(name: "grep " + search.name) {
                    try Subprocess.run(grep, ["-ri", search.pattern, folder], environment: environment)
                })
        }
        let found = try Subprocess.capture(workspace.podline, ["search", rareWord, "--json", "--home", home], environment: environment)
        guard found.contains("\"kind\":\"transcript\"") else { throw BenchError("podline search found no transcript hit: \(found)") }
        let medians = try Alternation.measure("search", runs: workspace.options.runs, contenders)
        report.add(
            BenchRow(
                group: "search",
                what: "\(Quantity.grouped(episodes)) one-hour transcripts ("
                    + "\(Quantity.grouped(cuesPerTranscript * wordsPerCue)) words each): fetch and index one, "
                    + "`podline transcript REF` (whole process, mean of all)",
                podline: .seconds(indexing), goal: .report, runs: episodes))
        report.add(
            BenchRow(
                group: "search", what: "same: the library's size (with its full-text index)", podline: .kilobytes(Double(database) / 1024),
                anchorName: "the transcripts as WebVTT files", anchor: .kilobytes(Double(plain) / 1024), goal: .report, runs: 1))
        for search in searches {
            guard let ours = medians["podline " + search.name], let theirs = medians["grep " + search.name] else { continue }
            report.add(
                BenchRow(
                    group: "search", what: "same: `podline search` of " + search.name, podline: .seconds(ours.wall),
                    cpu: .seconds(ours.cpu),
                    anchorName: "`grep -ri` over the files", anchor: .seconds(theirs.wall), goal: .atMost(.seconds(0.05)), runs: ours.runs))
        }
        for search in searches.dropFirst() {
            guard let ours = medians["podline --heard " + search.name], let theirs = medians["grep " + search.name] else { continue }
            report.add(
                BenchRow(
                    group: "search", what: "same, 1,000 of them heard (their first half): `podline search --heard` of " + search.name,
                    podline: .seconds(ours.wall), cpu: .seconds(ours.cpu), anchorName: "`grep -ri` over all the files",
                    anchor: .seconds(theirs.wall), goal: .atMost(.seconds(0.05)), runs: ours.runs))
        }
    }

    /// 400 made-up words after a few real ones; drawn so that the first are the most common.
    static let vocabulary: [String] = {
        let common = ["the", "and", "of", "to", "a", "in", "that", "is", "it", "we"]
        let syllables = ["ka", "lo", "mi", "ren", "sol", "ta", "vi", "ber", "dun", "zo", "pra", "tel", "os", "ni", "qua", "ry"]
        var words = common
        var index = 0
        while words.count < 400 {
            let a = syllables[index % syllables.count]
            let b = syllables[(index / syllables.count) % syllables.count]
            let c = syllables[(index * 7 + 3) % syllables.count]
            words.append(a + b + (index % 3 == 0 ? c : ""))
            index += 1
        }
        return words
    }()

    /// Writes the transcripts once (a marker says they are complete).
    static func makeTranscripts(in folder: String) throws {
        let marker = folder + "/.complete"
        if FileManager.default.fileExists(atPath: marker) { return }
        Progress.say("search: writing \(Quantity.grouped(episodes)) transcripts")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for number in 1...episodes {
            var text = "WEBVTT\n\n"
            for cue in 0..<cuesPerTranscript {
                var words = (0..<wordsPerCue).map { _ in vocabulary[Int(pow(random(), 3) * Double(vocabulary.count))] }
                if cue == 450, number % 1000 == 7 { words[3] = rareWord }
                if cue == 300, number % 100 == 42 { words.replaceSubrange(5...6, with: phrase.split(separator: " ").map(String.init)) }
                let start = Double(cue) * 4
                text += "\(clock(start)) --> \(clock(start + 4))\n<v Host>\(words.joined(separator: " ")).\n\n"
            }
            try text.write(toFile: folder + "/t\(number).vtt", atomically: false, encoding: .utf8)
        }
        FileManager.default.createFile(atPath: marker, contents: nil)
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return String(format: "%02d:%02d:%02d.000", whole / 3600, whole / 60 % 60, whole % 60)
    }

    /// Subscribes to a feed naming each transcript and fetches every one with `podline transcript`; returns the
    /// mean wall time per transcript (kept from the run that made the library).
    static func makeLibrary(home: String, folder: String, port: Int, workspace: Workspace, environment: [String: String]) throws -> Double {
        let marker = home + "/indexing-seconds"
        if let text = try? String(contentsOfFile: marker, encoding: .utf8), let seconds = Double(text) { return seconds }
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        var feed = #"<?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>"#
        feed += "<title>Talk</title>\n"
        for number in 1...episodes {
            feed += "<item><title>Episode \(number)</title><guid>e\(number)</guid>"
            feed += "<enclosure url=\"http://127.0.0.1:\(port)/e\(number).mp3\" type=\"audio/mpeg\"/>"
            feed += "<podcast:transcript url=\"http://127.0.0.1:\(port)/t\(number).vtt\" type=\"text/vtt\"/></item>\n"
        }
        feed += "</channel></rss>\n"
        let feedFile = home + "/talk.xml"
        try feed.write(toFile: feedFile, atomically: true, encoding: .utf8)
        try Subprocess.run(workspace.podline, ["add", feedFile, "--home", home], environment: environment)
        Progress.say("search: fetching and indexing \(Quantity.grouped(episodes)) transcripts")
        let start = DispatchTime.now().uptimeNanoseconds
        for number in 1...episodes {
            try Subprocess.run(workspace.podline, ["transcript", "talk/\(number)", "--home", home], environment: environment)
        }
        let mean = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(episodes)
        try String(mean).write(toFile: marker, atomically: true, encoding: .utf8)
        return mean
    }
}
