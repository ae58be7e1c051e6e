/// A player command written back as the words of the language, for a player in another process, which reads them as
/// this same command.
extension PlayerCommand {
    public var words: [String] {
        switch self {
        case .play(let request): request.absolutized().words
        case .pause: [CommandTable.pause.name]
        case .resume: [CommandTable.resume.name]
        case .toggle: [CommandTable.toggle.name]
        case .stop: [CommandTable.stop.name]
        case .next: [CommandTable.next.name]
        case .skip: [CommandTable.skip.name]
        case .back: [CommandTable.back.name]
        case .seek(let adjustment): [CommandTable.seek.name, adjustment.word]
        case .chapter(.next): [CommandTable.chapter.name, "next"]
        case .chapter(.previous): [CommandTable.chapter.name, "prev"]
        case .chapter(.number(let number)): [CommandTable.chapter.name, String(number)]
        case .volume(let adjustment): [CommandTable.volume.name, adjustment.word]
        case .speed(let adjustment): [CommandTable.speed.name, adjustment.word]
        case .queue(let action, let json): [CommandTable.queue.name] + action.words + (json ? ["--json"] : [])
        case .sleep(.after(let seconds)): [CommandTable.sleep.name, seconds.plainText]
        case .sleep(.endOfEpisode): [CommandTable.sleep.name, "end"]
        case .sleep(.off): [CommandTable.sleep.name, "off"]
        case .silence(let on): [CommandTable.silence.name, on ? "on" : "off"]
        case .normalize(let on): [CommandTable.normalize.name, on ? "on" : "off"]
        case .voice(let on): [CommandTable.voice.name, on ? "on" : "off"]
        case .cue(let shown): [CommandTable.cue.name] + (shown.map { [$0 ? "on" : "off"] } ?? [])
        case .status(let json): [CommandTable.status.name] + (json ? ["--json"] : [])
        case .events(let json): [CommandTable.events.name] + (json ? ["--json"] : [])
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
        case .add(let targets): [CommandTable.add.name] + PlayRequest(targets: targets).absolutized().targets
        case .remove(let item): [CommandTable.remove.name, item]
        case .clear: ["clear"]
        }
    }
}
