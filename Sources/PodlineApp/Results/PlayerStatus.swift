import Foundation
import PodcastKit

/// The player's state as `status` reports it: the typed value behind `status --json`, the socket's `status` reply and
/// the status text, written by the player and read back by its clients.
public struct PlayerStatus: Codable, Equatable, Sendable {
    /// `stopped`, `playing`, `paused`, or `buffering` (playing, waiting for the stream).
    public var state: String
    public var episode: ItemSummary?
    public var position: Double
    public var duration: Double?
    public var chapter: ChapterStatus?
    public var volume: Double
    public var speed: Double
    /// The queued items' ids.
    public var queue: [String]
    public var sleep: SleepStatus?
    public var skipSilence: Bool
    /// Seconds skip silence saved, in tenths.
    public var timeSaved: Double
    public var normalize: Bool
    /// The episode's measured loudness (LUFS, in tenths), when known.
    public var loudness: Double?
    public var voiceBoost: Bool
    public var outputAvailable: Bool
    /// How full the stream's buffer is (0…1) while it waits; nil when it does not.
    public var buffering: Double?
    /// True while a live stream plays: `position` is the time heard since it began, and there is no duration.
    public var live = false

    public init(
        state: String, episode: ItemSummary? = nil, position: Double = 0, duration: Double? = nil,
        chapter: ChapterStatus? = nil, volume: Double = 100, speed: Double = 1, queue: [String] = [],
        sleep: SleepStatus? = nil, skipSilence: Bool = false, timeSaved: Double = 0, normalize: Bool = false,
        loudness: Double? = nil, voiceBoost: Bool = false, outputAvailable: Bool = true, buffering: Double? = nil
    ) {
        (self.state, self.episode, self.position, self.duration, self.chapter) = (state, episode, position, duration, chapter)
        (self.volume, self.speed, self.queue, self.sleep) = (volume, speed, queue, sleep)
        (self.skipSilence, self.timeSaved, self.normalize, self.loudness) = (skipSilence, timeSaved, normalize, loudness)
        (self.voiceBoost, self.outputAvailable, self.buffering) = (voiceBoost, outputAvailable, buffering)
    }

    package enum CodingKeys: String, CodingKey {
        case state, episode, position, duration, chapter, volume, speed, queue, sleep
        case skipSilence = "skip_silence", timeSaved = "time_saved", normalize, loudness
        case voiceBoost = "voice_boost", outputAvailable = "output_available", buffering, live
    }

    /// Reads a status object; members it lacks take their defaults (`{"state":"stopped"}` is a whole status).
    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: CodingKeys.self)
        self.init(state: try object.decode(String.self, forKey: .state))
        episode = try object.decodeIfPresent(ItemSummary.self, forKey: .episode)
        position = try object.decodeIfPresent(Double.self, forKey: .position) ?? 0
        duration = try object.decodeIfPresent(Double.self, forKey: .duration)
        chapter = try object.decodeIfPresent(ChapterStatus.self, forKey: .chapter)
        volume = try object.decodeIfPresent(Double.self, forKey: .volume) ?? 100
        speed = try object.decodeIfPresent(Double.self, forKey: .speed) ?? 1
        queue = try object.decodeIfPresent([String].self, forKey: .queue) ?? []
        sleep = try object.decodeIfPresent(SleepStatus.self, forKey: .sleep)
        skipSilence = try object.decodeIfPresent(Bool.self, forKey: .skipSilence) ?? false
        timeSaved = try object.decodeIfPresent(Double.self, forKey: .timeSaved) ?? 0
        normalize = try object.decodeIfPresent(Bool.self, forKey: .normalize) ?? false
        loudness = try object.decodeIfPresent(Double.self, forKey: .loudness)
        voiceBoost = try object.decodeIfPresent(Bool.self, forKey: .voiceBoost) ?? false
        outputAvailable = try object.decodeIfPresent(Bool.self, forKey: .outputAvailable) ?? true
        buffering = try object.decodeIfPresent(Double.self, forKey: .buffering)
        live = try object.decodeIfPresent(Bool.self, forKey: .live) ?? false
    }

    /// Reads the JSON text a player wrote; nil when it is not a status.
    public init?(json text: String) {
        guard let status = try? JSONDecoder().decode(PlayerStatus.self, from: Data(text.utf8)) else { return nil }
        self = status
    }

    /// The documented JSON object, every member in its documented order.
    public var json: JSONValue {
        .object([
            ("state", .string(state)),
            ("episode", episode?.json ?? .null),
            ("position", .number(position)),
            ("duration", .number(duration)),
            ("chapter", chapter?.json ?? .null),
            ("volume", .number(volume)),
            ("speed", .number(speed)),
            ("queue", .array(queue.map(JSONValue.string))),
            ("sleep", sleep?.json ?? .null),
            ("skip_silence", .bool(skipSilence)),
            ("time_saved", .number(timeSaved)),
            ("normalize", .bool(normalize)),
            ("loudness", .number(loudness)),
            ("voice_boost", .bool(voiceBoost)),
            ("output_available", .bool(outputAvailable)),
            ("buffering", .number(buffering)),
            ("live", .bool(live)),
        ])
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

/// The chapter the heard position is in: number (from 1), title, start and end.
public struct ChapterStatus: Codable, Equatable, Sendable {
    public var number: Int
    public var title: String?
    public var start: Double
    public var end: Double?

    public init(number: Int, title: String?, start: Double, end: Double?) {
        (self.number, self.title, self.start, self.end) = (number, title, start, end)
    }

    /// The documented JSON object.
    public var json: JSONValue {
        .object([("number", .int(number)), ("title", .string(title)), ("start", .number(start)), ("end", .number(end))])
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

/// The sleep timer: at the episode's end, or in so many seconds.
public enum SleepStatus: Codable, Equatable, Sendable {
    case endOfEpisode
    case seconds(Double)

    /// `"end"`, or the seconds left.
    public var json: JSONValue {
        switch self {
        case .endOfEpisode: .string("end")
        case .seconds(let seconds): .number(seconds)
        }
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let seconds = try? value.decode(Double.self) {
            self = .seconds(seconds)
        } else if try value.decode(String.self) == "end" {
            self = .endOfEpisode
        } else {
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "sleep is \"end\" or seconds")
        }
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
