/// `live/SHOW/N` or `live/SHOW`: a live stream a show's feed announces, numbered from 1 in the feed's order as
/// `episodes --live` lists them; without a number, the one that matters now (see `LiveItems.current`).
public struct LiveReference: Sendable, Equatable, CustomStringConvertible {
    public var show: String
    public var number: Int?

    /// The reference `text` is; nil for any other text.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0] == "live", !parts[1].isEmpty else { return nil }
        show = String(parts[1])
        guard parts.count == 3 else { return }
        guard !parts[2].isEmpty, parts[2].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        number = Int(parts[2]) ?? Int.max
    }

    public init(show: String, number: Int?) {
        self.show = show
        self.number = number
    }

    public var description: String { number.map { "live/\(show)/\($0)" } ?? "live/\(show)" }
}

/// A show's live items as the library keeps them, and the choice among them.
public struct LiveItems: Sendable, Equatable {
    public var show: ShowRecord
    public var items: [FeedLiveItem]

    public init(show: ShowRecord) {
        self.show = show
        items = FeedLiveItem.list(fromJSON: show.liveItems)
    }

    /// The item a reference without a number means: the one on air, else the next to start, else the last to end.
    public var current: (number: Int, item: FeedLiveItem)? {
        let numbered = items.enumerated().map { (number: $0.offset + 1, item: $0.element) }
        if let live = numbered.first(where: { $0.item.status == .live }) { return live }
        let pending = numbered.filter { $0.item.status == .pending }
        if let next = pending.min(by: { ($0.item.start ?? .distantFuture) < ($1.item.start ?? .distantFuture) }) { return next }
        return numbered.max { ($0.item.end ?? $0.item.start ?? .distantPast) < ($1.item.end ?? $1.item.start ?? .distantPast) }
    }

    /// The reference that names item `number`.
    public func reference(_ number: Int) -> LiveReference { LiveReference(show: show.slug, number: number) }
}

extension LibraryStore {
    /// The live items of every show (or of the show `showID`), shows by title; shows that announce none are left out.
    public func liveItems(showID: Int64? = nil) throws(StoreError) -> [LiveItems] {
        try shows().filter { showID == nil || $0.id == showID }.map(LiveItems.init).filter { !$0.items.isEmpty }
    }

    /// The item `reference` names, with its number; `notFound` when the show or the item is not there.
    public func liveItem(_ reference: LiveReference) throws(StoreError) -> (items: LiveItems, number: Int, item: FeedLiveItem) {
        guard let show = try show(matching: reference.show) else { throw .notFound("\(reference): no show \(reference.show)") }
        let live = LiveItems(show: show)
        guard !live.items.isEmpty else { throw .notFound("\(reference): \(show.slug) announces no live stream") }
        if let number = reference.number {
            guard number >= 1, number <= live.items.count else {
                throw .notFound("\(reference): no live item \(number); \(show.slug) announces \(live.items.count)")
            }
            return (live, number, live.items[number - 1])
        }
        let current = live.current!
        return (live, current.number, current.item)
    }

    /// The episode that is an ended live item's recording: the show's episode with the item's guid, else the first with
    /// its title published after it began.
    public func recording(of item: FeedLiveItem, showID: Int64) throws(StoreError) -> EpisodeListing? {
        if let same = try fetchListing(where: "episode.showID = ? AND episode.guid = ?", arguments: [showID, item.guid]) {
            return same
        }
        guard let title = item.title else { return nil }
        // The same title every week: the first episode published after the stream began (or the newest, undated).
        guard let start = item.start else {
            return try fetchListing(
                where: "episode.showID = ? AND episode.title = ? AND episode.enclosureURL IS NOT NULL ORDER BY episode.number DESC",
                arguments: [showID, title])
        }
        return try fetchListing(
            where: """
                episode.showID = ? AND episode.title = ? AND episode.enclosureURL IS NOT NULL
                AND (episode.published IS NULL OR episode.published >= ?) ORDER BY episode.published IS NULL, episode.published
                """,
            arguments: [showID, title, start])
    }
}
