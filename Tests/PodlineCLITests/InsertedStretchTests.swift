import Foundation
import TestSupport
import Testing

/// `skip_inserted`: a download is fetched twice, and what the server put into one fetch and not the other is left out
/// of playback. The server here splices other generated ads into each fetch, at two places, and re-encodes the second
/// fetch at another bit rate.
@Suite("inserted stretches, found by a second fetch", .serialized)
struct InsertedStretchTests {
    /// A home subscribed to a feed whose one episode is `enclosure` on `server`, with `skip_inserted = true`.
    struct Listener {
        let home: URL
        let server: SlowFileServer
        var environment: [String: String?] { ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path] }

        init(home: URL, served: URL, enclosure: String, duration: Double? = nil, config: String = "skip_inserted = true\n") throws {
            self.home = home
            server = try SlowFileServer(folder: served, chunkBytes: 1 << 20, delay: 0)
            let length = duration.map { "<itunes:duration>\($0)</itunes:duration>" } ?? ""
            try """
            <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Bridges</title>
            <item><title>Rivers</title><guid>rivers</guid>\(length)<enclosure url="\(server.url(enclosure))" type="audio/mpeg"/></item>
            </channel></rss>
            """.write(to: served.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
            try Fixtures.writeConfig(config, home: home)
            try #require(try run(["add", server.url("feed.xml")]).status == 0)
        }

        func run(_ arguments: [String]) throws -> ProcessResult {
            try PodlineBinary.run(arguments, home: home, environment: environment, timeout: 120)
        }

        /// `inspect-ads bridges/1 --json`.
        func inspected() throws -> [String: Any] {
            let answer = try run(["inspect-ads", "bridges/1", "--json"])
            #expect(answer.status == 0, "\(answer.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any])
        }

        /// Plays the download into a WAV file; returns its length in seconds and what the player said.
        func played() throws -> (seconds: Double, said: String) {
            let out = home.appendingPathComponent("heard.wav")
            let played = try run(["play", "bridges/1", "--output", "wav:\(out.path)"])
            #expect(played.status == 0, "\(played.stderr)")
            return (try WAVFile(url: out).duration, played.stderr)
        }
    }

    /// A home whose folder `served` holds the two fetches the server rotates through: the first with ads at two places,
    /// the second with another ad at the first one's second place and one at a place of its own, re-encoded at 64 kb/s.
    /// Returns where the first fetch's ads lie, and its length, in seconds.
    static func twoFetches(_ name: String) throws -> (home: URL, served: URL, truth: [ClosedRange<Double>], kept: Double) {
        let home = try Fixtures.temporaryDirectory(name)
        let served = try Fixtures.subfolder("served", in: home)
        let parts = try SplicedEpisode.make(in: try Fixtures.subfolder("parts", in: home))
        let truth = try parts.mp3([0, 1], at: [9.5, 24.25], bitRate: 128, name: "rivers.mp3.1", into: served)
        _ = try parts.mp3([2, 3], at: [17.0, 24.25], bitRate: 64, name: "rivers.mp3.2", into: served)
        let kept = try WAVFile(url: parts.folder.appendingPathComponent("rivers.mp3.1.wav")).duration
        return (home, served, truth, kept)
    }

    @Test(
        "other ads at two places in each fetch, the second re-encoded at 64 kb/s: the first fetch's ads are found within 100 ms and left out"
    )
    func adsFoundAndSkipped() throws {
        let (home, served, truth, kept) = try Self.twoFetches("pl-inserted")
        let listener = try Listener(home: home, served: served, enclosure: "rotate/rivers.mp3", duration: kept)
        defer { listener.server.stop() }

        let downloaded = try listener.run(["download", "bridges/1"])
        #expect(downloaded.status == 0, "\(downloaded.stderr)")
        #expect(downloaded.stdout.contains("2 inserted stretches"), "\(downloaded.stdout)")
        let agents = listener.server.agents(for: "rotate/rivers.mp3")
        #expect(agents.count == 2 && agents[0] != agents[1], "\(agents)")

        let found = try listener.inspected()
        #expect(found["compared"] as? Bool == true && found["related"] as? Bool == true && found["skipped"] as? Bool == true)
        let inserted = try #require(found["inserted"] as? [[String: Double]])
        try #require(inserted.count == truth.count, "found \(inserted), spliced at \(truth)")
        for (stretch, spliced) in zip(inserted, truth) {
            #expect(abs(stretch["from", default: -1] - spliced.lowerBound) <= 0.1, "\(stretch) against \(spliced)")
            #expect(abs(stretch["to", default: -1] - spliced.upperBound) <= 0.1, "\(stretch) against \(spliced)")
        }

        let left = inserted.reduce(0) { $0 + $1["to", default: 0] - $1["from", default: 0] }
        // plan's forecast counts them as the player will skip them.
        let planned = try listener.run(["plan", "10m", "bridges", "--json"])
        #expect(planned.status == 0, "\(planned.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: planned.stdoutData) as? [String: Any])
        let forecast = try #require((plan["episodes"] as? [[String: Any]])?.first)
        #expect(abs((forecast["skipped"] as? Double ?? 0) - left) < 0.001, "\(forecast) against \(left) s found")
        #expect(abs((forecast["predicted"] as? Double ?? 0) - (kept - left)) < 0.01, "\(forecast)")
        let heard = try listener.played()
        #expect(abs(heard.seconds - (kept - left)) < 0.05, "heard \(heard.seconds) s of \(kept) s less \(left) s")
        #expect(heard.said.components(separatedBy: "skipped an inserted stretch").count == 3, "\(heard.said)")
    }

    @Test("the same file served twice: nothing is inserted, and all of it plays")
    func sameBothTimes() throws {
        let home = try Fixtures.temporaryDirectory("pl-inserted-same")
        let served = try Fixtures.subfolder("served", in: home)
        let parts = try SplicedEpisode.make(in: try Fixtures.subfolder("parts", in: home))
        _ = try parts.mp3([0], at: [9.5], bitRate: 128, name: "rivers.mp3", into: served)
        let listener = try Listener(home: home, served: served, enclosure: "rivers.mp3")
        defer { listener.server.stop() }
        #expect(try listener.run(["download", "bridges/1"]).status == 0)
        #expect(listener.server.requests(for: "rivers.mp3").count == 2)
        let found = try listener.inspected()
        #expect(found["compared"] as? Bool == true && found["related"] as? Bool == true)
        #expect((found["inserted"] as? [Any])?.isEmpty == true, "\(found)")
        let heard = try listener.played()
        let whole = try WAVFile(url: parts.folder.appendingPathComponent("rivers.mp3.wav")).duration
        #expect(abs(heard.seconds - whole) < 0.05, "heard \(heard.seconds) s of \(whole) s")
        #expect(!heard.said.contains("inserted"), "\(heard.said)")
    }

    @Test("a second fetch that fails: the download stands, nothing is said or left out, and inspect-ads says it was not compared")
    func secondFetchFails() throws {
        let home = try Fixtures.temporaryDirectory("pl-inserted-fails")
        let served = try Fixtures.subfolder("served", in: home)
        let parts = try SplicedEpisode.make(in: try Fixtures.subfolder("parts", in: home))
        _ = try parts.mp3([0, 1], at: [9.5, 24.25], bitRate: 128, name: "rivers.mp3.1", into: served)
        let listener = try Listener(home: home, served: served, enclosure: "rotate/rivers.mp3")
        defer { listener.server.stop() }
        let downloaded = try listener.run(["download", "bridges/1"])
        #expect(downloaded.status == 0 && downloaded.stderr.isEmpty, "\(downloaded.stderr)")
        #expect(listener.server.requests(for: "rotate/rivers.mp3").count == 2)
        #expect(try listener.inspected()["compared"] as? Bool == false)
        let heard = try listener.played()
        let whole = try WAVFile(url: parts.folder.appendingPathComponent("rivers.mp3.1.wav")).duration
        #expect(abs(heard.seconds - whole) < 0.05, "heard \(heard.seconds) s of \(whole) s")
        let files = FileManager.default.enumerator(atPath: home.path)?.compactMap { $0 as? String } ?? []
        #expect(!files.contains { $0.hasSuffix(".second.part") }, "\(files)")
    }

    @Test(
        "a streamed episode with skip_inserted_streams: kept whole as it comes, fetched again, and its ads are left out as it plays, as heard"
    )
    func streamedAdsSkipped() throws {
        let (home, served, truth, kept) = try Self.twoFetches("pl-inserted-stream")
        let listener = try Listener(
            home: home, served: served, enclosure: "rotate/rivers.mp3", config: "skip_inserted_streams = true\n")
        defer { listener.server.stop() }
        let pulse = try PulseAudioServer()
        defer { pulse.stop() }
        let recording = try pulse.record()
        // At twice the speed: the first ad begins 4.75 s in, long after both fetches have come and been compared.
        let played = try listener.run([
            "play", "bridges/1", "--speed", "2", "--output", "pulse:unix:\(pulse.runtimeDirectory.path)/pulse/native",
        ])
        recording.waitForSilence(seconds: 0.5)
        let heard = try recording.stop()
        #expect(played.status == 0, "\(played.stderr)")
        let agents = listener.server.agents(for: "rotate/rivers.mp3")
        #expect(agents.count == 2 && agents[0] != agents[1], "\(agents)")
        let said = played.stderr.split(separator: "\n").filter { $0.contains("skipped an inserted stretch") }
        #expect(said.count == 2, "\(played.stderr)")
        // What was heard runs from the first sound to the last: the episode less its two ads, at twice the speed.
        let left = truth.reduce(0) { $0 + $1.upperBound - $1.lowerBound }
        let loud = heard.samples.indices.filter { abs(Int(heard.samples[$0])) > 600 }
        let span = Double((loud.last ?? 0) - (loud.first ?? 0)) / Double(heard.channels * heard.sampleRate)
        #expect(abs(span - (kept - left) / 2) < 0.3, "heard \(span) s; the episode less its ads at 2x is \((kept - left) / 2) s")
    }
}
