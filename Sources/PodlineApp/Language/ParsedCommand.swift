import PodcastKit

/// A command line understood: what to do, with its arguments checked.
public enum ParsedCommand: Equatable, Sendable {
    /// A command on the player's model.
    case player(PlayerCommand)
    /// Help on all commands, or on one.
    case help(String?)
    /// Leave the REPL.
    case quit
    /// A library task, which takes a while.
    case task(TaskCommand)
    /// A change of the library's model.
    case edit(EditCommand)
    /// A question to the library's model.
    case query(QueryCommand)

    /// True when the command asked for JSON (`--json`).
    public var asksForJSON: Bool {
        switch self {
        case .player(.status(let json)), .player(.queue(_, let json)), .player(.events(let json)): json
        case .task(let command): command.json
        case .edit(let command): command.json
        case .query(let command): command.json
        case .player, .help, .quit: false
        }
    }
}

/// A command that acts on the player.
public enum PlayerCommand: Equatable, Sendable {
    case play(PlayRequest)
    case pause, resume, toggle, stop, next, skip, back
    case seek(Adjustment)
    case chapter(ChapterMove)
    case volume(Adjustment)
    case speed(Adjustment)
    case queue(QueueAction, json: Bool = false)
    case sleep(SleepSetting)
    /// Turns skip silence on or off.
    case silence(Bool)
    /// Turns normalisation on or off.
    case normalize(Bool)
    /// Turns voice boost on or off.
    case voice(Bool)
    /// Shows or hides the cue line under the now-playing line; nil toggles.
    case cue(Bool?)
    case status(json: Bool)
    case events(json: Bool)

    /// True for commands that only read (they work on a stopped player too).
    public var isQuery: Bool {
        switch self {
        case .status, .events, .queue(.list, _): true
        default: false
        }
    }
}

/// A value given absolutely (`50`) or as a change (`+5`, `-5`).
public enum Adjustment: Equatable, Sendable {
    case to(Double)
    case by(Double)

    /// The value applied to `current`.
    public func applied(to current: Double) -> Double {
        switch self {
        case .to(let value): value
        case .by(let delta): current + delta
        }
    }
}

/// What `queue` does.
public enum QueueAction: Equatable, Sendable {
    case list
    case add([String])
    case remove(String)
    case clear
}

/// What `sleep` sets.
public enum SleepSetting: Equatable, Sendable {
    case after(Double)
    case endOfEpisode
    case off
}
