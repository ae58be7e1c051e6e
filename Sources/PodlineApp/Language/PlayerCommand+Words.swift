/// A player command written back as the words of the language, for a player in another process, which reads them as
/// this same command.
extension PlayerCommand {
    public var words: [String] {
        switch self {
        case .play(let request): request.absolutized().words
        case .pause: ["pause"]
        case .resume: ["resume"]
        case .toggle: ["toggle"]
        case .stop: ["stop"]
        case .next: ["next"]
        case .skip: ["skip"]
        case .back: ["back"]
        case .seek(let adjustment): ["seek", adjustment.word]
        case .chapter(.next): ["chapter", "next"]
        case .chapter(.previous): ["chapter", "prev"]
        case .chapter(.number(let number)): ["chapter", String(number)]
        case .volume(let adjustment): ["volume", adjustment.word]
        case .speed(let adjustment): ["speed", adjustment.word]
        case .queue(let action, let json): ["queue"] + action.words + (json ? ["--json"] : [])
        case .sleep(.after(let seconds)): ["sleep", seconds.plainText]
        case .sleep(.endOfEpisode): ["sleep", "end"]
        case .sleep(.off): ["sleep", "off"]
        case .silence(let on): ["silence", on ? "on" : "off"]
        case .normalize(let on): ["normalize", on ? "on" : "off"]
        case .cue(let shown): ["cue"] + (shown.map { [$0 ? "on" : "off"] } ?? [])
        case .status(let json): ["status"] + (json ? ["--json"] : [])
        case .events(let json): ["events"] + (json ? ["--json"] : [])
        }
    }
}

extension Adjustment {
    /// `50`, or with a sign `+5` and `-5`.
    package var word: String {
        switch self {
        case .to(let value): value.plainText
        case .by(let delta): (delta < 0 ? "-" : "+") + abs(delta).plainText
        }
    }
}

extension QueueAction {
    /// The words after `queue`.
    package var words: [String] {
        switch self {
        case .list: []
        case .add(let targets): ["add"] + PlayRequest(targets: targets).absolutized().targets
        case .remove(let item): ["remove", item]
        case .clear: ["clear"]
        }
    }
}
