import PodcastKit

/// Every command of the language, in the order the help lists them: the one list that the shell, the REPL, the
/// control socket, the completions, the help and the man page are held to.
public enum CommandTable {
    /// The flags of `play` and `demo`.
    package static let playFlags = PlayFlag.allCases.map(\.spec)

    public static let all: [CommandSpec] = [
        play, demo, pause, resume, toggle, stop, next, seek, chapter, skip, back, volume, speed, queue, sleep, silence, normalize, voice,
        cue,
        status, events, add, update, schedule, shows, episodes, playlist, plan, download, mark, remove, show, stats, history,
        bookmark, bookmarks, clip, notes, chapters, transcript, link,
        search,
        delete, fav,
        inspect, inspectAds, importOPML, export, find, sync, config, repl, tui, help, quit,
    ]

    /// `play`.
    public static let play = CommandSpec(
        "play", usage: "[<ref|file|url>…]",
        "Play episodes, files or URLs now (with nothing named: resume).", kind: .player, flags: playFlags,
        completion: .references, startsPlayer: true, details: CommandDetails.play, parse: PlayerCommandParser.play)

    /// `demo`.
    public static let demo = CommandSpec(
        "demo", "Play the bundled demo episode (no network needed).", kind: .player, flags: playFlags, in: .shell,
        startsPlayer: true, details: CommandDetails.demo, parse: PlayerCommandParser.demo)

    /// `pause`.
    public static let pause = CommandSpec(
        "pause", "Pause playback.", kind: .player, details: CommandDetails.pause, parse: PlayerCommandParser.pause)

    /// `resume`.
    public static let resume = CommandSpec(
        "resume", "Resume playback.", kind: .player, details: CommandDetails.resume, parse: PlayerCommandParser.resume)

    /// `toggle`.
    public static let toggle = CommandSpec(
        "toggle", "Pause when playing, resume when paused.", kind: .player, details: CommandDetails.toggle,
        parse: PlayerCommandParser.toggle)

    /// `stop`.
    public static let stop = CommandSpec(
        "stop", "Stop playback and unload the episode.", kind: .player, details: CommandDetails.stop, parse: PlayerCommandParser.stop)

    /// `next`.
    public static let next = CommandSpec(
        "next", "Skip to the next queued episode.", kind: .player, details: CommandDetails.next, parse: PlayerCommandParser.next)

    /// `seek`.
    public static let seek = CommandSpec(
        "seek", usage: "[+|-]TIME", "Jump to TIME, or move by it with a sign.", kind: .player, details: CommandDetails.seek,
        parse: PlayerCommandParser.seek)

    /// `chapter`.
    public static let chapter = CommandSpec(
        "chapter", usage: "next|prev|N", "Jump to the next, the previous or the Nth chapter.", kind: .player,
        details: CommandDetails.chapter, parse: PlayerCommandParser.chapter)

    /// `skip`.
    public static let skip = CommandSpec(
        "skip", "Move forward by the configured skip length.", kind: .player, details: CommandDetails.skip, parse: PlayerCommandParser.skip)

    /// `back`.
    public static let back = CommandSpec(
        "back", "Move back by the configured back length.", kind: .player, details: CommandDetails.back, parse: PlayerCommandParser.back)

    /// `volume`.
    public static let volume = CommandSpec(
        "volume", usage: "[+|-]N", "Set the volume (\(Player.volumeRange.text)), or change it with a sign.",
        kind: .player, details: CommandDetails.volume, parse: PlayerCommandParser.volume)

    /// `speed`.
    public static let speed = CommandSpec(
        "speed", usage: "[+|-]X", "Set the speed (\(Player.speedRange.text)), or change it with a sign.",
        kind: .player, details: CommandDetails.speed, parse: PlayerCommandParser.speed)

    /// `queue`.
    public static let queue = CommandSpec(
        "queue", usage: "[add <ref|file>…|remove <ref|index>|clear]", "Show or change what plays next.",
        kind: .player, flags: [json], completion: .words(["add", "clear", "remove"]), traits: [.ownShellForm],
        details: CommandDetails.queue, parse: PlayerCommandParser.queue)

    /// `sleep`.
    public static let sleep = CommandSpec(
        "sleep", usage: "TIME|end|off", "Stop after TIME, at the end of the episode, or never.", kind: .player,
        completion: .words(["end", "off"]), details: CommandDetails.sleep, parse: PlayerCommandParser.sleep)

    /// `silence`.
    public static let silence = CommandSpec(
        "silence", usage: "on|off", "Shorten long pauses (skip silence), or stop shortening them.", kind: .player,
        completion: .words(["off", "on"]), details: CommandDetails.silence, parse: PlayerCommandParser.silence)

    /// `normalize`.
    public static let normalize = CommandSpec(
        "normalize", usage: "on|off", "Even out the loudness to the target, or play at the file's own.", kind: .player,
        completion: .words(["off", "on"]), details: CommandDetails.normalize, parse: PlayerCommandParser.normalize)

    /// `voice`.
    public static let voice = CommandSpec(
        "voice", usage: "on|off", "Boost voices (quiet ones brought up to loud ones), or leave them as they are.", kind: .player,
        completion: .words(["off", "on"]), details: CommandDetails.voice, parse: PlayerCommandParser.voice)

    /// `cue`.
    public static let cue = CommandSpec(
        "cue", usage: "[on|off]", "Show or hide the transcript's cue being heard under the now-playing line (t).",
        kind: .player, completion: .words(["off", "on"]), details: CommandDetails.cue, parse: PlayerCommandParser.cue)

    /// `status`.
    public static let status = CommandSpec(
        "status", "Show what is playing.", kind: .player, flags: [json], details: CommandDetails.status, parse: PlayerCommandParser.status)

    /// `events`.
    public static let events = CommandSpec(
        "events", "Stream player events as NDJSON.", kind: .player, flags: [json], in: [.shell, .socket], traits: [.ownShellForm],
        details: CommandDetails.events, parse: PlayerCommandParser.events)

    /// `add`.
    public static let add = CommandSpec(
        "add", usage: "<feed-url|file|find/N|podroll/SHOW/N|page-url>",
        "Subscribe to a feed (URL or file), a find result, a show's recommendation, or a directory's show.",
        kind: .library,
        flags: [
            FlagSpec(
                "user", value: "NAME", "A private feed's username (the password asked on the terminal, unless --password-command)."),
            FlagSpec("password-command", value: "CMD", "With --user, a command whose first line of output is the password."),
            maxFeedSize,
        ],
        completion: .feeds, details: CommandDetails.add, parse: LibraryTaskParser.add)

    /// `update`.
    public static let update = CommandSpec(
        "update", usage: "[<show>…]", "Refresh subscribed feeds.", kind: .library,
        flags: [
            FlagSpec("jobs", value: "N", "Feeds refreshed at once (default: config.toml's update_jobs)."),
            FlagSpec("notify", "Afterwards, a desktop notification of the new episodes (unless config.toml says notify = false)."),
            json, maxFeedSize,
        ],
        completion: .shows, details: CommandDetails.update, parse: LibraryTaskParser.update)

    /// `schedule`.
    public static let schedule = CommandSpec(
        "schedule", usage: "every <interval>|off|status", "Update the feeds on a timer (a systemd user timer).", kind: .library,
        flags: [json], details: CommandDetails.schedule, parse: LibraryTaskParser.schedule)

    /// `shows`.
    public static let shows = CommandSpec(
        "shows", "List subscribed shows.", kind: .query, flags: [json], details: CommandDetails.shows, parse: LibraryQueryParser.shows)

    /// `episodes`.
    public static let episodes = CommandSpec(
        "episodes", usage: "[<show|playlist>]", "List episodes, newest first.", kind: .query,
        flags: EpisodeFilter.flags + [FlagSpec("live", "The live streams the feeds announce (live/SHOW/N), not episodes."), json],
        completion: .shows, details: CommandDetails.episodes, parse: LibraryQueryParser.episodes)

    /// `playlist`.
    public static let playlist = CommandSpec(
        "playlist", aliases: ["playlists"], usage: "[list|show <name>|add <name> [<ref>…]|edit <name>|remove <name> [<ref>…]]",
        "List, show, make, fill, change and remove playlists.", kind: .query,
        flags: EpisodeFilter.flags + [FlagSpec("head", "With add, put the episodes at the playlist's head."), json],
        completion: .references, details: CommandDetails.playlist, parse: LibraryQueryParser.playlist)

    /// `plan`.
    public static let plan = CommandSpec(
        "plan", usage: "<time> [<show|playlist>…] | --report", "Fill a playlist with what fits in a time of listening.", kind: .query,
        flags: [
            FlagSpec("into", value: "NAME", "The named playlist to fill (default: plan)."),
            FlagSpec("report", "The last plan's forecast beside the time its episodes took to hear since."), json,
        ],
        completion: .shows, details: CommandDetails.plan, parse: LibraryQueryParser.plan)

    /// `download`.
    public static let download = CommandSpec(
        "download", usage: "<ref>…|--new [<show>…]", "Download episodes (resuming interrupted downloads).", kind: .library,
        flags: [
            FlagSpec("new", "Download every new episode (not played, not started, not downloaded), newest first."),
            FlagSpec("limit", value: "N", "With --new, at most N episodes of each show."),
            FlagSpec(
                "keep", value: "N",
                "Afterwards, keep the N newest downloads of each show and delete older played ones (default: each show's retention; 0 keeps all)."
            ),
        ],
        completion: .references, details: CommandDetails.download, parse: LibraryTaskParser.download)

    /// `mark`.
    public static let mark = CommandSpec(
        "mark", usage: "<ref|show>… played|unplayed", "Mark episodes or whole shows played or unplayed.", kind: .edit,
        flags: [
            FlagSpec("older-than", value: "AGE", "Only episodes published longer ago than AGE (30d, 2w, 12h)."),
            FlagSpec("before", value: "DATE", "Only episodes published before DATE (YYYY-MM-DD, UTC)."), json,
        ],
        completion: .referencesThen(LibraryEditParser.MarkState.allCases.map(\.rawValue)), details: CommandDetails.mark,
        parse: LibraryEditParser.mark)

    /// `remove`.
    public static let remove = CommandSpec(
        "remove", aliases: ["unsubscribe"], usage: "<show>…", "Unsubscribe: a show, its episodes, positions and downloads go.",
        kind: .edit,
        flags: [
            FlagSpec("keep-files", "Keep the downloaded files, and say where they are."),
            FlagSpec("force", "Stop the running player when it plays an episode of one of these shows."), json,
        ],
        completion: .shows, details: CommandDetails.remove, parse: LibraryEditParser.remove)

    /// `show`.
    public static let show = CommandSpec(
        "show", usage: "<show> [set KEY VALUE|unset KEY]", "Show a show's details, description and settings, or change a setting.",
        kind: .query, flags: [json], completion: .shows, details: CommandDetails.show, parse: LibraryQueryParser.show)

    /// `stats`.
    public static let stats = CommandSpec(
        "stats", "Show what the library holds and what listening came to (with the time skip silence saved).",
        kind: .query,
        flags: [
            FlagSpec("by", value: "show|day|week|month", "The listening log's sums by show, day, week (from Monday) or month (UTC)."),
            FlagSpec("since", value: "DATE", "The listening log's sums since then: a date YYYY-MM-DD (UTC) or an age such as 30d."),
            json,
        ],
        details: CommandDetails.stats, parse: LibraryQueryParser.stats)

    /// `history`.
    public static let history = CommandSpec(
        "history", "List the stretches heard: which episode, from where to where, when, at what speed.", kind: .query,
        flags: [
            FlagSpec("since", value: "DATE", "Only stretches begun since then: a date YYYY-MM-DD (UTC) or an age such as 7d."),
            FlagSpec("show", value: "SHOW", "Only this show's episodes."),
            FlagSpec("csv", "Print CSV (RFC 4180) with a header line instead of text."), json,
        ],
        details: CommandDetails.history, parse: LibraryQueryParser.history)

    /// `bookmark`.
    public static let bookmark = CommandSpec(
        "bookmark", usage: "[<note>…] | <ref> TIME [<note>…] | remove N", "Mark a moment of an episode, with a note.", kind: .library,
        flags: [json], completion: .references, details: CommandDetails.bookmark, parse: LibraryTaskParser.bookmark)

    /// `clip`.
    public static let clip = CommandSpec(
        "clip", usage: "<ref|bookmark/N|file|url> [FROM [TO]] -o FILE",
        "Write a stretch of an episode to a file: WAV, FLAC, or MP3 cut without re-encoding.", kind: .library,
        flags: [
            json, FlagSpec("output", short: "o", value: "FILE", "The file to write (.wav, .flac or .mp3)."),
            FlagSpec("length", value: "TIME", "How long, from FROM (or the bookmark), instead of TO."),
            FlagSpec("soundbite", value: "N", "The episode's soundbite N (from 1), as its feed marks it."),
            FlagSpec("as-heard", "With the listener's speed, skip silence, loudness and voice boost baked in."),
        ], completion: .references, details: CommandDetails.clip, parse: LibraryTaskParser.clip)

    /// `bookmarks`.
    public static let bookmarks = CommandSpec(
        "bookmarks", usage: "[<ref>]", "List the bookmarks, of one episode or of all.", kind: .query, flags: [json],
        completion: .references, details: CommandDetails.bookmarks, parse: LibraryQueryParser.bookmarks)

    /// `link`.
    public static let link = CommandSpec(
        "link", usage: "[<ref>] [TIME]", "Print where an episode can be found: its page, and its audio at a time.", kind: .library,
        flags: [json], completion: .references, details: CommandDetails.link, parse: LibraryTaskParser.link)

    /// `notes`.
    public static let notes = CommandSpec(
        "notes", usage: "<ref>", "Show an episode's details and its show notes.", kind: .query, flags: [json],
        completion: .references, details: CommandDetails.notes, parse: LibraryQueryParser.notes)

    /// `chapters`.
    public static let chapters = CommandSpec(
        "chapters", usage: "[<ref|file|url>]", "List an episode's chapters and where they come from.", kind: .library,
        flags: [json], completion: .references, details: CommandDetails.chapters, parse: LibraryTaskParser.chapters)

    /// `transcript`.
    public static let transcript = CommandSpec(
        "transcript", usage: "[<ref>]", "Show an episode's transcript, fetched once and kept.", kind: .library,
        flags: [
            json, FlagSpec("at", value: "TIME", "Start at this time of the episode."),
            FlagSpec("follow", "Print each cue as the running player reaches it, until the episode ends."),
        ],
        completion: .references, details: CommandDetails.transcript, parse: LibraryTaskParser.transcript)

    /// `search`.
    public static let search = CommandSpec(
        "search", usage: "<text>…", "Find words in transcripts, titles and show notes, to the second.", kind: .query,
        flags: [
            json, FlagSpec("show", value: "SLUG", "Search one show only."),
            FlagSpec("limit", value: "N", "At most N hits (default \(LibraryQueryParser.searchLimit))."),
            FlagSpec("heard", "Only transcript cues said within stretches you heard (the listening log)."),
        ],
        completion: .none, details: CommandDetails.search, parse: LibraryQueryParser.search)

    /// `delete`.
    public static let delete = CommandSpec(
        "delete", usage: "<ref>…", "Delete downloaded files; the episodes stay, streamable.", kind: .edit, flags: [json],
        completion: .references, details: CommandDetails.delete, parse: LibraryEditParser.delete)

    /// `fav`.
    public static let fav = CommandSpec(
        "fav", usage: "<ref>", "Toggle whether an episode is a favourite.", kind: .edit,
        flags: [
            FlagSpec("on", "Make it a favourite whatever it was."), FlagSpec("off", "Make it not a favourite whatever it was."),
            json,
        ],
        completion: .references, details: CommandDetails.fav, parse: LibraryEditParser.fav)

    /// `inspect`.
    public static let inspect = CommandSpec(
        "inspect", usage: "<feed-file|url|find/N>", "Show what a feed file or URL contains, without subscribing.", kind: .library,
        flags: [json, maxFeedSize], completion: .feeds, details: CommandDetails.inspect, parse: LibraryTaskParser.inspect)

    /// `inspect-ads`.
    public static let inspectAds = CommandSpec(
        "inspect-ads", usage: "<ref>", "Show the stretches a second fetch of a download lacked: inserted ads (skip_inserted).",
        kind: .query, flags: [json], completion: .references, details: CommandDetails.inspectAds,
        parse: LibraryQueryParser.insertedStretches)

    /// `import`.
    public static let importOPML = CommandSpec(
        "import", usage: "<file.opml>", "Subscribe to the feeds of an OPML file.", kind: .library,
        flags: [FlagSpec("jobs", value: "N", "Feeds fetched at once (default: config.toml's update_jobs)."), maxFeedSize],
        completion: .files, details: CommandDetails.`import`, parse: LibraryTaskParser.importOPML)

    /// `export`.
    public static let export = CommandSpec(
        "export", usage: "[PATH]", "Write the subscriptions as OPML 2.0 (to standard output, or to PATH).", kind: .query,
        flags: [FlagSpec("with-credentials", "Write private feeds' usernames and passwords into their URLs.")],
        completion: .files, details: CommandDetails.export, parse: LibraryQueryParser.export)

    /// `find`.
    public static let find = CommandSpec(
        "find", usage: "<words>…|--trending", "Find shows by name in podcast directories (iTunes, Podcast Index).",
        kind: .library,
        flags: [
            FlagSpec(
                "limit", value: "N",
                "At most N results (\(LibraryTaskParser.findLimitRange.lowerBound)-\(LibraryTaskParser.findLimitRange.upperBound); default \(LibraryTaskParser.findLimit))."
            ),
            FlagSpec("directory", value: "NAME", "itunes, podcastindex or all (default: config.toml's [directory] default)."),
            FlagSpec("trending", "What is trending on Podcast Index now."),
            FlagSpec("lang", value: "CODE", "With --trending, shows in this language (en, de, …)."),
            FlagSpec("category", value: "NAME", "With --trending, shows in this category (News, Comedy, …)."), json,
        ],
        completion: .none, details: CommandDetails.find, parse: LibraryTaskParser.find)

    /// `sync`.
    public static let sync = CommandSpec(
        "sync", usage: "[status]", "Keep subscriptions and places in step with a gpodder or Nextcloud server.", kind: .library,
        flags: [json], completion: .words(["status"]), details: CommandDetails.sync, parse: LibraryTaskParser.sync)

    /// `config`.
    public static let config = CommandSpec(
        "config", "Show the effective settings and where each came from.", kind: .library,
        flags: [json, FlagSpec("defaults", "Print a documented config file holding every default.")],
        traits: [.ignoresConfig], details: CommandDetails.config, parse: LibraryTaskParser.config)

    /// `repl`.
    public static let repl = CommandSpec(
        "repl", "Read commands interactively, or one per line from standard input.", kind: .session, in: .shell,
        details: CommandDetails.repl, parse: PlayerCommandParser.session)

    /// `tui`.
    public static let tui = CommandSpec(
        "tui", "Browse and play in a full-screen view (keys, mouse, filter, command line).", kind: .session, in: .shell,
        details: CommandDetails.tui, parse: PlayerCommandParser.session)

    /// `help`.
    public static let help = CommandSpec(
        "help", usage: "[command]", "List commands, or explain one.", kind: .session, completion: .commands, traits: [.ignoresConfig],
        details: CommandDetails.help, parse: PlayerCommandParser.help)

    /// `quit`.
    public static let quit = CommandSpec(
        "quit", aliases: ["exit"], "Leave the REPL.", kind: .session, in: .repl, parse: PlayerCommandParser.quit)

    /// `--json`, as every command that can print JSON takes it.
    package static var json: FlagSpec { FlagSpec("json", "Print JSON instead of text.") }

    /// `--max-feed-size MB`, as every command that reads feeds takes it.
    package static var maxFeedSize: FlagSpec {
        let range = LibraryTaskParser.feedSizeRange
        return FlagSpec(
            "max-feed-size", value: "MB",
            "Refuse feeds larger than this many megabytes (\(range.lowerBound)-\(range.upperBound); default \(LibraryTaskParser.defaultFeedSize))."
        )
    }

    /// The commands the language parses and runs in the shell (player commands but those with a form of their own,
    /// library edits, questions and tasks), in order: the shell's ArgumentParser subcommands list them from here.
    package static let shellLanguage: [CommandSpec] = available(in: .shell).filter { spec in
        switch spec.kind {
        case .player: !spec.traits.contains(.ownShellForm)
        case .edit, .query, .library: true
        case .session: false
        }
    }

    /// Every name and alias, for matching and completion.
    public static let names: [String] = all.flatMap { [$0.name] + $0.aliases }

    /// The one-line summary of the command `name`, for the shell's help.
    package static func summary(of name: String) -> String {
        spec(named: name)?.summary ?? ""
    }

    /// The words `name`'s arguments complete to, when the table lists them.
    package static func completionWords(of name: String) -> [String] {
        guard case .words(let words)? = spec(named: name)?.completion else { return [] }
        return words
    }

    /// The spec whose name or alias is exactly `name`.
    public static func spec(named name: String) -> CommandSpec? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The commands that can be typed in `frontEnd`.
    public static func available(in frontEnd: CommandSpec.FrontEnds) -> [CommandSpec] {
        all.filter { $0.frontEnds.contains(frontEnd) }
    }
}

extension ClosedRange<Double> {
    /// `0.5-3` or `0-100`: the range as help and errors write it.
    package var text: String { "\(lowerBound.plainText)-\(upperBound.plainText)" }
}
