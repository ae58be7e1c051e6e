import PodcastKit

/// The flags of `play` (and `demo`), each named once: its spelling and help in the command table, how it sets a
/// `PlayRequest`, and the words that say it again when the request is handed to another player.
package enum PlayFlag: String, CaseIterable, Sendable {
    case enqueue, start, duration, soundbite, volume, speed, sleep
    case skipSilence = "skip-silence"
    case noSkipSilence = "no-skip-silence"
    case normalize
    case noNormalize = "no-normalize"
    case voiceBoost = "voice-boost"
    case noVoiceBoost = "no-voice-boost"
    case noResume = "no-resume"
    case output, fast, quiet

    /// The flag as the command table lists it.
    package var spec: FlagSpec {
        switch self {
        case .enqueue: FlagSpec(rawValue, "Queue the items after what is queued instead of playing them now.")
        case .start: FlagSpec(rawValue, value: "TIME", "Start this far into the first item (no resuming).")
        case .duration: FlagSpec(rawValue, value: "TIME", "Stop each item after playing this long.")
        case .soundbite:
            FlagSpec(rawValue, value: "N", "Play the first episode's soundbite N (as notes lists them): from its start, for its length.")
        case .volume: FlagSpec(rawValue, value: Player.volumeRange.text, "Volume, \(Player.volumeRange.text).")
        case .speed:
            FlagSpec(
                rawValue, value: "X", "Speed, \(Player.speedRange.text), pitch preserved (default: the show's, else config.toml's).")
        case .sleep: FlagSpec(rawValue, value: "TIME|end", "Fade out and stop after TIME, or at the end of the episode with 'end'.")
        case .skipSilence: FlagSpec(rawValue, "Shorten long pauses (default: the show's, else config.toml's skip_silence).")
        case .noSkipSilence: FlagSpec(rawValue, "Leave pauses as they are, whatever the settings say.")
        case .normalize:
            FlagSpec(rawValue, "Even out the loudness to loudness_target (default: the show's, else config.toml's normalize).")
        case .noNormalize: FlagSpec(rawValue, "Play at the file's own loudness, whatever the settings say.")
        case .voiceBoost:
            FlagSpec(rawValue, "Boost voices: quiet ones up to loud ones (default: the show's, else config.toml's voice_boost).")
        case .noVoiceBoost: FlagSpec(rawValue, "Leave voices as they are, whatever the settings say.")
        case .noResume: FlagSpec(rawValue, "Start at the beginning (or --start), not where the episode was left.")
        case .output:
            FlagSpec(
                rawValue, value: "DRIVER[:PATH]", "Where a new player plays: default, pulse, alsa, null, wav:FILE, au:FILE, raw:FILE.")
        case .fast: FlagSpec(rawValue, "With --output null: as fast as it decodes, not in real time (scripts, tests).")
        case .quiet: FlagSpec(rawValue, "No now-playing line on a terminal.")
        }
    }

    /// Sets this flag, with its `value` when it takes one, in `request`.
    package func set(_ value: String?, in request: inout PlayRequest, _ command: CommandSpec) throws(CommandError) {
        switch self {
        case .enqueue: request.enqueue = true
        case .noResume: request.noResume = true
        case .quiet: request.quiet = true
        case .fast: request.fast = true
        case .skipSilence: request.skipSilence = true
        case .noSkipSilence: request.skipSilence = false
        case .normalize: request.normalize = true
        case .noNormalize: request.normalize = false
        case .voiceBoost: request.voiceBoost = true
        case .noVoiceBoost: request.voiceBoost = false
        case .start: request.start = try absolute(ValueParser.time(value ?? "", for: command), value, command)
        case .duration: request.duration = try absolute(ValueParser.time(value ?? "", for: command), value, command)
        case .soundbite:
            guard let number = value.flatMap({ Int($0) }), number >= 1 else {
                throw CommandError(
                    .invalidParameter, "\(command.name): --soundbite takes a soundbite's number, 1 or more, not '\(value ?? "")'")
            }
            request.soundbite = number
        case .volume: request.volume = try absolute(ValueParser.volume(value ?? "", for: command), value, command)
        case .speed: request.speed = try absolute(ValueParser.speed(value ?? "", for: command), value, command)
        case .sleep:
            let setting = try ValueParser.sleep(value ?? "", for: command)
            request.sleep = setting == .off ? nil : setting
        case .output: request.output = value
        }
    }

    /// The words that say this flag of `request` again; none when it is not set, or (`--quiet`) when it only
    /// concerns the process that read it.
    package func words(of request: PlayRequest) -> [String] {
        let flag = "--" + rawValue
        switch self {
        case .enqueue: return request.enqueue ? [flag] : []
        case .start: return request.start.map { [flag, $0.plainText] } ?? []
        case .duration: return request.duration.map { [flag, $0.plainText] } ?? []
        case .soundbite: return request.soundbite.map { [flag, String($0)] } ?? []
        case .volume: return request.volume.map { [flag, $0.plainText] } ?? []
        case .speed: return request.speed.map { [flag, $0.plainText] } ?? []
        case .sleep:
            switch request.sleep {
            case .after(let seconds)?: return [flag, seconds.plainText]
            case .endOfEpisode?: return [flag, "end"]
            case .off?, nil: return []
            }
        case .skipSilence: return request.skipSilence == true ? [flag] : []
        case .noSkipSilence: return request.skipSilence == false ? [flag] : []
        case .normalize: return request.normalize == true ? [flag] : []
        case .noNormalize: return request.normalize == false ? [flag] : []
        case .voiceBoost: return request.voiceBoost == true ? [flag] : []
        case .noVoiceBoost: return request.voiceBoost == false ? [flag] : []
        case .noResume: return request.noResume ? [flag] : []
        case .output: return request.output.map { [flag, $0] } ?? []
        case .fast: return request.fast ? [flag] : []
        case .quiet: return []
        }
    }

    /// The value of an absolute adjustment; a signed one is refused for a flag.
    private func absolute(_ adjustment: Adjustment, _ value: String?, _ command: CommandSpec) throws(CommandError) -> Double {
        guard case .to(let number) = adjustment else {
            throw CommandError(
                .invalidParameter, "\(command.name): --\(rawValue) takes a value without a sign, not '\(value ?? "")'")
        }
        return number
    }
}
