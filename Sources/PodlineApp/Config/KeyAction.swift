/// What a key does in the full-screen view. Its raw value is its name in config.toml's `[keys]`.
package enum KeyAction: String, CaseIterable, Sendable {
    case down, up
    case pageDown = "page_down"
    case pageUp = "page_up"
    case top, bottom
    case left, right
    case switchPane = "switch_pane"
    case play, toggle, stop
    case forward, back
    case volumeUp = "volume_up"
    case volumeDown = "volume_down"
    case faster, slower
    case nextChapter = "next_chapter"
    case previousChapter = "previous_chapter"
    case nextEpisode = "next_episode"
    case silence, normalize, voice
    case markPlayed = "mark_played"
    case bookmark
    case favourite
    case download
    case enqueue
    case update
    case filter
    case command
    case help
    case quit
    case viewNew = "view_new"
    case viewInProgress = "view_in_progress"
    case viewQueue = "view_queue"
    case viewDownloads = "view_downloads"
    case viewFavourites = "view_favourites"
    case viewSearch = "view_search"
    case viewFind = "view_find"

    /// The keys it has unless `[keys]` says otherwise.
    package var defaultKeys: [KeyPress] {
        switch self {
        case .down: [.down, .character("j")]
        case .up: [.up, .character("k")]
        case .pageDown: [.pageDown, .control("d")]
        case .pageUp: [.pageUp, .control("u")]
        case .top: [.home, .character("g")]
        case .bottom: [.end, .character("G")]
        case .left: [.left, .character("h")]
        case .right: [.right, .character("l")]
        case .switchPane: [.tab]
        case .play: [.enter]
        case .toggle: [.character(" ")]
        case .stop: [.character("x")]
        case .forward: [.character("f")]
        case .back: [.character("b")]
        case .volumeUp: [.character("+"), .character("=")]
        case .volumeDown: [.character("-")]
        case .faster: [.character(">")]
        case .slower: [.character("<")]
        case .nextChapter: [.character("n")]
        case .previousChapter: [.character("p")]
        case .nextEpisode: [.character("N")]
        case .silence: [.character("s")]
        case .normalize: [.character("L")]
        case .voice: [.character("V")]
        case .markPlayed: [.character("m")]
        case .bookmark: [.character("B")]
        case .favourite: [.character("*")]
        case .download: [.character("d")]
        case .enqueue: [.character("a")]
        case .update: [.character("u")]
        case .filter: [.character("/")]
        case .command: [.character(":")]
        case .help: [.character("?")]
        case .quit: [.character("q")]
        case .viewNew: [.character("1")]
        case .viewInProgress: [.character("2")]
        case .viewQueue: [.character("3")]
        case .viewDownloads: [.character("4")]
        case .viewFavourites: [.character("5")]
        case .viewSearch: [.character("6")]
        case .viewFind: [.character("7")]
        }
    }

    /// What it does, for the keys' help.
    package var summary: String {
        switch self {
        case .down: "next row"
        case .up: "previous row"
        case .pageDown: "page down"
        case .pageUp: "page up"
        case .top: "first row"
        case .bottom: "last row"
        case .left: "to the shows and views"
        case .right: "to the episodes"
        case .switchPane: "other pane"
        case .play: "play (a directory result: subscribe)"
        case .toggle: "pause or resume"
        case .stop: "stop"
        case .forward: "skip forward"
        case .back: "skip back"
        case .volumeUp: "volume up"
        case .volumeDown: "volume down"
        case .faster: "faster"
        case .slower: "slower"
        case .nextChapter: "next chapter"
        case .previousChapter: "previous chapter"
        case .nextEpisode: "next queued episode"
        case .silence: "skip silence on or off"
        case .normalize: "even loudness on or off"
        case .voice: "voice boost on or off"
        case .markPlayed: "mark played or unplayed"
        case .bookmark: "bookmark (a note, Enter)"
        case .favourite: "favourite or not"
        case .download: "download"
        case .enqueue: "add to the queue"
        case .update: "update the feeds"
        case .filter: "filter the list as you type"
        case .command: "command line (Tab completes)"
        case .help: "these keys"
        case .quit: "quit"
        case .viewNew: "new episodes"
        case .viewInProgress: "in progress"
        case .viewQueue: "the queue"
        case .viewDownloads: "downloads"
        case .viewFavourites: "favourites"
        case .viewSearch: "search results"
        case .viewFind: "directory results"
        }
    }
}

/// Which action each key does: the defaults, with `[keys]` of config.toml over them (an action given a key loses its
/// default keys; config.toml is refused when a key would do two actions, see `clash`, and here a key given to an action
/// is taken from any other).
package struct KeyMap: Sendable {
    private(set) var actions: [KeyPress: KeyAction] = [:]

    /// The map with `overrides` (action name to key name, as `[keys]` gives them; already checked).
    package init(overrides: [String: String] = [:]) {
        var keysOf: [KeyAction: [KeyPress]] = [:]
        for action in KeyAction.allCases { keysOf[action] = action.defaultKeys }
        for (name, keyName) in overrides {
            guard let action = KeyAction(rawValue: name), let key = KeyPress(name: keyName) else { continue }
            for other in KeyAction.allCases { keysOf[other]?.removeAll { $0 == key } }
            keysOf[action] = [key]
        }
        for (action, keys) in keysOf {
            for key in keys { actions[key] = action }
        }
    }

    /// Two actions one key would do with `overrides` (in the order they are written): the key, the action given it,
    /// and the other action that has it, by default (`byDefault`: its own keys are not overridden) or by an earlier
    /// override; nil when each key does one action.
    package static func clash(
        _ overrides: [(action: KeyAction, key: KeyPress)]
    ) -> (key: KeyPress, action: KeyAction, other: KeyAction, byDefault: Bool)? {
        let overridden = Set(overrides.map(\.action))
        for (index, override) in overrides.enumerated() {
            if let earlier = overrides[..<index].first(where: { $0.key == override.key && $0.action != override.action }) {
                return (override.key, override.action, earlier.action, false)
            }
            if let other = KeyAction.allCases.first(where: {
                $0 != override.action && !overridden.contains($0) && $0.defaultKeys.contains(override.key)
            }) {
                return (override.key, override.action, other, true)
            }
        }
        return nil
    }

    package func action(for key: KeyPress) -> KeyAction? {
        actions[key]
    }

    /// The keys of `action`, in order of their names.
    package func keys(of action: KeyAction) -> [KeyPress] {
        actions.filter { $0.value == action }.map(\.key).sorted { $0.name < $1.name }
    }
}
