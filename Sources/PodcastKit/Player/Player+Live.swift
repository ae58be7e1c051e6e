import Foundation

extension Player {
    /// The item playing is a live stream: found so when the server answered (`play URL` of a radio server's stream),
    /// where a feed's live item is known to be one from the start.
    public func markLive(for itemID: String) {
        guard current?.id == itemID, !isLive else { return }
        isLive = true
        duration = nil
    }

    /// A live stream's title changed (Icecast's `StreamTitle`) where it is heard: it is the chapter from here on, the
    /// stream's titles so far being its chapters.
    public func streamTitleChanged(_ title: String, for itemID: String) {
        guard current?.id == itemID else { return }
        var chapters = self.chapters.source == .streamTitle ? self.chapters.chapters : []
        if chapters.last?.title == title { return }
        let start = max(position, chapters.last?.start ?? 0)
        chapters.append(Chapter(start: start, title: title))
        self.chapters = ChapterList(source: .streamTitle, chapters: chapters)
    }
}
