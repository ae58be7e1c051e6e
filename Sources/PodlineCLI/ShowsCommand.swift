import ArgumentParser
import PodcastKit

/// `podline shows [--json]`: lists the subscribed shows.
struct ShowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shows",
        abstract: "List subscribed shows.")

    @Flag(help: "Print a JSON array.")
    var json = false

    @OptionGroup var library: LibraryOptions

    func run() throws {
        let summaries: [ShowSummary]
        do {
            summaries = try library.openStore().showSummaries()
        } catch {
            throw libraryFailure(error)
        }
        if json {
            TerminalOutput.writeJSON(.array(summaries.map(\.json)))
            return
        }
        let width = min(32, summaries.map(\.show.slug.count).max() ?? 4)
        for summary in summaries {
            let counts = "\(summary.unplayedCount)/\(summary.episodeCount)"
            let error = summary.show.lastError.map { "  [error: \($0)]" } ?? ""
            print("\(TerminalOutput.pad(summary.show.slug, width))  \(TerminalOutput.pad(counts, 11))  \(summary.show.displayTitle)\(error)")
        }
    }
}
