import Foundation

extension PlayableResolver {
    /// What a live item plays: its stream while it is on air, its recording once it has ended and the feed offers one;
    /// one line saying when it starts, or that no recording is there yet, otherwise.
    func liveItem(_ reference: LiveReference, now: Date = Date()) throws(ResolveError) -> NowPlaying {
        let text = reference.description
        let (items, number, item) = try withStore(text) { store throws(StoreError) in try store.liveItem(reference) }
        let named = items.reference(number).description
        let show = items.show
        switch item.status {
        case .live:
            guard let url = item.url else { throw ResolveError("\(named): the live item names no stream to play") }
            var playing = NowPlaying(title: item.displayTitle, show: show.displayTitle, url: url)
            playing.isLive = true
            playing.liveRef = named
            playing.author = show.author
            playing.image = show.image
            return playing
        case .pending:
            let when = item.start.map { " starts \(LocalTime.relative($0, from: now))" } ?? " has not started"
            throw ResolveError("\(named): \"\(item.displayTitle)\"\(when): it is not on air yet (update the show to see it begin)")
        case .ended:
            let recording = try withStore(text) { store throws(StoreError) in try store.recording(of: item, showID: show.id ?? -1) }
            guard let recording else {
                let ended = item.end.map { " \(LocalTime.relative($0, from: now))" } ?? ""
                throw ResolveError("\(named): \"\(item.displayTitle)\" ended\(ended), and the feed offers no recording of it yet")
            }
            return try playable(recording, typed: recording.ref)
        }
    }

    /// False for `live/12` when that names episode 12 of a show whose slug is `live` and no show's slug is `12` (a
    /// show's id does not count: `live/12` meant that episode before live items were read).
    func meansLiveItem(_ reference: LiveReference, _ text: String) -> Bool {
        guard reference.number == nil, EpisodeReference(text) != nil else { return true }
        let shows = try? withStore(text) { store throws(StoreError) in
            (named: try store.show(matching: reference.show), live: try store.show(matching: "live"))
        }
        guard let shows else { return true }
        return shows.live?.slug != "live" || shows.named?.slug == reference.show
    }
}
