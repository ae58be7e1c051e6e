import Foundation
import PodcastKit

/// Reads the player's model into the typed results that report it: its status, its episode, its chapter.
@MainActor
public enum StatusReport {
    /// What `status` reports of `player`.
    public static func status(_ player: Player, now: Date = Date()) -> PlayerStatus {
        var status = PlayerStatus(
            state: player.shownState, episode: currentEpisode(player).map(ItemSummary.init), position: player.position,
            duration: player.duration, chapter: chapter(player), volume: player.volume, speed: player.speed,
            queue: player.queue.map(\.id), sleep: sleep(player.sleep, now: now), skipSilence: player.skipSilence,
            timeSaved: player.timeSaved.tenths, normalize: player.normalize, loudness: player.loudness?.tenths,
            voiceBoost: player.voiceBoost, outputAvailable: player.outputAvailable, buffering: player.buffering)
        status.live = player.isLive
        return status
    }

    /// The documented `status --json` object.
    public static func json(_ player: Player, now: Date = Date()) -> JSONValue {
        status(player, now: now).json
    }

    /// The episode loaded, with its length: the feed's, else the one the player found (the engine's on opening it).
    public static func currentEpisode(_ player: Player) -> NowPlaying? {
        guard var item = player.current else { return nil }
        if item.duration == nil { item.duration = player.duration }
        return item
    }

    /// The chapter the heard position is in; nil without one.
    public static func chapter(_ player: Player) -> ChapterStatus? {
        guard let (number, chapter) = player.currentChapter else { return nil }
        return ChapterStatus(
            number: number, title: chapter.title, start: chapter.start,
            end: player.chapters.end(ofChapterAt: number - 1, duration: player.duration))
    }

    /// The `{"state":"stopped"}` a client prints when no player runs.
    nonisolated public static let noPlayer: JSONValue = .object([("state", .string(PlayState.stopped.rawValue))])

    /// The sleep timer: nil, at the episode's end, or the whole seconds left.
    public static func sleep(_ timer: SleepTimer?, now: Date = Date()) -> SleepStatus? {
        switch timer {
        case nil: nil
        case .endOfEpisode: .endOfEpisode
        case .at(let date): .seconds(max(0, date.timeIntervalSince(now)).rounded())
        }
    }
}
