import Foundation
import TestSupport
import Testing

/// `plan TIME`: the forecast of how long a playlist takes to hear (a show's speed, its skipped chapters, the silence
/// skipping silence took out of its episodes before) against the time the player then takes, measured by its own clock:
/// the length of what it writes.
@Suite("plan: a time of listening filled and forecast", .serialized)
struct PlanTests {
    @Test("the forecast of a planned playlist is within 2 % of the length the player writes")
    func forecastHolds() throws {
        let home = try Fixtures.temporaryDirectory("pl-plan")
        // Four 20 s episodes: 3 s of tone and 2 s of silence, four times; a chapter "Ad" from 10 s to 13 s.
        let unit = home.appendingPathComponent("unit.wav")
        try CommandRunner.tool(
            "sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", unit.path, "synth", "3", "sine", "440", "vol", "0.5", "pad", "0", "2"])
        let whole = home.appendingPathComponent("whole.wav")
        try CommandRunner.tool("sox", [unit.path, whole.path, "repeat", "3"])
        var items = ""
        for number in 1...4 {
            let mp3 = home.appendingPathComponent("drill-\(number).mp3")
            try CommandRunner.tool("lame", ["--quiet", "-b", "128", whole.path, mp3.path])
            items += """
                <item><title>Drill \(number)</title><guid>drill-\(number)</guid><itunes:duration>20</itunes:duration>\
                <pubDate>Mon, 0\(number) Jan 2024 10:00:00 GMT</pubDate><enclosure url="\(mp3.path)" type="audio/mpeg"/>\
                <psc:chapters><psc:chapter start="00:00:00" title="Drill"/><psc:chapter start="00:00:10" title="Ad"/>\
                <psc:chapter start="00:00:13" title="More"/></psc:chapters></item>

                """
        }
        let feed = home.appendingPathComponent("drills.xml")
        try """
        <?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
        xmlns:psc="http://podlove.org/simple-chapters"><channel><title>Drills</title>
        \(items)</channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        try Fixtures.writeConfig("[shows.drills]\nspeed = 1.5\nskip_silence = true\nskip_chapters = \"^Ad$\"\n", home: home)
        #expect(try PodlineBinary.run(["add", feed.path], home: home, environment: environment).status == 0)

        // One episode heard in real time: the library learns how much silence the show's episodes hold.
        let learned = try PodlineBinary.run(["play", "drills/1", "--output", "null", "--quiet"], home: home, environment: environment)
        #expect(learned.status == 0, "\(learned.stderr)")

        let planned = try PodlineBinary.run(["plan", "20s", "drills", "--json"], home: home, environment: environment)
        #expect(planned.status == 0, "\(planned.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: planned.stdoutData) as? [String: Any])
        let episodes = try #require(plan["episodes"] as? [[String: Any]])
        #expect(episodes.compactMap { $0["ref"] as? String } == ["drills/4", "drills/3"], "two of the three left fit in 20 s: \(plan)")
        let share = try #require(episodes.first?["silence_share"] as? Double)
        #expect(share > 0.2 && share < 0.5, "the silence the show's episodes hold: \(share)")
        #expect(episodes.allSatisfy { $0["chapters_skipped"] as? Double == 3 && $0["speed"] as? Double == 1.5 })
        let predicted = try #require(plan["predicted"] as? Double)

        let out = home.appendingPathComponent("plan.wav")
        let played = try PodlineBinary.run(
            ["play", "plan", "--output", "wav:\(out.path)", "--quiet"], home: home, environment: environment)
        #expect(played.status == 0, "\(played.stderr)")
        let actual = try WAVFile(url: out).duration
        #expect(abs(actual - predicted) / actual <= 0.02, "forecast \(predicted) s, played \(actual) s")

        // The report sets the forecast beside the listening log's time for each episode since the plan: what was heard,
        // less the silence skipped, at the speed heard. It agrees with the length written.
        let reported = try PodlineBinary.run(["plan", "--report", "--json"], home: home, environment: environment)
        #expect(reported.status == 0, "\(reported.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: reported.stdoutData) as? [String: Any])
        #expect(report["finished"] as? Int == 2, "\(report)")
        let heard = try #require(report["finished_heard"] as? Double)
        #expect(abs(heard - actual) <= 0.1, "the log says \(heard) s, the player wrote \(actual) s")
        #expect(abs((report["finished_predicted"] as? Double ?? 0) - predicted) < 0.001)
        let text = try PodlineBinary.run(["plan", "--report"], home: home, environment: environment)
        #expect(text.stdoutLines.count == 3 && text.stdoutLines[0].hasPrefix("drills/4  forecast "), "\(text.stdout)")
        #expect(text.stdoutLines.last?.contains("the 2 finished took") == true, "\(text.stdout)")
        #expect(try PodlineBinary.run(["plan", "--report", "--into", "nosuch"], home: home, environment: environment).status == 2)

        for bad in [["plan"], ["plan", "soon"], ["plan", "45m", "--into", "drills"], ["plan", "45m", "--report"]] {
            let refused = try PodlineBinary.run(bad, home: home, environment: environment)
            #expect(refused.status == 64 && refused.stderrLines.count == 1, "\(bad): \(refused.stderr)")
        }
        #expect(try PodlineBinary.run(["plan", "45m", "nosuch"], home: home, environment: environment).status == 2)
    }
}
