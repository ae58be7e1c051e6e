import Foundation
import PodcastKit

/// The player's state as the `status` command reports it: a JSON object and a text form.
@MainActor
public enum StatusReport {
    /// The documented `status --json` object.
    public static func json(_ player: Player, now: Date = Date()) -> JSONValue {
        .object([
            ("state", .string(player.shownState)),
            ("episode", currentEpisode(player).map(episode) ?? .null),
            ("position", .number(player.position)),
            ("duration", .number(player.duration)),
            ("chapter", chapter(player)),
            ("volume", .number(player.volume)),
            ("speed", .number(player.speed)),
            ("queue", .array(player.queue.map { .string($0.id) })),
            ("sleep", sleep(player.sleep, now: now)),
            ("skip_silence", .bool(player.skipSilence)),
            ("time_saved", .number(player.timeSaved.tenths)),
            ("normalize", .bool(player.normalize)),
            ("loudness", .number(player.loudness?.tenths)),
            ("output_available", .bool(player.outputAvailable)),
            ("buffering", .number(player.buffering)),
        ])
    }

    /// The episode loaded, with its length: the feed's, else the one the player found (the engine's on opening it).
    public static func currentEpisode(_ player: Player) -> NowPlaying? {
        guard var item = player.current else { return nil }
        if item.duration == nil { item.duration = player.duration }
        return item
    }

    /// The chapter the heard position is in: number, title, start and end; null without one.
    public static func chapter(_ player: Player) -> JSONValue {
        guard let (number, chapter) = player.currentChapter else { return .null }
        return .object([
            ("number", .int(number)), ("title", .string(chapter.title)), ("start", .number(chapter.start)),
            ("end", .number(player.chapters.end(ofChapterAt: number - 1, duration: player.duration))),
        ])
    }

    /// The `{"state":"stopped"}` a client prints when no player runs.
    nonisolated public static let noPlayer: JSONValue = .object([("state", .string(PlayState.stopped.rawValue))])

    /// One item as JSON: ref, title, show, url, duration, and for library episodes played and favorite (else null).
    nonisolated public static func episode(_ item: NowPlaying) -> JSONValue {
        .object([
            ("ref", .string(item.ref)),
            ("title", .string(item.title)),
            ("show", .string(item.show)),
            ("url", .string(item.url)),
            ("duration", .number(item.duration)),
            ("played", item.marks.map { .bool($0.played) } ?? .null),
            ("favorite", item.marks.map { .bool($0.favorite) } ?? .null),
        ])
    }

    /// The sleep timer: null, `"end"`, or seconds left.
    public static func sleep(_ timer: SleepTimer?, now: Date = Date()) -> JSONValue {
        switch timer {
        case nil: .null
        case .endOfEpisode: .string("end")
        case .at(let date): .number(max(0, date.timeIntervalSince(now)).rounded())
        }
    }
}
