extension Player {
    /// Shows a change of the library in the marks of the loaded episode and of the queued ones it is about.
    public func take(_ change: LibraryChange) {
        // Only these changes touch the marks; a saved place (every few seconds while playing) leaves the queue alone.
        let mark: (inout EpisodeMarks) -> Void
        switch change {
        case .played(_, let played): mark = { $0.played = played }
        case .favorite(_, let favorite): mark = { $0.favorite = favorite }
        case .position, .listened, .downloaded, .downloadDeleted, .subscribed, .unsubscribed, .queued: return
        }
        let ids = Set(change.episodeIDs)
        func marked(_ item: NowPlaying) -> NowPlaying {
            guard var marks = item.marks, let id = marks.episodeID, ids.contains(id) else { return item }
            mark(&marks)
            var changed = item
            changed.marks = marks
            return changed
        }
        if let current, case let new = marked(current), new != current { self.current = new }
        let newQueue = queue.map(marked)
        if newQueue != queue { queue = newQueue }
    }
}
