import ArgumentParser
import PodcastKit

/// `podline shows [--json]`: lists the subscribed shows.
struct ShowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shows",
        abstract: CommandTable.summary(of: "shows"))

    @Flag(help: "Print a JSON array.")
    var json = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

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
        MainActor.assumeIsolated {
            ListOutput.write(ShowListView(summaries: summaries, style: .standardOutput()))
        }
    }
}
