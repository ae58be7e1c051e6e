import ArgumentParser
import Foundation
import PodcastKit

/// `podline delete REF…`: removes downloaded files; the episodes stay, streamable.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: CommandTable.summary(of: "delete"),
        discussion: "The episode is no longer marked downloaded and plays from its URL. What is playing is refused.")

    @Argument(help: "Episodes: SHOW/NUMBER or ids.")
    var refs: [String]

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        if refs.isEmpty { throw ValidationError("give at least one episode reference") }
    }

    func run() throws {
        let store: LibraryStore
        var listings: [EpisodeListing] = []
        do {
            store = try library.openStore()
            for ref in refs { listings.append(try store.episode(try parseReference(ref))) }
        } catch {
            throw libraryFailure(error)
        }
        if let playing = RunningPlayer.currentRef(), listings.contains(where: { $0.ref == playing }) {
            printError("\(playing) is playing: 'podline stop' it before deleting its file")
            throw ExitCode(ExitStatus.failure)
        }
        var notDownloaded = false
        for listing in listings {
            let outcome: DownloadDeletion
            do {
                outcome = try MainActor.assumeIsolated { () throws(StoreError) -> DownloadDeletion in
                    try Library(store: store).deleteDownload(listing)
                }
            } catch {
                throw libraryFailure(error)
            }
            switch outcome {
            case .deleted(let file): print("\(listing.ref): deleted \(file.path)")
            case .alreadyGone(let file): print("\(listing.ref): \(file.path) was already gone; no longer marked downloaded")
            case .notDownloaded:
                printError("\(listing.ref): not downloaded")
                notDownloaded = true
            }
        }
        if notDownloaded { throw ExitCode(ExitStatus.unreadable) }
    }
}
