import PodcastKit
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// A command a front end makes itself (a key of the full-screen view) reaches a player in another process as words:
/// they read back as the same command.
@Suite("player commands as words")
struct PlayerCommandWordsTests {
    static let commands: [PlayerCommand] = [
        .pause, .resume, .toggle, .stop, .next, .skip, .back,
        .seek(.to(90)), .seek(.by(-15)), .seek(.by(30)),
        .chapter(.next), .chapter(.previous), .chapter(.number(3)),
        .volume(.to(50)), .volume(.by(5)), .volume(.by(-5)),
        .speed(.by(0.1)), .speed(.by(-0.1)), .speed(.to(1.5)),
        .queue(.list), .queue(.list, json: true), .queue(.add(["show/1", "https://example.com/a.mp3"])),
        .queue(.remove("2")), .queue(.clear),
        .sleep(.after(600)), .sleep(.endOfEpisode), .sleep(.off),
        .silence(true), .silence(false), .normalize(true), .normalize(false),
        .cue(nil), .cue(true), .cue(false), .status(json: false), .status(json: true),
        .play(PlayRequest(targets: ["show/3"])),
    ]

    @Test("each reads back as itself", arguments: commands)
    func roundTrip(_ command: PlayerCommand) throws {
        #expect(try CommandParser.parse(command.words) == .player(command), "\(command.words)")
    }

    @Test("a play request keeps its start")
    func playWithStart() throws {
        var request = PlayRequest(targets: ["show/3"])
        request.start = 125
        #expect(try CommandParser.parse(PlayerCommand.play(request).words) == .player(.play(request)))
    }
}
