import ArgumentParser
import PodcastKit

/// `podline episodes [SHOW] [--new|--in-progress|--downloaded] [--search TEXT] [--limit N] [--json]`.
struct EpisodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "episodes",
        abstract: CommandTable.summary(of: "episodes"),
        discussion: "Each line starts with the episode's reference (SHOW/NUMBER), which play, download, mark and fav accept.")

    @Argument(help: "A show (slug, id or feed URL); all shows when omitted.")
    var show: String?

    @Flag(name: .customLong("new"), help: CommandTable.flagHelp("episodes", "new"))
    var onlyNew = false

    @Flag(help: CommandTable.flagHelp("episodes", "in-progress"))
    var inProgress = false

    @Flag(help: CommandTable.flagHelp("episodes", "downloaded"))
    var downloaded = false

    @Flag(name: .customLong("favorites"), help: CommandTable.flagHelp("episodes", "favorites"))
    var favorites = false

    @Option(help: CommandTable.flagHelp("episodes", "search"))
    var search: String?

    @Option(help: CommandTable.flagHelp("episodes", "limit"))
    var limit: Int?

    @Flag(help: "Print a JSON array.")
    var json = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative") }
    }

    func run() throws {
        let listings: [EpisodeListing]
        let store: LibraryStore
        do {
            store = try library.openStore()
            var query = EpisodeQuery(search: search, limit: limit)
            if let show {
                guard let record = try store.show(matching: show) else { throw StoreError.notFound("\(show): no such show") }
                query.showID = record.id
            }
            if onlyNew { query.states.append(.new) }
            if inProgress { query.states.append(.inProgress) }
            if downloaded { query.states.append(.downloaded) }
            if favorites { query.states.append(.favorite) }
            listings = try store.episodes(query)
        } catch {
            throw libraryFailure(error)
        }
        let paths = store.paths
        if json {
            TerminalOutput.writeJSON(.array(listings.map { $0.json(paths: paths) }))
            return
        }
        MainActor.assumeIsolated {
            let refWidth = EpisodeListView.refWidth(listings)
            let style = ListStyle.standardOutput()
            ListOutput.write(listings) { EpisodeListView(listings: $0, refWidth: refWidth, style: style) }
        }
    }
}
