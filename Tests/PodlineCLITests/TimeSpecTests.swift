import Testing

@testable import PodlineApp
@testable import PodlineCLI

@Suite("TIME arguments")
struct TimeSpecTests {
    @Test(
        "the documented forms",
        arguments: [
            ("90", 90.0), ("90s", 90), ("5m", 300), ("2h", 7200), ("1:30", 90), ("1:02:03", 3723), ("1.5", 1.5), ("0:00.5", 0.5),
        ])
    func parses(text: String, seconds: Double) {
        #expect(TimeSpec.seconds(text) == seconds)
    }

    @Test("anything else is refused", arguments: ["", "soon", "-5", "1:60", "1:2:3:4", "5x", "::", "inf", "1:-1"])
    func refuses(text: String) {
        #expect(TimeSpec.seconds(text) == nil)
    }
}
