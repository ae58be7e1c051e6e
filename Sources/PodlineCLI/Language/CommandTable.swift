/// Every command of the language, in the order the help lists them.
public enum CommandTable {
    public static let all: [CommandSpec] = [
        CommandSpec("play", usage: "<ref|file|url>", "Play an episode, a file or a URL now.", kind: .player),
        CommandSpec("pause", "Pause playback.", kind: .player),
        CommandSpec("resume", "Resume playback.", kind: .player),
        CommandSpec("toggle", "Pause when playing, resume when paused.", kind: .player),
        CommandSpec("stop", "Stop playback and unload the episode.", kind: .player),
        CommandSpec("next", "Skip to the next queued episode.", kind: .player),
        CommandSpec("seek", usage: "[+|-]TIME", "Jump to TIME, or move by it with a sign.", kind: .player),
        CommandSpec("skip", "Move forward by the configured skip length.", kind: .player),
        CommandSpec("back", "Move back by the configured back length.", kind: .player),
        CommandSpec("volume", usage: "[+|-]N", "Set the volume (0-100), or change it with a sign.", kind: .player),
        CommandSpec("speed", usage: "[+|-]X", "Set the speed (0.5-3.0), or change it with a sign.", kind: .player),
        CommandSpec("queue", usage: "[add <ref|file>…|remove <ref|index>|clear]", "Show or change what plays next.", kind: .player),
        CommandSpec("sleep", usage: "TIME|end|off", "Stop after TIME, at the end of the episode, or never.", kind: .player),
        CommandSpec("status", usage: "[--json]", "Show what is playing.", kind: .player),
        CommandSpec("events", usage: "[--json]", "Stream player events as NDJSON.", kind: .player),
        CommandSpec("add", usage: "<feed-url|file>", "Subscribe to a feed.", kind: .library),
        CommandSpec("update", usage: "[<show>…] [--jobs N]", "Refresh feeds.", kind: .library),
        CommandSpec("shows", usage: "[--json]", "List subscribed shows.", kind: .library),
        CommandSpec("episodes", usage: "[<show>] [--new|--in-progress|--downloaded] [--search TEXT] [--limit N] [--json]",
                    "List episodes.", kind: .library),
        CommandSpec("download", usage: "<ref>…", "Download episodes.", kind: .library),
        CommandSpec("mark", usage: "<ref> played|unplayed", "Mark an episode played or unplayed.", kind: .library),
        CommandSpec("fav", usage: "<ref>", "Toggle an episode's favourite mark.", kind: .library),
        CommandSpec("inspect", usage: "<feed-file|url> [--json]", "Show what a feed holds.", kind: .library),
        CommandSpec("import", usage: "<file.opml>", "Subscribe to the feeds of an OPML file.", kind: .library),
        CommandSpec("export", usage: "[PATH]", "Write subscriptions as OPML.", kind: .library),
        CommandSpec("config", usage: "[--json]", "Show the effective settings and where each came from.", kind: .library),
        CommandSpec("help", usage: "[command]", "List commands, or explain one.", kind: .session),
        CommandSpec("quit", aliases: ["exit"], "Leave the REPL.", kind: .session),
    ]

    /// Every name and alias, for matching and completion.
    public static let names: [String] = all.flatMap { [$0.name] + $0.aliases }

    /// The spec whose name or alias is exactly `name`.
    public static func spec(named name: String) -> CommandSpec? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }
}
