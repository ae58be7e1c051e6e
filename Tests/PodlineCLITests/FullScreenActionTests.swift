import PodcastKit
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The full-screen view's keys act through typed commands, and what the session did reaches the view as values: no
/// line of text is written or read back on the way.
@MainActor
@Suite("tui: actions as typed commands and results")
struct FullScreenActionTests {
    let row = BrowseRow(queued: NowPlaying(ref: "plain-talk/7", title: "Seven", show: "Plain Talk", url: "/seven.mp3"))

    @Test("player keys are player commands, the volume and speed keys steps of 5 and 0.1")
    func playerKeys() {
        let player = Player()
        let command = { (action: KeyAction) in FullScreenApp.command(for: action, row: row, player: player) }
        #expect(command(.toggle) == .player(.play(PlayRequest())))
        player.load(NowPlaying(title: "One", url: "/one.mp3"))
        #expect(command(.toggle) == .player(.toggle))
        #expect(command(.forward) == .player(.skip) && command(.back) == .player(.back))
        #expect(command(.volumeUp) == .player(.volume(.by(5))) && command(.volumeDown) == .player(.volume(.by(-5))))
        #expect(command(.faster) == .player(.speed(.by(0.1))) && command(.slower) == .player(.speed(.by(-0.1))))
        #expect(command(.nextChapter) == .player(.chapter(.next)))
        #expect(command(.silence) == .player(.silence(true)))
        player.skipSilence = true
        #expect(command(.silence) == .player(.silence(false)))
        #expect(command(.down) == nil && command(.help) == nil)
    }

    @Test("row keys name the selected episode; a directory result takes none of them, and Enter subscribes to it")
    func rowKeys() {
        let player = Player()
        #expect(
            FullScreenApp.command(for: .markPlayed, row: row, player: player)
                == .edit(EditCommand(edit: .mark(targets: ["plain-talk/7"], played: true, cutoff: nil), json: false)))
        #expect(
            FullScreenApp.command(for: .favourite, row: row, player: player)
                == .edit(EditCommand(edit: .favorite(target: "plain-talk/7", to: nil), json: false)))
        #expect(FullScreenApp.command(for: .enqueue, row: row, player: player) == .player(.queue(.add(["plain-talk/7"]))))
        #expect(FullScreenApp.command(for: .markPlayed, row: nil, player: player) == nil)
        var found = row
        found.ref = "find/2"
        #expect(FullScreenApp.command(for: .favourite, row: found, player: player) == nil)
        guard case .task(let task) = found.command, case .add(let feed, _, _, _) = task.task else {
            Issue.record("Enter on a directory result: \(found.command)")
            return
        }
        #expect(feed == "find/2")
        var hit = row
        hit.start = 61.7
        guard case .player(.play(let request)) = hit.command else {
            Issue.record("Enter on a search hit: \(hit.command)")
            return
        }
        #expect(request.targets == ["plain-talk/7"] && request.start == 61)
    }

    @Test("a session shows a command's result as values to its display, and a failure as a problem")
    func sessionDisplay() async {
        let session = ReplSession()
        var results: [CommandResult] = []
        var problems: [String] = []
        session.display = SessionDisplay(
            result: { output, _ in results.append(output) }, problem: { problems.append($0) },
            task: { _ in
                Issue.record("no task runs here")
                return .reply()
            })
        #expect(await session.perform(.player(.volume(.to(30)))))
        #expect(results.last?.data == .number(30))
        #expect(await session.perform(.player(.status(json: true))))
        #expect(results.last?.data == session.player.statusJSON)
        #expect(await session.perform(.player(.pause)))
        #expect(problems == ["pause: nothing is playing"] && session.lastStatus != 0)
        #expect(await session.perform(.quit) == false)
    }
}

extension Player {
    /// What `status --json` says of this player now.
    fileprivate var statusJSON: JSONValue { StatusReport.json(self) }
}
