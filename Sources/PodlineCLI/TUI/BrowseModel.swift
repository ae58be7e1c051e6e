import DataFlow
import Foundation
import PodcastKit
import PodlineApp

/// What the right-hand list shows.
enum BrowseSource: Hashable, Sendable {
    case new, inProgress, queue, downloads, favourites, search, find
    /// One show's episodes.
    case show(id: Int64, slug: String)
    /// A playlist's episodes, in its order.
    case playlist(name: String)

    /// The views listed above the shows, in order.
    static let views: [BrowseSource] = [.new, .inProgress, .queue, .downloads, .favourites, .search, .find]

    var title: String {
        switch self {
        case .new: "New"
        case .inProgress: "In progress"
        case .queue: "Queue"
        case .downloads: "Downloads"
        case .favourites: "Favourites"
        case .search: "Search results"
        case .find: "Directory results"
        case .show(_, let slug): slug
        case .playlist(let name): "≡ " + name
        }
    }
}

/// One row of the left-hand list: a view, or a show with its unplayed count.
struct SidebarItem: Equatable, Sendable {
    var title: String
    var count: Int?
    var source: BrowseSource
}

/// The full-screen view's state: the lists, their windows, what pane has the keys, the filter, the command line and
/// the last message. The views draw from it; keys and clicks change it, and commands change the library and the
/// player, which it reloads from.
@Observable @MainActor
final class BrowseModel {
    enum Focus: Sendable { case sidebar, list }

    var focus = Focus.sidebar
    private(set) var sidebar: [SidebarItem] = []
    var sidebarWindow = ListWindow(count: 0, height: 0)
    private(set) var source = BrowseSource.new
    /// Every row of the source, as read (`row(_:)` gives a row as it stands now).
    private(set) var rows: [BrowseRow] = []
    /// The rows the filter lets through, as indices into `rows`.
    private(set) var shown = ShownRows(all: 0)
    /// Rows read again since the list was read (a mark, a favourite, a download, a position saved), by their index in
    /// `rows`: a change costs what it touched, not a reading of the whole list.
    private(set) var changedRows: [Int: BrowseRow] = [:]
    /// The indices in `rows` of the rows that left the source since it was read (marked played in New, no longer a
    /// favourite).
    private(set) var gone: Set<Int> = []
    var listWindow = ListWindow(count: 0, height: 0)
    /// The filter being typed after `/`; nil when none.
    private(set) var filter: String?
    /// Whether the filter still takes keys (Enter keeps it and gives the keys back).
    var isFiltering = false
    /// The command line being typed after `:`; nil when closed.
    var commandLine: String?
    /// The last line a command printed (or an error).
    var message = ""
    /// The lines of the last command typed after `:`, shown over the lists when there are several.
    var output: [String] = []
    var showsOutput = false
    var showsHelp = false
    /// The terminal's size.
    var size = CellSize(width: 80, height: 24)
    /// Downloads under way, by episode reference: the share received (nil while the size is unknown).
    var transfers: [String: Double?] = [:]
    /// The words of the last search, for the search view.
    var searchText: String?

    /// Runs a command (the front end's one way to act on the player and the library).
    @ObservationIgnored var perform: (ParsedCommand) -> Void = { _ in }
    @ObservationIgnored let store: LibraryStore
    @ObservationIgnored let player: Player

    init(store: LibraryStore, player: Player) {
        self.store = store
        self.player = player
    }

    /// The details of the episodes shown last, by reference and width, the most recent last: a move back to one of
    /// them reads nothing from the library.
    @ObservationIgnored private var detailsKept: [(ref: String, width: Int, details: EpisodeDetails)] = []
    /// How many episodes' details are kept.
    static let detailsKeptCount = 64
    /// The shows of the episodes whose details were read, by slug (a move to the next episode of the same show reads
    /// only the episode); forgotten with the details.
    @ObservationIgnored private var detailsShows: [String: ShowRecord] = [:]
    /// Counts the times the details shown may have changed (a bookmark kept, the library read again): the details pane
    /// reads it, so it is drawn again then.
    private var detailsGeneration = 0

    /// Forgets the details kept, and has the pane draw them anew.
    func forgetDetails() {
        detailsKept.removeAll()
        detailsShows.removeAll()
        detailsGeneration += 1
    }

    /// What the details pane shows of `row` beside its title: the feed's people, soundbites and funding, the episode's
    /// bookmarks, and the show notes at a third of the screen's width; kept for the last `detailsKeptCount` rows asked
    /// about (until the library changes).
    func details(of row: BrowseRow) -> EpisodeDetails {
        let width = detailsWidth
        _ = detailsGeneration
        if let index = keptDetailsIndex(of: row) {
            let kept = detailsKept.remove(at: index)
            detailsKept.append(kept)
            return kept.details
        }
        // A row names a library episode as `show/N` (a search's or a queued address's row names none); the episode
        // and its bookmarks come in one read.
        let found = EpisodeReference(row.ref).flatMap { try? store.episodeWithBookmarks($0) }
        let notes = ShowNotes(html: found?.listing.episode.description ?? "", width: width, bold: false)
        var extras: [String] = []
        if let (listing, marks) = found {
            let show = detailsShows[listing.showSlug] ?? (try? store.show(matching: listing.showSlug))
            if let show, detailsShows.count < Self.detailsKeptCount { detailsShows[listing.showSlug] = show }
            extras = FeedExtrasText(episode: listing.episode, show: show, ref: listing.ref).episodeLines
            if !marks.isEmpty {
                extras.append("Bookmarks (podline play \(Bookmark.prefix)N):")
                for mark in marks {
                    extras.append("  \(mark.ref)  \(ClockText.of(mark.position))" + (mark.note.map { "  " + TerminalText.safe($0) } ?? ""))
                }
            }
        }
        let details = EpisodeDetails(extras: extras, notes: notes)
        if detailsKept.count == Self.detailsKeptCount { detailsKept.removeFirst() }
        detailsKept.append((row.ref, width, details))
        return details
    }

    /// Where the list's selection was at the last read-ahead, for the direction it moves in.
    @ObservationIgnored private var selectionReadAhead: Int?

    /// Reads the details of the episode the selection comes to next (the one after it in the way it last moved), once
    /// the frame of a move is out: the move to it then draws from what is kept. Nothing without a details pane, and
    /// nothing after a key that did not move the selection (a mark's change of the library is still to come then).
    func readAhead() {
        guard size.width >= BrowseScreen.detailsFrom, let selection = listWindow.selection, selection != selectionReadAhead
        else { return }
        let step = selection < (selectionReadAhead ?? selection) ? -1 : 1
        selectionReadAhead = selection
        guard shown.indices.contains(selection + step) else { return }
        _ = details(of: row(shown[selection + step]))
    }

    /// True when the details of `row` at the width shown now are kept (a move to it reads nothing).
    func keepsDetails(of row: BrowseRow) -> Bool {
        keptDetailsIndex(of: row) != nil
    }

    /// Where the details of `row` at the width shown now are among those kept.
    private func keptDetailsIndex(of row: BrowseRow) -> Int? {
        let width = detailsWidth
        return detailsKept.lastIndex { $0.ref == row.ref && $0.width == width }
    }

    /// The width the details pane wraps the notes at: a third of the screen, less its borders.
    private var detailsWidth: Int { max(10, size.width / 3 - 2) }

    /// Runs `command`, as a key does.
    func run(_ command: ParsedCommand) {
        perform(command)
    }

    /// Row `index` of `rows`, as it stands now.
    func row(_ index: Int) -> BrowseRow {
        changedRows[index] ?? rows[index]
    }

    /// How many rows the source holds now.
    var total: Int { rows.count - gone.count }

    /// The row under the list's selection.
    var selectedRow: BrowseRow? {
        guard let selection = listWindow.selection, shown.indices.contains(selection) else { return nil }
        return row(shown[selection])
    }

    /// The sidebar's item under its selection.
    var selectedItem: SidebarItem? {
        guard let selection = sidebarWindow.selection, sidebar.indices.contains(selection) else { return nil }
        return sidebar[selection]
    }

    /// Reads the shows and the source's rows again, keeping both selections on their rows where they still are.
    func reload() {
        forgetDetails()
        reloadSidebar()
        loadRows()
    }

    /// Takes in what the library changed of these episodes: of the list, only their rows are read again, and those that
    /// left the source are taken out; the whole list is read again only when one of them may have joined it, or the
    /// list is not one query's. A change of places alone (`placesOnly`: a position saved) changes no show's count and
    /// takes no row out: the episode playing stays where the listener chose it until the list is read again. The
    /// details kept stay: none of what they show is a played mark, a favourite, a download or a place.
    func changed(episodes ids: Set<Int64>, placesOnly: Bool) {
        if !placesOnly { recountShows() }
        guard !ids.isEmpty else { return }
        guard var query, source != .downloads, !isLoading else { return loadRows() }
        query.episodeIDs = ids.sorted()
        query.limit = nil
        // A row that no longer matches stays only for a change of places: only then is it read apart from the query.
        var everywhere = EpisodeQuery()
        everywhere.episodeIDs = query.episodeIDs
        guard let matching = try? store.episodeSummaries(query),
            let read = placesOnly ? try? store.episodeSummaries(everywhere) : matching
        else { return loadRows() }
        var joined = Set(matching.map(\.id))
        let now = Dictionary(read.map { ($0.id, BrowseRow(summary: $0)) }, uniquingKeysWith: { first, _ in first })
        var changed = changedRows
        var left = Set<Int>()
        for (index, id) in places(of: ids) {
            let stays = joined.remove(id) != nil || placesOnly
            if stays, let after = now[id] {
                if after != row(index) { changed[index] = after }
            } else {
                left.insert(index)
            }
        }
        // An episode that matches the source now and is not in the list joined it: its place is the query's to say.
        guard joined.isEmpty else { return loadRows() }
        if changed != changedRows { changedRows = changed }
        guard !left.isEmpty else { return }
        gone.formUnion(left)
        // The selection stays on its row, or where it was when its row left (on the row after it).
        var kept = shown
        var selection = listWindow.selection
        for index in left.sorted(by: >) {
            guard let position = kept.remove(row: index) else { continue }
            if let at = selection, position < at { selection = at - 1 }
        }
        shown = kept
        listWindow.recount(kept.count)
        if let selection, selection != listWindow.selection, kept.indices.contains(selection) { listWindow.move(.to(selection)) }
    }

    /// Where in `rows` the episodes `ids` are: looked for first among the rows on screen, then in the whole list.
    private func places(of ids: Set<Int64>) -> [(index: Int, id: Int64)] {
        var places: [(index: Int, id: Int64)] = []
        var missing = ids
        // Read once: each read of an observed property is a lookup of its own.
        let (rows, shown, gone) = (self.rows, self.shown, self.gone)
        let window = listWindow.visible.compactMap { shown.indices.contains($0) ? shown[$0] : nil }
        for index in window {
            if let id = rows[index].episodeID, missing.remove(id) != nil { places.append((index, id)) }
        }
        guard !missing.isEmpty else { return places }
        for index in rows.indices {
            if let id = rows[index].episodeID, missing.contains(id), !gone.contains(index) {
                missing.remove(id)
                places.append((index, id))
                if missing.isEmpty { break }
            }
        }
        return places
    }

    /// Reads the shows' unplayed counts again for the left pane (a mark changes nothing else there).
    private func recountShows() {
        guard let counts = try? store.unplayedCounts() else { return reloadSidebar() }
        var items = sidebar
        for index in items.indices {
            guard case .show(let id, _) = items[index].source else { continue }
            guard let count = counts[id] else { return reloadSidebar() }
            items[index].count = count
        }
        if items != sidebar { sidebar = items }
    }

    /// Reads the shows and the views again for the left pane, keeping its selection on its row.
    private func reloadSidebar() {
        let summaries = (try? store.showSummaries()) ?? []
        var items = BrowseSource.views.map { SidebarItem(title: $0.title, count: nil, source: $0) }
        // Playlists after the views (the queue is one of them); a smart one's count would cost its query at every reload,
        // so none is shown.
        for playlist in (try? store.playlists()) ?? [] where !playlist.isQueue {
            let source = BrowseSource.playlist(name: playlist.name)
            items.append(SidebarItem(title: source.title, count: nil, source: source))
        }
        for summary in summaries {
            guard let id = summary.show.id else { continue }
            items.append(
                SidebarItem(
                    title: summary.show.displayTitle, count: summary.unplayedCount, source: .show(id: id, slug: summary.show.slug)))
        }
        if items != sidebar {
            let selected = selectedItem?.source
            sidebar = items
            sidebarWindow.recount(items.count)
            if let selected, let index = items.firstIndex(where: { $0.source == selected }) { sidebarWindow.move(.to(index)) }
        }
    }

    /// Shows `source` in the list (its first row selected).
    func open(_ source: BrowseSource) {
        if let index = sidebar.firstIndex(where: { $0.source == source }), sidebarWindow.selection != index {
            sidebarWindow.move(.to(index))
        }
        guard source != self.source || rows.isEmpty else { return }
        self.source = source
        listWindow.move(.first)
        loadRows()
    }

    /// How many rows a list reads before its first frame; the rest follow from a reading off the main actor.
    static let firstPage = 200
    /// True while the rest of a long list is being read.
    private(set) var isLoading = false
    /// Counts the loads, so that a reading finished for a list no longer shown is dropped.
    @ObservationIgnored private var loads = 0
    @ObservationIgnored private var index = TitleIndex([])
    /// The filter the shown rows were found for, when they were found by one.
    @ObservationIgnored private var filteredBy: String?

    /// The library query of the source, when it has one.
    private var query: EpisodeQuery? {
        switch source {
        case .new: EpisodeQuery(states: [.new])
        case .inProgress: EpisodeQuery(states: [.inProgress])
        case .downloads: EpisodeQuery(states: [.downloaded])
        case .favourites: EpisodeQuery(states: [.favorite])
        case .show(let id, _): EpisodeQuery(showID: id)
        case .queue, .search, .find, .playlist: nil
        }
    }

    /// The rows of the source from the library (or the player's queue), kept selection by reference. A long list shows
    /// its first page at once, and the whole of it once read.
    func loadRows() {
        let selectedRef = selectedRow?.ref
        loads += 1
        isLoading = false
        var loaded: [BrowseRow]
        do {
            if var query {
                query.limit = Self.firstPage
                loaded = try store.episodeSummaries(query).map(BrowseRow.init(summary:))
                if source == .downloads {
                    // Downloads under way first, then the downloaded episodes.
                    let under = try transfers.keys.sorted().filter { ref in !loaded.contains { $0.ref == ref } }
                        .map { BrowseRow(listing: try EpisodeLookup.require($0, in: store)) }
                    loaded = under + loaded
                }
                if loaded.count == Self.firstPage { readRest(of: self.query!, load: loads) }
            } else {
                switch source {
                case .queue: loaded = player.queue.map(BrowseRow.init(queued:))
                case .playlist(let name):
                    loaded = try (PlaylistContents.listings(named: name, in: store) ?? []).map { BrowseRow(listing: $0) }
                case .search:
                    loaded =
                        try searchText.map { try store.search($0, limit: 200).map { BrowseRow(listing: $0.listing, start: $0.time) } } ?? []
                case .find:
                    let count = try store.findResultCount()
                    loaded = try (0..<count).compactMap { try store.findResult($0 + 1).map(BrowseRow.init(find:)) }
                default: loaded = []
                }
            }
        } catch {
            loaded = []
            message = "\(error)"
        }
        take(loaded, index: TitleIndex(loaded.map(\.filterText)), keeping: selectedRef)
    }

    /// Reads the whole of a long list on a thread of its own, and shows it if it is still the list shown.
    private func readRest(of query: EpisodeQuery, load: Int) {
        isLoading = true
        let store = store
        onOwnThread {
            (try? store.episodeSummaries(query)).map { summaries in
                let rows = summaries.map(BrowseRow.init(summary:))
                return (rows: rows, index: TitleIndex(rows.map(\.filterText)))
            }
        } then: { [weak self] read in
            guard let self, let read, self.loads == load else { return }
            self.isLoading = false
            self.take(read.rows, index: read.index, keeping: self.selectedRow?.ref)
        }
    }

    private func take(_ loaded: [BrowseRow], index: TitleIndex, keeping ref: String?) {
        rows = loaded
        changedRows = [:]
        gone = []
        self.index = index
        filteredBy = nil
        applyFilter(keeping: ref)
    }

    /// Sets the filter (nil: none) and lists the rows it lets through.
    func setFilter(_ text: String?) {
        filter = text
        applyFilter(keeping: selectedRow?.ref)
    }

    private func applyFilter(keeping ref: String?) {
        let text = filter?.trimmingCharacters(in: .whitespaces) ?? ""
        if text.isEmpty {
            shown = gone.isEmpty ? ShownRows(all: rows.count) : ShownRows(rows.indices.filter { !gone.contains($0) })
            filteredBy = nil
        } else {
            // A filter typed further keeps a subset of what it kept before: only those rows are looked at again.
            let narrowing = filteredBy.map { text.hasPrefix($0) } ?? false
            let matching = index.rows(matching: text, among: narrowing ? Array(shown) : nil)
            shown = ShownRows(gone.isEmpty ? matching : matching.filter { !gone.contains($0) })
            filteredBy = text
        }
        listWindow.recount(shown.count)
        if let ref, listWindow.selection.map({ shown.indices.contains($0) && row(shown[$0]).ref == ref }) != true,
            let at = shown.firstIndex(where: { row($0).ref == ref })
        {
            listWindow.move(.to(at))
        }
    }
}
