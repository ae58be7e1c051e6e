import Foundation
import TestSupport
import Testing

/// What a feed says of its people, soundbites, funding, trailers and recommended shows, end to end: `notes`, `show`,
/// `episodes --person` and `play --soundbite`, with the real binary on a feed and audio in a private home.
@Suite("people, soundbites, funding, trailers and podroll from the feed", .serialized)
struct FeedPeopleTests {
    /// A home subscribed to a feed of two episodes of one 100 s file: a 300 Hz tone to 70 s, then 1 kHz.
    static func library(_ label: String) throws -> URL {
        let home = try Fixtures.temporaryDirectory(label)
        let wav = home.appendingPathComponent("talk.wav")
        try CommandRunner.tool(
            "sox",
            [
                "-n", "-r", "44100", "-c", "1", "-b", "16", wav.path, "synth", "70", "sine", "300", "vol", "0.5", ":", "synth", "30",
                "sine", "1000", "vol", "0.5",
            ])
        let feed = home.appendingPathComponent("feed.xml")
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel>
        <title>Bridges</title><podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid>
        <podcast:funding url="https://example.com/support">Support the show!</podcast:funding>
        <podcast:funding url="javascript:alert(1)">Click</podcast:funding>
        <podcast:person href="https://example.com/ana">Ana Lovelace</podcast:person>
        <podcast:person role="producer" group="audio post-production">Bo Örsted</podcast:person>
        <podcast:trailer pubdate="Thu, 01 Apr 2021 08:00:00 GMT" url="https://example.com/trailer.mp3" length="1234" type="audio/mpeg" season="2">Season 2</podcast:trailer>
        <podcast:podroll><podcast:remoteItem feedGuid="396d9ae0-1a2c-5c50-b8a2-2c4f6dc9c9e3" feedUrl="https://feeds.example.org/canals.xml"/></podcast:podroll>
        <item><title>Piers</title><guid>bridges-2</guid><pubDate>Mon, 03 May 2021 08:00:00 +0000</pubDate>
        <enclosure url="file://\(wav.path)" type="audio/wav" length="1"/>
        <podcast:person role="guest" href="javascript:alert(2)" img="https://example.com/cara.png">Cara Nwosu</podcast:person>
        <podcast:soundbite startTime="10" duration="5">A low tone</podcast:soundbite>
        <podcast:soundbite startTime="73" duration="20">Why a fish?</podcast:soundbite>
        </item>
        <item><title>Wood</title><guid>bridges-1</guid><pubDate>Mon, 26 Apr 2021 08:00:00 +0000</pubDate>
        <enclosure url="file://\(wav.path)" type="audio/wav" length="1"/>
        </item></channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        let added = try PodlineBinary.run(["add", feed.path], home: home)
        #expect(added.status == 0, "\(added.stderr)")
        return home
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("notes gives the episode's people (else the show's), its soundbites and the show's funding; show its trailers and podroll")
    func notesAndShow() throws {
        let home = try Self.library("pl-people")
        let notes = try PodlineBinary.run(["notes", "bridges/2"], home: home)
        #expect(notes.status == 0, "\(notes.stderr)")
        // The guest's page (a javascript: URL) is dropped; the picture stays.
        #expect(
            notes.stdout.contains("People: Cara Nwosu (guest)\n  Cara Nwosu: picture https://example.com/cara.png\n"), "\(notes.stdout)")
        #expect(
            notes.stdout.contains(
                "Soundbites (podline play bridges/2 --soundbite N):\n  1. 00:10–00:15  A low tone\n  2. 01:13–01:33  Why a fish?\n"))
        #expect(notes.stdout.contains("Support: Support the show! https://example.com/support\n"))
        #expect(!notes.stdout.contains("javascript"), "\(notes.stdout)")

        let noted = try Self.json(try PodlineBinary.run(["notes", "bridges/2", "--json"], home: home).stdout)
        let persons = try #require(noted["persons"] as? [[String: Any]])
        #expect(persons.count == 1 && persons[0]["name"] as? String == "Cara Nwosu" && persons[0]["link"] is NSNull)
        #expect(persons[0]["image"] as? String == "https://example.com/cara.png")
        let soundbites = try #require(noted["soundbites"] as? [[String: Any]])
        #expect(soundbites.map { $0["start"] as? Double } == [10, 73] && soundbites.map { $0["duration"] as? Double } == [5, 20])
        #expect((noted["funding"] as? [[String: Any]])?.map { $0["url"] as? String } == ["https://example.com/support"])

        // An episode with no people of its own has its show's.
        let older = try PodlineBinary.run(["notes", "bridges/1"], home: home)
        #expect(
            older.stdout.contains("People: Ana Lovelace (host), Bo Örsted (producer)\n  Ana Lovelace: https://example.com/ana\n"),
            "\(older.stdout)")
        #expect(!older.stdout.contains("Soundbites"))

        let show = try PodlineBinary.run(["show", "bridges"], home: home)
        #expect(show.stdout.contains("Trailer (season 2): Season 2 https://example.com/trailer.mp3\n"), "\(show.stdout)")
        #expect(
            show.stdout.contains("Recommends (podline add podroll/bridges/N):\n  1. https://feeds.example.org/canals.xml\n"),
            "\(show.stdout)")
        let shown = try Self.json(try PodlineBinary.run(["show", "bridges", "--json"], home: home).stdout)
        #expect((shown["trailers"] as? [[String: Any]])?.first?["season"] as? Int == 2)
        #expect((shown["podroll"] as? [[String: Any]])?.first?["feed_guid"] as? String == "396d9ae0-1a2c-5c50-b8a2-2c4f6dc9c9e3")
        #expect((shown["persons"] as? [[String: Any]])?.count == 2)
    }

    @Test("episodes --person finds episodes by a person's name, case and accents aside, the show's people standing for an episode's own")
    func byPerson() throws {
        let home = try Self.library("pl-people-find")
        func refs(_ name: String, in playlist: String? = nil) throws -> [String] {
            let answer = try PodlineBinary.run(["episodes"] + (playlist.map { [$0] } ?? []) + ["--person", name, "--json"], home: home)
            #expect(answer.status == 0, "\(answer.stderr)")
            let list = try #require(try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [[String: Any]])
            return list.compactMap { $0["ref"] as? String }
        }
        #expect(try refs("cara") == ["bridges/2"])
        #expect(try refs("LOVELACE") == ["bridges/1"])
        #expect(try refs("orsted") == ["bridges/1"])
        #expect(try refs("CÁRA") == ["bridges/2"])
        #expect(try refs("nobody").isEmpty)
        #expect(try refs("%").isEmpty)
        // A smart playlist narrowed by a person.
        #expect(try PodlineBinary.run(["playlist", "add", "later", "--unplayed"], home: home).status == 0)
        #expect(try refs("cara", in: "later") == ["bridges/2"])
    }

    @Test("play --soundbite N plays that stretch and stops; a soundbite the episode lacks is one line and exit 64")
    func playSoundbite() throws {
        let home = try Self.library("pl-soundbite")
        let out = home.appendingPathComponent("heard.wav")
        // The listener's speed and skip silence are not the soundbite's: it plays as cut, unless the flags say so.
        try Fixtures.writeConfig("speed = 2\nskip_silence = true\n", home: home)
        for (flags, seconds) in [([String](), 20.0), (["--speed", "2"], 10.0)] {
            let played = try PodlineBinary.run(
                ["play", "bridges/2", "--soundbite", "2", "--output", "wav:\(out.path)"] + flags, home: home, timeout: 120)
            #expect(played.status == 0, "\(played.stderr)")
            let heard = try WAVFile(url: out)
            #expect(abs(heard.duration - seconds) < 0.05, "\(flags): heard \(heard.duration) s")
            // All of it is the 1 kHz tone after 70 s (pitch kept at speed 2): about 2,000 zero crossings a second.
            let samples = heard.mono()
            var crossings = 0
            for index in 1..<samples.count where (samples[index - 1] < 0) != (samples[index] < 0) { crossings += 1 }
            let perSecond = Double(crossings) / heard.duration
            #expect(abs(perSecond - 2000) < 20, "\(flags): \(perSecond) crossings a second")
        }

        for (number, message) in [
            ("3", "bridges/2: no soundbite 3; the episode has 2 (see podline notes bridges/2)"), ("0", "--soundbite takes"),
        ] {
            let refused = try PodlineBinary.run(["play", "bridges/2", "--soundbite", number, "--output", "null"], home: home)
            #expect(refused.status == 64, "\(refused.stderr)")
            #expect(refused.stderr.contains(message) && refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        }
        let none = try PodlineBinary.run(["play", "bridges/1", "--soundbite", "1", "--output", "null"], home: home)
        #expect(none.status == 64 && none.stderr.contains("no soundbite 1; the episode has none"), "\(none.stderr)")
    }
}
