import Foundation
import PodcastKit
import PodlineApp

/// Podline as an MPRIS media player: its property values read from the Player model, and what each method call
/// or property write asks of the player. No bus here, so it is tested on its own.
@MainActor
enum MPRISModel {
    static let busName = "org.mpris.MediaPlayer2.podline"
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// Podline's own interface on the same object: what MPRIS has no property for (voice boost, skip silence,
    /// normalisation, a live stream).
    static let podlineInterface = "org.podline.Player1"
    /// The error name of a call the player refused.
    static let failedError = "org.mpris.MediaPlayer2.Podline.Failed"

    /// The value of `property` of `interface`; nil for a property it does not have.
    static func value(of property: String, interface: String, player: Player) -> BusValue? {
        if interface == rootInterface {
            switch property {
            case "CanQuit": return .bool(true)
            case "CanRaise", "HasTrackList": return .bool(false)
            case "Identity": return .string("Podline")
            case "SupportedUriSchemes": return .strings(["file", "http", "https"])
            case "SupportedMimeTypes": return .strings(["audio/mpeg"])
            default: return nil
            }
        }
        if interface == podlineInterface {
            switch property {
            case "VoiceBoost": return .bool(player.voiceBoost)
            case "SkipSilence": return .bool(player.skipSilence)
            case "Normalize": return .bool(player.normalize)
            case "Live": return .bool(player.isLive)
            default: return nil
            }
        }
        guard interface == playerInterface else { return nil }
        let loaded = player.current != nil
        switch property {
        case "PlaybackStatus": return .string(playbackStatus(player.state))
        case "Rate": return .double(player.speed)
        case "Volume": return .double(player.volume / Player.volumeRange.upperBound)
        case "Position": return .int64(microseconds(player.position))
        case "Metadata": return metadata(player)
        case "MinimumRate": return .double(Player.speedRange.lowerBound)
        case "MaximumRate": return .double(Player.speedRange.upperBound)
        case "CanGoNext": return .bool(canGoNext(player))
        case "CanPlay", "CanPause": return .bool(loaded)
        case "CanGoPrevious": return .bool(loaded && !player.isLive)
        // A live stream plays as it comes.
        case "CanSeek": return .bool(loaded && !player.isLive)
        case "CanControl": return .bool(true)
        default: return nil
        }
    }

    /// The properties whose values follow from each part of the model, for PropertiesChanged.
    static let followsState = ["PlaybackStatus", "CanGoPrevious", "CanPlay", "CanPause", "CanSeek", "CanGoNext"]
    static let followsEpisode = ["Metadata"] + followsState

    /// `Playing`, `Paused` or `Stopped`.
    static func playbackStatus(_ state: PlayState) -> String {
        switch state {
        case .playing: "Playing"
        case .paused: "Paused"
        case .stopped: "Stopped"
        }
    }

    /// Next goes to the next chapter, else the next queued episode.
    static func canGoNext(_ player: Player) -> Bool {
        guard player.current != nil else { return false }
        return !player.queue.isEmpty || nextChapter(player) != nil
    }

    private static func nextChapter(_ player: Player) -> Double? {
        Player.target(of: .next, from: player.position, in: player.chapters.chapters, duration: player.duration)
    }

    /// The current episode's metadata: track id, length, title, show, author, picture and address (at the time heard).
    static func metadata(_ player: Player) -> BusValue {
        guard let item = player.current else { return .dictionary([]) }
        var fields: [(String, BusValue)] = [("mpris:trackid", .objectPath(trackID(item)))]
        if let duration = player.duration ?? item.duration, duration > 0 {
            fields.append(("mpris:length", .int64(microseconds(duration))))
        }
        fields.append(("xesam:title", .string(item.title)))
        if let show = item.show { fields.append(("xesam:album", .string(show))) }
        if let author = item.author { fields.append(("xesam:artist", .strings([author]))) }
        if let image = item.image { fields.append(("mpris:artUrl", .string(image))) }
        // The address at the time heard, as a link shares it (`#t=SECONDS`): read afresh each time it is asked, it is not
        // signalled as the position moves.
        let url = item.isRemote ? item.url : URL(fileURLWithPath: item.url).absoluteString
        fields.append(("xesam:url", .string(player.position >= 1 ? URLTime.adding(player.position.rounded(.down), to: url) : url)))
        return .dictionary(fields)
    }

    /// A D-Bus object path naming `item`, the same for the same episode: its identity's bytes in hex.
    static func trackID(_ item: NowPlaying) -> String {
        "/org/podline/track/t" + item.id.utf8.map { String($0, radix: 16).leftPadded(2) }.joined()
    }

    static func microseconds(_ seconds: Double) -> Int64 {
        Int64((max(0, seconds) * 1_000_000).rounded())
    }

    /// What `call` asks of `player` now.
    static func action(for call: MPRISCall, player: Player) -> MPRISAction {
        let loaded = player.current != nil
        switch call {
        case .raise: return .nothing
        case .quit: return .quit
        case .next:
            if nextChapter(player) != nil { return .command(.chapter(.next)) }
            return loaded && !player.queue.isEmpty ? .command(.next) : .nothing
        case .previous:
            guard loaded, !player.isLive else { return .nothing }
            return player.chapters.chapters.isEmpty ? .command(.seek(.to(0))) : .command(.chapter(.previous))
        case .pause: return player.state == .playing ? .command(.pause) : .nothing
        case .play:
            switch player.state {
            case .playing: return .nothing
            case .paused: return .command(.resume)
            case .stopped: return .command(.play(PlayRequest()))
            }
        case .playPause: return loaded ? .command(.toggle) : action(for: .play, player: player)
        case .stop: return loaded ? .command(.stop) : .nothing
        case .seek(let offset):
            guard loaded, !player.isLive else { return .nothing }
            let seconds = Double(offset) / 1_000_000
            if let duration = player.duration, player.position + seconds >= duration {
                return canGoNext(player) ? action(for: .next, player: player) : .command(.seek(.to(duration)))
            }
            return .command(.seek(.by(seconds)))
        case .setPosition(let track, let position):
            guard let item = player.current, !player.isLive, track == trackID(item), position >= 0 else { return .nothing }
            let seconds = Double(position) / 1_000_000
            if let duration = player.duration, seconds > duration { return .nothing }
            return .command(.seek(.to(seconds)))
        case .openURI(let uri):
            return .command(.play(PlayRequest(targets: [target(of: uri)])))
        }
    }

    /// What writing `value` to `property` of Podline's own interface asks of the player; nil for one that cannot be written.
    static func action(forSetting property: String, to value: Bool) -> MPRISAction? {
        switch property {
        case "VoiceBoost": return .command(.voice(value))
        case "SkipSilence": return .command(.silence(value))
        case "Normalize": return .command(.normalize(value))
        default: return nil
        }
    }

    /// What writing `value` to `property` asks of the player; nil for a property that cannot be written.
    static func action(forSetting property: String, to value: Double) -> MPRISAction? {
        switch property {
        case "Rate": return value <= 0 ? .command(.pause) : .command(.speed(.to(value)))
        case "Volume": return .command(.volume(.to(min(max(value, 0), 1) * Player.volumeRange.upperBound)))
        default: return nil
        }
    }

    /// A file URI as its path (what `play` takes); any other URI as it is.
    static func target(of uri: String) -> String {
        guard uri.hasPrefix("file://"), let url = URL(string: uri), url.isFileURL else { return uri }
        return url.path
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
