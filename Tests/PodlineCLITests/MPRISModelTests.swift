import Foundation
import PodcastKit
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// What each MPRIS call and property write asks of the player, and what the properties read, without a bus.
@MainActor
@Suite("MPRIS model")
struct MPRISModelTests {
    static func player(chapters: [Double] = [], queue: Int = 0, at position: Double = 0) -> Player {
        let player = Player()
        player.load(NowPlaying(ref: "show/1", title: "One", show: "Show", url: "/tmp/one.mp3", duration: 100))
        player.duration = 100
        player.position = position
        player.chapters = ChapterList(.psc, chapters.map { Chapter(start: $0) })
        player.queue = (0..<queue).map { NowPlaying(title: "Q\($0)", url: "/tmp/q\($0).mp3") }
        return player
    }

    @Test("Next: the next chapter, else the queue, else nothing; Previous: the chapter before, else the start")
    func nextAndPrevious() {
        let chaptered = Self.player(chapters: [0, 30, 60], queue: 1, at: 40)
        #expect(MPRISModel.action(for: .next, player: chaptered) == .command(.chapter(.next)))
        #expect(MPRISModel.action(for: .previous, player: chaptered) == .command(.chapter(.previous)))
        let lastChapter = Self.player(chapters: [0, 30, 60], queue: 1, at: 70)
        #expect(MPRISModel.action(for: .next, player: lastChapter) == .command(.next))
        let plain = Self.player()
        #expect(MPRISModel.action(for: .next, player: plain) == .nothing)
        #expect(MPRISModel.value(of: "CanGoNext", interface: MPRISModel.playerInterface, player: plain) == .bool(false))
        #expect(MPRISModel.action(for: .previous, player: plain) == .command(.seek(.to(0))))
        #expect(MPRISModel.action(for: .next, player: Player()) == .nothing)
    }

    @Test("Play, Pause and PlayPause follow the state; Stop and Quit")
    func playState() {
        let player = Self.player()
        #expect(MPRISModel.action(for: .play, player: player) == .nothing)
        #expect(MPRISModel.action(for: .pause, player: player) == .command(.pause))
        #expect(MPRISModel.action(for: .playPause, player: player) == .command(.toggle))
        player.isPlaying = false
        #expect(MPRISModel.action(for: .play, player: player) == .command(.resume))
        #expect(MPRISModel.action(for: .pause, player: player) == .nothing)
        #expect(MPRISModel.value(of: "PlaybackStatus", interface: MPRISModel.playerInterface, player: player) == .string("Paused"))
        let stopped = Player()
        #expect(MPRISModel.action(for: .play, player: stopped) == .command(.play(PlayRequest())))
        #expect(MPRISModel.action(for: .playPause, player: stopped) == .command(.play(PlayRequest())))
        #expect(MPRISModel.action(for: .stop, player: stopped) == .nothing)
        #expect(MPRISModel.action(for: .quit, player: stopped) == .quit)
        #expect(MPRISModel.action(for: .raise, player: player) == .nothing)
    }

    @Test("Seek moves by microseconds, past the end it goes on to what is next; SetPosition needs the current track")
    func seeking() {
        let player = Self.player(at: 50)
        #expect(MPRISModel.action(for: .seek(-10_000_000), player: player) == .command(.seek(.by(-10))))
        #expect(MPRISModel.action(for: .seek(60_000_000), player: player) == .command(.seek(.to(100))))
        let queued = Self.player(queue: 1, at: 50)
        #expect(MPRISModel.action(for: .seek(60_000_000), player: queued) == .command(.next))
        let track = MPRISModel.trackID(player.current!)
        #expect(MPRISModel.action(for: .setPosition(track: track, microseconds: 12_500_000), player: player) == .command(.seek(.to(12.5))))
        #expect(MPRISModel.action(for: .setPosition(track: "/org/podline/track/other", microseconds: 1), player: player) == .nothing)
        #expect(MPRISModel.action(for: .setPosition(track: track, microseconds: 101_000_000), player: player) == .nothing)
        #expect(MPRISModel.action(for: .setPosition(track: track, microseconds: -1), player: player) == .nothing)
    }

    @Test("Rate and Volume writes become speed and volume commands; OpenUri plays paths and URLs")
    func writesAndOpen() {
        #expect(MPRISModel.action(forSetting: "Rate", to: 1.25) == .command(.speed(.to(1.25))))
        #expect(MPRISModel.action(forSetting: "Rate", to: 0) == .command(.pause))
        #expect(MPRISModel.action(forSetting: "Volume", to: 0.3) == .command(.volume(.to(30))))
        #expect(MPRISModel.action(forSetting: "Volume", to: 7) == .command(.volume(.to(100))))
        #expect(MPRISModel.action(forSetting: "Volume", to: -1) == .command(.volume(.to(0))))
        #expect(MPRISModel.action(forSetting: "Identity", to: 1) == nil)
        #expect(
            MPRISModel.action(for: .openURI("file:///tmp/My%20Show/a.mp3"), player: Player())
                == .command(.play(PlayRequest(targets: ["/tmp/My Show/a.mp3"]))))
        #expect(
            MPRISModel.action(for: .openURI("https://example.com/a.mp3"), player: Player())
                == .command(.play(PlayRequest(targets: ["https://example.com/a.mp3"]))))
    }

    @Test("metadata: track id, length, title, show, author, picture and a file URL; empty when nothing is loaded")
    func metadata() {
        var item = NowPlaying(ref: "show/1", title: "One", show: "Show", url: "/tmp/a b.mp3", duration: 100)
        item.author = "Ada"
        item.image = "https://example.com/a.jpg"
        let player = Player()
        player.load(item)
        guard case .dictionary(let fields) = MPRISModel.metadata(player) else {
            Issue.record("metadata is not a dictionary")
            return
        }
        let byName = Dictionary(uniqueKeysWithValues: fields)
        #expect(byName["mpris:length"] == .int64(100_000_000))
        #expect(byName["xesam:title"] == .string("One"))
        #expect(byName["xesam:album"] == .string("Show"))
        #expect(byName["xesam:artist"] == .strings(["Ada"]))
        #expect(byName["mpris:artUrl"] == .string("https://example.com/a.jpg"))
        #expect(byName["xesam:url"] == .string("file:///tmp/a%20b.mp3"))
        // Read while 83.6 s in, the address carries the time, as a link does.
        player.position = 83.6
        guard case .dictionary(let later) = MPRISModel.metadata(player) else { return }
        #expect(Dictionary(uniqueKeysWithValues: later)["xesam:url"] == .string("file:///tmp/a%20b.mp3#t=83"))
        #expect(MPRISModel.trackID(item) == MPRISModel.trackID(item))
        #expect(MPRISModel.trackID(item) != MPRISModel.trackID(NowPlaying(ref: "show/2", title: "Two", url: "/tmp/b.mp3")))
        #expect(MPRISModel.metadata(Player()) == .dictionary([]))
    }
}
