import AudioEngine
import Foundation
import PodcastKit

/// Carries out player commands by writing the player's model; the playback coordinator acts on the changes.
///
/// One dispatcher serves REPL lines, socket lines and the shell's commands, so they behave alike.
@MainActor
public final class CommandDispatcher {
    public let player: Player
    public var skipLengths: SkipLengths
    public var resolver: PlayableResolver

    public init(player: Player, skipLengths: SkipLengths = SkipLengths(), resolver: PlayableResolver = PlayableResolver()) {
        self.player = player
        self.skipLengths = skipLengths
        self.resolver = resolver
    }

    /// The editor of the resolver's library, whose changes the player shows at once (a `mark` of the playing episode
    /// is in the next `status`).
    public private(set) lazy var library = LibraryEditor(
        paths: resolver.paths, playingRef: { [player] in player.current?.ref },
        stopPlayer: { [player] in
            player.stop()
            return true
        },
        observers: [{ [player] change in player.take(change) }])

    /// The library's model when one is on disk (opened then, and kept for every later read); nil where there is no
    /// library yet, of which playing a file makes none.
    package func libraryOnDisk() -> Library? {
        FileManager.default.fileExists(atPath: resolver.paths.database.path) ? try? library.library() : nil
    }

    /// `resolver`, reading references from the library kept open rather than opening one of its own: a connection
    /// closed has libdispatch start the worker pool, whose monitor then wakes the player every second.
    package var keptResolver: PlayableResolver {
        var kept = resolver
        kept.store = libraryOnDisk()?.store
        return kept
    }

    /// Answers library questions from the same model as `library`.
    package var reader: LibraryReader { LibraryReader(editor: library) }

    /// Runs library tasks on the same model as `library`, saying what they did through `output`.
    package func tasks(_ output: TaskOutput) -> LibraryTaskRunner {
        LibraryTaskRunner(
            editor: library, output: output, position: { [player] in player.current == nil ? nil : player.position },
            playing: { [player] () throws(CommandError) in player.current.map { $0.ref ?? $0.url } })
    }

    /// Parses and runs the words of one command line; library tasks and session commands are not for this dispatcher.
    public func run(words: [String]) throws(CommandError) -> CommandOutput {
        let result = try CommandPerformer(self).performNow(try CommandParser.parse(words), style: ListStyle())
        switch result {
        case .quit, .events: throw CommandError(.unavailable, "'\(words[0])' is not available here")
        case .help(let lines): return CommandOutput(lines: lines)
        default: return CommandOutput(data: result.data, lines: result.lines + result.problems)
        }
    }

    /// Runs one player command.
    public func run(_ command: PlayerCommand) throws(CommandError) -> CommandOutput {
        switch command {
        case .play(let request):
            return try play(request)
        case .pause:
            try requireEpisode(CommandTable.pause.name)
            player.isPlaying = false
        case .resume:
            try requireEpisode(CommandTable.resume.name)
            player.isPlaying = true
        case .toggle:
            try requireEpisode(CommandTable.toggle.name)
            player.isPlaying.toggle()
        case .stop:
            player.stop()
        case .next:
            guard !player.queue.isEmpty else { throw CommandError(.failed, "next: the queue is empty") }
            player.advance(because: .next)
        case .seek(let adjustment):
            try requireSeekable(CommandTable.seek.name)
            switch adjustment {
            case .to(let seconds): player.seek(to: seconds)
            case .by(let offset): player.seek(by: offset)
            }
        case .chapter(let move):
            try requireSeekable(CommandTable.chapter.name)
            guard !player.chapters.chapters.isEmpty else { throw CommandError(.failed, "chapter: this episode has no chapters") }
            guard player.moveToChapter(move) else {
                let which: String
                switch move {
                case .next: which = "no chapter after this one"
                case .previous: which = "no chapter before this one"
                case .number(let number): which = "no chapter \(number) (it has \(player.chapters.chapters.count))"
                }
                throw CommandError(.failed, "chapter: \(which)")
            }
        case .skip:
            try requireSeekable(CommandTable.skip.name)
            player.seek(by: skipLengths.forward)
        case .back:
            try requireSeekable(CommandTable.back.name)
            player.seek(by: -skipLengths.back)
        case .volume(let adjustment):
            player.volume = clamp(adjustment.applied(to: player.volume), Player.volumeRange)
            return CommandOutput(data: .number(player.volume))
        case .speed(let adjustment):
            let value = (adjustment.applied(to: player.speed) * 100).rounded() / 100
            player.speed = clamp(value, Player.speedRange)
            return CommandOutput(data: .number(player.speed))
        case .queue(let action, _):
            return try queue(action)
        case .sleep(let setting):
            setSleep(setting)
        case .silence(let on):
            player.skipSilence = on
            return CommandOutput(data: .bool(on), lines: [on ? "skip silence on" : "skip silence off"])
        case .normalize(let on):
            player.normalize = on
            return CommandOutput(data: .bool(on), lines: [on ? "normalize on" : "normalize off"])
        case .voice(let on):
            player.voiceBoost = on
            return CommandOutput(data: .bool(on), lines: [on ? "voice boost on" : "voice boost off"])
        case .cue(let shown):
            player.showsCue = shown ?? !player.showsCue
            let lines = [player.showsCue ? "cue line shown under the now-playing line" : "cue line hidden"]
            return CommandOutput(data: .object([("shown", .bool(player.showsCue))]), lines: lines)
        case .status:
            let status = StatusReport.status(player)
            return CommandOutput(value: status, lines: StatusText.lines(status))
        case .events:
            throw CommandError(.unavailable, "events: run 'podline events' to follow a player")
        }
        return .none
    }

    /// Plays (or queues) what `request` names; with nothing named, resumes: the loaded episode, else the episode
    /// heard last, else the head of the queue.
    private func play(_ request: PlayRequest) throws(CommandError) -> CommandOutput {
        let items = try Self.items(
            for: request, resolver: keptResolver, loaded: player.current != nil, queued: !player.queue.isEmpty)
        return try play(request, items: items)
    }

    /// The items `request` plays on a player that has an episode `loaded` (or not) and items `queued` (or not): those
    /// it names; naming none, nothing when the loaded episode resumes, else the episode heard last, else nothing when
    /// the queue's head plays. Nothing to resume is an error.
    package static func items(
        for request: PlayRequest, resolver: PlayableResolver, loaded: Bool, queued: Bool
    ) throws(CommandError) -> [NowPlaying] {
        let items = try request.items(resolver)
        guard items.isEmpty, !loaded else { return items }
        let last: NowPlaying?
        do {
            last = try resolver.lastHeard()
        } catch {
            throw CommandError(.unreadable, "play: \(error.description)")
        }
        if let last { return [last] }
        guard queued else { throw CommandError(.unreadable, "play: nothing to resume (name an episode, a file or a URL)") }
        return []
    }

    /// Plays (or queues) `items`, which `items(for:…)` chose for `request`.
    package func play(_ request: PlayRequest, items chosen: [NowPlaying]) throws(CommandError) -> CommandOutput {
        if let output = request.output {
            // The running player reopens its output there; the audio not heard yet moves with it.
            var spec: OutputSpec
            do {
                spec = try OutputSpec(parsing: output)
                spec.fast = request.fast
            } catch {
                throw CommandError(.invalidParameter, "play: --output: \(error.description)")
            }
            guard AudioDevices.knows(spec.driver) else {
                throw CommandError(
                    .invalidParameter,
                    "play: --output: unknown driver '\(spec.driver)' (available: \(AudioDevices.driverNames().joined(separator: ", ")))")
            }
            player.output = output
        }
        var items = chosen
        if items.isEmpty {
            if player.current != nil {
                player.isPlaying = true
            } else if !player.queue.isEmpty {
                items = [player.queue.removeFirst()]
            }
        }
        if let volume = request.volume { player.volume = volume }
        if let sleep = request.sleep { setSleep(sleep) }
        if player.current != nil, !request.enqueue {
            if let speed = request.speed { player.speed = speed }
            if let skipSilence = request.skipSilence { player.skipSilence = skipSilence }
            if let normalize = request.normalize { player.normalize = normalize }
            if let voiceBoost = request.voiceBoost { player.voiceBoost = voiceBoost }
        }
        guard let first = items.first else { return CommandOutput(lines: StatusText.lines(StatusReport.status(player))) }
        if request.enqueue {
            enqueue(items)
            if player.current == nil { player.advance(because: .next) }
            let count = items.count == 1 ? "1 item" : "\(items.count) items"
            return CommandOutput(value: items.map(ItemSummary.init), lines: ["queued \(count)"])
        }
        // An episode that plays now or next leaves its place further down the queue: an episode is queued once (a file
        // or a URL as often as it is asked for).
        let asked = Set(items.compactMap(\.marks?.episodeID))
        player.queue.removeAll { $0.marks?.episodeID.map(asked.contains) == true }
        player.queue.insert(contentsOf: items.dropFirst(), at: 0)
        player.load(first)
        return CommandOutput(value: ItemSummary(first), lines: ["playing \(TerminalText.safe(first.title))"])
    }

    private func setSleep(_ setting: SleepSetting) {
        switch setting {
        case .after(let seconds): player.sleep = .at(Date().addingTimeInterval(seconds))
        case .endOfEpisode: player.sleep = .endOfEpisode
        case .off: player.sleep = nil
        }
    }

    private func queue(_ action: QueueAction) throws(CommandError) -> CommandOutput {
        switch action {
        case .list:
            break
        case .add(let texts):
            enqueue(try PlayRequest(targets: texts).items(resolver))
        case .remove(let text):
            if let index = Int(text), player.queue.indices.contains(index - 1), !player.queue.contains(where: { $0.ref == text }) {
                player.queue.remove(at: index - 1)
            } else if let index = player.queue.firstIndex(where: { $0.id == text || $0.ref == text }) {
                player.queue.remove(at: index)
            } else {
                throw CommandError(.failed, "queue remove: '\(text)' is not in the queue")
            }
        case .clear:
            player.queue.removeAll()
        }
        let lines = ListOutput.lines(QueueListView(titles: player.queue.map(\.title), style: .standardOutput()))
        return CommandOutput(value: player.queue.map(ItemSummary.init), lines: lines)
    }

    /// Adds `items` at the queue's tail; an episode queued already stays where it is (a file or a URL is added again).
    private func enqueue(_ items: [NowPlaying]) {
        var queued = Set(player.queue.compactMap(\.marks?.episodeID))
        player.queue.append(contentsOf: items.filter { item in item.marks?.episodeID.map { queued.insert($0).inserted } ?? true })
    }

    private func requireEpisode(_ name: String) throws(CommandError) {
        guard player.current != nil else { throw CommandError(.failed, "\(name): nothing is playing") }
    }

    /// An episode that can move: not a live stream, which plays as it comes.
    private func requireSeekable(_ name: String) throws(CommandError) {
        try requireEpisode(name)
        guard !player.isLive else { throw CommandError(.failed, "\(name): a live stream plays as it comes; it cannot move") }
    }

    private func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
