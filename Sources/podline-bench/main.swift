// podline-bench: the performance comparisons for the library.
//
//   swift build -c release --product podline --product podline-bench
//   .build/release/podline-bench [--podline PATH] [--python PATH] [--skip-library] [--skip-refresh]
//
// 1. `podline inspect --json` of a generated ~7 MB, 3,000-item feed against `xmllint --stream --noout`,
//    Python feedparser and gPodder's podcastparser (best of several runs, each a fresh process).
// 2. A library of 500,000 episodes (200 shows x 2,500): `episodes --search WORD --json` and `shows`.
// 3. Refreshing 200 feeds from a loopback HTTP server (`python3 -m http.server`).

import Foundation
import PodcastKit

let arguments = BenchArguments(CommandLine.arguments.dropFirst())
let work = FileManager.default.temporaryDirectory.appendingPathComponent("podline-bench-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

print("podline: \(arguments.podline)")
let feed = work.appendingPathComponent("big.xml")
try BenchFeeds.big(items: 3000).write(to: feed, atomically: true, encoding: .utf8)
let size = (try FileManager.default.attributesOfItem(atPath: feed.path)[.size] as? Int) ?? 0
print("\n1. Parsing a \(String(format: "%.1f", Double(size) / 1_048_576)) MB, 3,000-item feed (best of 5, fresh process each)")
var results: [(String, Double)] = []
results.append(("podline inspect --json", try Timing.best(5) { try Timing.run(arguments.podline, ["inspect", feed.path, "--json"]) }))
if let xmllint = Timing.which("xmllint") {
    results.append(("xmllint --stream --noout", try Timing.best(5) { try Timing.run(xmllint, ["--stream", "--noout", feed.path]) }))
}
for (name, code) in [("feedparser", "import feedparser,sys; d=feedparser.parse(open(sys.argv[1],'rb').read()); assert len(d.entries)==3000"),
                     ("podcastparser", "import podcastparser,sys; d=podcastparser.parse('https://bench.example.com/feed.xml', open(sys.argv[1],'rb')); assert len(d['episodes'])==3000")] {
    if (try? Timing.run(arguments.python, ["-c", "import \(name)"])) != nil {
        results.append(("python \(name)", try Timing.best(3) { try Timing.run(arguments.python, ["-c", code, feed.path]) }))
    } else {
        print("   (\(name) is not installed for \(arguments.python); pip install \(name))")
    }
}
let podlineTime = results[0].1
for (name, seconds) in results {
    let ratio = name.hasPrefix("podline") ? "" : String(format: "   podline is %.2fx %@", max(seconds, podlineTime) / min(seconds, podlineTime), seconds > podlineTime ? "faster" : "slower")
    print("   \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(String(format: "%7.1f ms", seconds * 1000))\(ratio)")
}

if !arguments.skipLibrary {
    print("\n2. A library of 500,000 episodes (200 shows x 2,500)")
    let home = work.appendingPathComponent("library")
    let fillStart = Date()
    try BenchLibrary.fill(home: home, shows: 200, episodesPerShow: 2500)
    print(String(format: "   filled in %.1f s", Date().timeIntervalSince(fillStart)))
    let search = try Timing.best(5) { try Timing.run(arguments.podline, ["episodes", "--search", "zeppelin", "--json", "--home", home.path]) }
    let shows = try Timing.best(5) { try Timing.run(arguments.podline, ["shows", "--home", home.path]) }
    let showsJSON = try Timing.best(5) { try Timing.run(arguments.podline, ["shows", "--json", "--home", home.path]) }
    print(String(format: "   episodes --search zeppelin --json %5.1f ms (goal <= 100 ms)", search * 1000))
    print(String(format: "   shows                           %7.1f ms (goal <= 50 ms)", shows * 1000))
    print(String(format: "   shows --json                    %7.1f ms", showsJSON * 1000))
}

if !arguments.skipRefresh {
    print("\n3. Refreshing 200 feeds from a loopback server")
    let served = work.appendingPathComponent("served")
    try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
    for index in 0..<200 {
        try BenchFeeds.small(show: index, items: 100).write(to: served.appendingPathComponent("feed\(index).xml"), atomically: true, encoding: .utf8)
    }
    let server = try LoopbackHTTP(folder: served, python: arguments.python)
    defer { server.stop() }
    let home = work.appendingPathComponent("refresh")
    let opml = work.appendingPathComponent("feeds.opml")
    let entries = (0..<200).map { OPMLDocument.Entry(title: "Feed \($0)", feedURL: "http://127.0.0.1:\(server.port)/feed\($0).xml") }
    try OPMLWriter.write(OPMLDocument(entries: entries)).write(to: opml, atomically: true, encoding: .utf8)
    let importTime = try Timing.measure { try Timing.run(arguments.podline, ["import", opml.path, "--home", home.path]) }
    print(String(format: "   import (200 feeds fetched and stored)  %6.2f s", importTime))
    let unchanged = try Timing.measure { try Timing.run(arguments.podline, ["update", "--home", home.path]) }
    print(String(format: "   update, all unchanged (304s)          %6.2f s", unchanged))
    for index in 0..<200 {
        try BenchFeeds.small(show: index, items: 101).write(to: served.appendingPathComponent("feed\(index).xml"), atomically: true, encoding: .utf8)
    }
    let changed = try Timing.measure { try Timing.run(arguments.podline, ["update", "--home", home.path]) }
    print(String(format: "   update, all changed (1 new each)      %6.2f s (goal <= 3 s)", changed))
}
