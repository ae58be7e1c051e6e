import ArgumentParser
import PodcastKit

/// `podline stats [--json]`: what the library holds and what listening came to, with the time skip silence saved.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: CommandTable.summary(of: "stats"))

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let stats: LibraryStats
        do {
            stats = try library.openStore().stats()
        } catch {
            throw libraryFailure(error)
        }
        if json {
            TerminalOutput.writeJSON(
                .object([
                    ("shows", .int(stats.shows)), ("episodes", .int(stats.episodes)), ("played", .int(stats.played)),
                    ("in_progress", .int(stats.inProgress)), ("downloaded", .int(stats.downloaded)),
                    ("listened_seconds", .number(stats.listenedSeconds.rounded())),
                    ("time_saved", .number(stats.timeSaved.tenths)),
                ]))
            return
        }
        print("Shows: \(stats.shows)")
        print("Episodes: \(stats.episodes), \(stats.played) played, \(stats.inProgress) in progress, \(stats.downloaded) downloaded")
        print("Listened: \(TerminalOutput.duration(stats.listenedSeconds.rounded()))")
        print("Saved by skipping silence: \(TerminalOutput.duration(stats.timeSaved.rounded()))")
    }
}
