import ArgumentParser
import Foundation
import PodcastKit

/// `podline remove SHOW…` (or `unsubscribe`): the shows, their episodes, positions and downloaded files go.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: CommandTable.summary(of: "remove"),
        discussion: """
            Each show is removed in one transaction, after its downloaded files (unless --keep-files). A show whose \
            episode is playing is refused unless --force, which stops the player first. An unknown show: exit 2, \
            nothing removed.
            """,
        aliases: CommandTable.spec(named: "remove")?.aliases ?? [])

    @Argument(help: "Shows: slug, id or feed URL.")
    var shows: [String]

    @Flag(help: CommandTable.flagHelp("remove", "keep-files"))
    var keepFiles = false

    @Flag(help: CommandTable.flagHelp("remove", "force"))
    var force = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        if shows.isEmpty { throw ValidationError("give at least one show") }
    }

    func run() throws {
        let store: LibraryStore
        var records: [ShowRecord] = []
        do {
            store = try library.openStore()
            for text in shows {
                let record = try findShow(text, in: store)
                if !records.contains(where: { $0.id == record.id }) { records.append(record) }
            }
        } catch {
            throw libraryFailure(error)
        }
        if let playing = RunningPlayer.currentRef(), let show = records.first(where: { playing.hasPrefix($0.slug + "/") }) {
            guard force else {
                printError("\(playing) of \(show.slug) is playing: 'podline stop' it first, or remove with --force")
                throw ExitCode(ExitStatus.failure)
            }
            try RunningPlayer.stop()
        }
        for record in records {
            let removal: ShowRemoval
            do {
                removal = try MainActor.assumeIsolated { () throws(StoreError) -> ShowRemoval in
                    try Library(store: store).remove(record, keepFiles: keepFiles)
                }
            } catch {
                throw libraryFailure(error)
            }
            let episodes = removal.episodes == 1 ? "1 episode" : "\(removal.episodes) episodes"
            let files = removal.files.count == 1 ? "1 download" : "\(removal.files.count) downloads"
            var line = "Removed \(removal.slug): \(TerminalText.safe(removal.title)) (\(episodes), \(files) "
            if keepFiles, !removal.files.isEmpty {
                line += "kept in \(removal.files[0].deletingLastPathComponent().path))"
            } else {
                line += keepFiles ? "kept)" : "deleted)"
            }
            print(line)
        }
    }
}
