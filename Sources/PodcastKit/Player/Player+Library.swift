extension Player {
    /// Shows a change of the library in the marks of the loaded episode and of the queued ones it is about.
    public func take(_ change: LibraryChange) {
        let ids = Set(change.episodeIDs)
        func marked(_ item: NowPlaying) -> NowPlaying {
            guard var marks = item.marks, let id = marks.episodeID, ids.contains(id) else { return item }
            switch change {
            case .played(_, let played): marks.played = played
            case .favorite(_, let favorite): marks.favorite = favorite
            case .position, .downloadDeleted, .unsubscribed: return item
            }
            var changed = item
            changed.marks = marks
            return changed
        }
        if let current, case let new = marked(current), new != current { self.current = new }
        let newQueue = queue.map(marked)
        if newQueue != queue { queue = newQueue }
    }
}
