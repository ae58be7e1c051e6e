import Foundation
import PodcastKit

/// Carries out player commands by writing the player's model; the playback coordinator acts on the changes.
///
/// One dispatcher serves REPL lines, socket lines and one-shot commands, so they behave alike.
@MainActor
public final class CommandDispatcher {
    public let player: Player
    public var skipLengths: SkipLengths
    public var resolver: ItemResolver

    public init(player: Player, skipLengths: SkipLengths = SkipLengths(), resolver: ItemResolver = ItemResolver()) {
        self.player = player
        self.skipLengths = skipLengths
        self.resolver = resolver
    }

    /// Parses and runs the words of one command line; library and session commands are not for this dispatcher.
    public func run(words: [String]) throws(CommandError) -> CommandOutput {
        switch try CommandParser.parse(words) {
        case .player(let command):
            return try run(command)
        case .help(let topic):
            return CommandOutput(lines: HelpText.lines(for: topic))
        case .quit, .library:
            throw CommandError(.unavailable, "'\(words[0])' is not available here")
        }
    }

    /// Runs one player command.
    public func run(_ command: PlayerCommand) throws(CommandError) -> CommandOutput {
        switch command {
        case .play(let text):
            player.load(try resolver.resolve(text))
        case .pause:
            try requireEpisode("pause")
            player.isPlaying = false
        case .resume:
            try requireEpisode("resume")
            player.isPlaying = true
        case .toggle:
            try requireEpisode("toggle")
            player.isPlaying.toggle()
        case .stop:
            player.stop()
        case .next:
            guard !player.queue.isEmpty else { throw CommandError(.failed, "next: the queue is empty") }
            player.advance(because: .next)
        case .seek(let adjustment):
            try requireEpisode("seek")
            switch adjustment {
            case .to(let seconds): player.seek(to: seconds)
            case .by(let offset): player.seek(by: offset)
            }
        case .skip:
            try requireEpisode("skip")
            player.seek(by: skipLengths.forward)
        case .back:
            try requireEpisode("back")
            player.seek(by: -skipLengths.back)
        case .volume(let adjustment):
            player.volume = clamp(adjustment.applied(to: player.volume), Player.volumeRangeForLanguage)
            return CommandOutput(data: .number(player.volume))
        case .speed(let adjustment):
            let value = (adjustment.applied(to: player.speed) * 100).rounded() / 100
            player.speed = clamp(value, Player.speedRangeForLanguage)
            return CommandOutput(data: .number(player.speed))
        case .queue(let action):
            return try queue(action)
        case .sleep(let setting):
            switch setting {
            case .after(let seconds): player.sleep = .at(Date().addingTimeInterval(seconds))
            case .endOfEpisode: player.sleep = .endOfEpisode
            case .off: player.sleep = nil
            }
        case .status:
            return CommandOutput(data: StatusReport.json(player), lines: StatusText.lines(player))
        case .events:
            throw CommandError(.unavailable, "events: run 'podline events' to follow a player")
        }
        return .none
    }

    private func queue(_ action: QueueAction) throws(CommandError) -> CommandOutput {
        switch action {
        case .list:
            break
        case .add(let texts):
            var items: [NowPlaying] = []
            for text in texts { items.append(try resolver.resolve(text)) }
            player.queue.append(contentsOf: items)
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
        return CommandOutput(data: .array(player.queue.map(StatusReport.episode)), lines: lines)
    }

    private func requireEpisode(_ name: String) throws(CommandError) {
        guard player.current != nil else { throw CommandError(.failed, "\(name): nothing is playing") }
    }

    private func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
