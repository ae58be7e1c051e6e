import Foundation
import PodcastKit

/// The benchmark's command-line options.
struct BenchArguments {
    var podline: String
    var python = "python3"
    var skipLibrary = false
    var skipRefresh = false

    init(_ arguments: ArraySlice<String>) {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        podline = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("podline").path
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--podline": podline = iterator.next() ?? podline
            case "--python": python = iterator.next() ?? python
            case "--skip-library": skipLibrary = true
            case "--skip-refresh": skipRefresh = true
            default: print("unknown argument \(argument)"); exit(64)
            }
        }
        if !python.contains("/") { python = Timing.which(python) ?? python }
    }
}

/// Runs programs and times them.
enum Timing {
    /// Runs `executable` to completion, discarding its output; fails when it exits non-zero.
    /// (posix_spawn and waitpid: Foundation's `Process.waitUntilExit` polls every 50 ms, too coarse to time with.)
    static func run(_ executable: String, _ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("posix_spawn \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
    }

    /// Wall-clock seconds `body` takes.
    static func measure(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The shortest of `runs` measurements.
    static func best(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        var best = Double.infinity
        for _ in 0..<runs { best = min(best, try measure(body)) }
        return best
    }

    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A benchmark failure.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Generated feeds.
enum BenchFeeds {
    static let words = ["alpha", "beta", "gamma", "delta", "podcast", "episode", "interview", "science", "history", "music",
                        "news", "culture", "technology", "daily", "weekly", "quasar", "nebula", "garden", "kitchen", "travel"]

    /// Deterministic filler text of `count` words starting from `seed`.
    static func text(_ count: Int, seed: Int) -> String {
        var state = UInt64(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
        var out: [String] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            out.append(words[Int((state >> 33) % UInt64(words.count))])
        }
        return out.joined(separator: " ")
    }

    /// A ~7 MB RSS feed with `items` items, each with show notes, iTunes and Podcasting 2.0 tags.
    static func big(items: Int) -> String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:podcast="https://podcastindex.org/namespace/1.0">
        <channel><title>Benchmark Show</title><link>https://bench.example.com/</link><description>A generated feed</description>
        <itunes:author>Bench</itunes:author><itunes:image href="https://bench.example.com/art.jpg"/>

        """
        for index in 0..<items {
            let notes = text(280, seed: index)
            xml += """
            <item><title>Episode \(index): \(text(6, seed: index + 7)) &amp; more</title><guid isPermaLink="false">bench-\(index)</guid>
            <link>https://bench.example.com/\(index)</link><pubDate>Mon, 0\(1 + index % 9) Jan 2024 10:00:00 +0000</pubDate>
            <itunes:duration>\(index % 3):\(String(format: "%02d:%02d", index % 60, index % 60))</itunes:duration><itunes:episode>\(index)</itunes:episode>
            <enclosure url="https://cdn.example.com/\(index).mp3" length="\(1_000_000 + index)" type="audio/mpeg"/>
            <description>\(notes.prefix(300))</description><content:encoded><![CDATA[<p>\(notes)</p>]]></content:encoded>
            <podcast:transcript url="https://bench.example.com/\(index).vtt" type="text/vtt"/></item>

            """
        }
        return xml + "</channel></rss>\n"
    }

    /// A small feed for show `show` with `items` items.
    static func small(show: Int, items: Int) -> String {
        var xml = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Feed \(show)</title>\n"
        for index in 0..<items {
            xml += "<item><guid>s\(show)-\(index)</guid><title>\(text(5, seed: show * 1000 + index))</title>"
            xml += "<pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate><enclosure url=\"https://cdn.example.com/\(show)/\(index).mp3\" length=\"1\" type=\"audio/mpeg\"/></item>\n"
        }
        return xml + "</channel></rss>\n"
    }
}

/// Fills a library straight through the store.
enum BenchLibrary {
    static func fill(home: URL, shows: Int, episodesPerShow: Int) throws {
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        for show in 0..<shows {
            var feed = ParsedFeed()
            feed.title = "Show \(show) \(BenchFeeds.text(2, seed: show))"
            feed.episodes = (0..<episodesPerShow).map { index in
                var episode = ParsedEpisode()
                episode.guid = "s\(show)-e\(index)"
                // One episode in a thousand mentions a zeppelin: the word the benchmark searches for.
                let rare = (show * episodesPerShow + index) % 1000 == 0 ? " zeppelin" : ""
                episode.title = "Episode \(index): \(BenchFeeds.text(6, seed: show * 10_000 + index))\(rare)"
                episode.description = BenchFeeds.text(30, seed: show * 10_000 + index + 1)
                episode.published = Date(timeIntervalSince1970: 1_600_000_000 + Double(index * 86_400))
                episode.duration = 1800
                episode.enclosure = Enclosure(url: "https://cdn.example.com/\(show)/\(index).mp3", length: 1_000_000, type: "audio/mpeg")
                return episode
            }
            _ = try store.addShow(feedURL: "https://feeds.example.com/\(show).xml", parsed: feed)
        }
    }
}

/// `python3 -m http.server` on a free loopback port.
final class LoopbackHTTP {
    let port: Int
    private let process: Process

    init(folder: URL, python: String) throws {
        port = 20_000 + Int(getpid() % 20_000)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-m", "http.server", "--bind", "127.0.0.1", "--directory", folder.path, String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 {
            if (try? Timing.run("/usr/bin/env", ["python3", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:\(port)/feed0.xml')"])) != nil { return }
            usleep(50_000)
        }
        throw BenchError("python3 -m http.server did not start")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
