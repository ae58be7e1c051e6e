import Foundation
import PodcastKit

/// `play` as typed in any front end: what to play and the flags that go with it.
public struct PlayRequest: Equatable, Sendable {
    /// References, files or URLs, as typed; none resumes.
    public var targets: [String] = []
    /// Queue the items rather than play them now.
    public var enqueue = false
    /// `--start`: where the first item starts (no resuming).
    public var start: Double?
    /// `--duration`: how long each item plays.
    public var duration: Double?
    /// `--soundbite`: the first item plays its episode's soundbite of this number (from 1), at speed 1 and without
    /// skipping silence, unless `start`, `duration`, `speed` and `skipSilence` say otherwise.
    public var soundbite: Int?
    /// `--volume`.
    public var volume: Double?
    /// `--speed`: wins over the show's and config.toml's speed.
    public var speed: Double?
    /// `--sleep`.
    public var sleep: SleepSetting?
    /// `--skip-silence` (true) or `--no-skip-silence` (false).
    public var skipSilence: Bool?
    /// `--normalize` (true) or `--no-normalize` (false).
    public var normalize: Bool?
    /// `--voice-boost` (true) or `--no-voice-boost` (false).
    public var voiceBoost: Bool?
    /// `--no-resume`.
    public var noResume = false
    /// `--output`: only a new player can take it.
    public var output: String?
    /// `--fast`: a null output takes the audio as fast as it is decoded, not in real time.
    public var fast = false
    /// `--quiet`: no now-playing line.
    public var quiet = false

    public init(targets: [String] = []) { self.targets = targets }

    /// The words that say this request again, for handing it to another player.
    public var words: [String] {
        [CommandTable.play.name] + targets + PlayFlag.allCases.flatMap { $0.words(of: self) }
    }

    /// The request with each target that names a file under `directory` made absolute, so that a player started
    /// elsewhere finds it.
    public func absolutized(in directory: String = FileManager.default.currentDirectoryPath) -> PlayRequest {
        let resolver = PlayableResolver(directory: directory)
        var copy = self
        copy.targets = targets.map { target in
            guard !target.hasPrefix("/"), let local = resolver.localPath(target), !local.isDirectory else { return target }
            return local.path
        }
        return copy
    }

    /// The items these targets name, with this request's start, limit, speed, volume, skip silence and normalisation
    /// carried by each.
    public func items(_ resolver: PlayableResolver) throws(CommandError) -> [NowPlaying] {
        var items: [NowPlaying] = []
        for target in targets {
            do {
                items += try resolver.resolveAll(target)
            } catch {
                throw CommandError(.unreadable, error.description)
            }
        }
        for index in items.indices {
            var item = items[index]
            // --start wins over a time the target carries (a share link's `#t=`).
            if index == 0 { item.start = start ?? item.start ?? (noResume ? 0 : nil) } else if noResume { item.start = item.start ?? 0 }
            item.limit = duration
            item.speed = speed
            item.skipSilence = skipSilence
            item.normalize = normalize
            item.voiceBoost = voiceBoost
            item.volume = volume
            items[index] = item
        }
        if let soundbite, let first = items.first {
            let bite: Soundbite
            do {
                bite = try resolver.soundbite(soundbite, of: first)
            } catch {
                throw CommandError(.invalidParameter, error.description)
            }
            // Heard as its publisher cut it: at speed 1 and with its pauses, unless the flags say otherwise; the limit
            // counts what is heard, so it is the soundbite's length at the speed it plays.
            items[0].speed = speed ?? 1
            items[0].skipSilence = skipSilence ?? false
            items[0].start = start ?? bite.start
            items[0].limit = duration ?? bite.duration / (speed ?? 1)
        }
        return items
    }
}
