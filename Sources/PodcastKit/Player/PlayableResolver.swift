import Foundation

/// Turns whatever a listener names (a URL, a file, an episode reference, a show) into something playable.
///
/// Every front end resolves through this one type, so the shell, the REPL and the control socket agree on what
/// a reference means; a downloaded episode is played from its file wherever the command was started.
public struct PlayableResolver: Sendable {
    /// Where the library and its downloads live.
    public var paths: LibraryPaths
    /// The folder relative file paths are read from.
    public var directory: String

    /// The format to stream when a feed offers an episode in several files, by show slug (`prefer_format`).
    public var mediaChoice: @Sendable (String) -> MediaChoice = { _ in MediaChoice() }

    /// The episodes of the playlist a name names, in order; nil when no playlist has that name.
    public var playlist: @Sendable (String, LibraryStore) throws(StoreError) -> [EpisodeListing]? = { _, _ in nil }

    /// The library a front end keeps open, read instead of opening the one at `paths` for each reference.
    public var store: LibraryStore?

    public init(paths: LibraryPaths = LibraryPaths(), directory: String = FileManager.default.currentDirectoryPath) {
        self.paths = paths
        self.directory = directory
    }

    /// The item `text` names, in this order: an http(s) URL; a live item (`live/SHOW[/N]`); an existing file; an
    /// episode reference (`show/N` or an id); `show/latest` or a show alone, meaning the show's newest episode not yet played.
    public func resolve(_ text: String) throws(ResolveError) -> NowPlaying {
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            // A share link's time (`#t=1:23`, `?t=83`) is where it starts.
            let (url, start) = URLTime.split(text)
            let name = URL(string: url)?.lastPathComponent ?? ""
            var item = NowPlaying(title: name.isEmpty ? url : name, url: url)
            item.start = start
            return item
        }
        if let live = LiveReference(text), localPath(text) == nil, meansLiveItem(live, text) { return try liveItem(live) }
        if let id = Bookmark.id(in: text) {
            let found = try withStore(text) { store throws(StoreError) in try store.bookmark(id) }
            var item = try playable(found.listing, typed: found.listing.ref)
            item.start = found.bookmark.position
            return item
        }
        if let local = localPath(text) {
            guard !local.isDirectory else { throw ResolveError("\(text): is a directory") }
            return NowPlaying(title: (local.path as NSString).lastPathComponent, url: local.path)
        }
        if EpisodeReference(text) == nil, EpisodeLookup.showSlug(text) == nil || Self.looksLikeAudioFile(text) {
            throw ResolveError("\(text): no such file or directory")
        }
        let found = try withStore(text) { store throws(StoreError) in try EpisodeLookup.listing(text, in: store) }
        guard let listing = found else { throw ResolveError("\(text): no such file, episode, show or playlist") }
        return try playable(listing, typed: text)
    }

    /// The items `text` names: those of `resolve`, or a playlist's episodes in its order (a show's name wins over a
    /// playlist's). An empty playlist is an error, as nothing would play.
    public func resolveAll(_ text: String) throws(ResolveError) -> [NowPlaying] {
        do {
            return [try resolve(text)]
        } catch {
            guard EpisodeReference(text) == nil, let name = EpisodeLookup.showSlug(text), name == text,
                FileManager.default.fileExists(atPath: paths.database.path)
            else { throw error }
            let playlist = self.playlist
            guard let listings = try withStore(text, { store throws(StoreError) in try playlist(name, store) }) else { throw error }
            guard !listings.isEmpty else { throw ResolveError("\(text): the playlist is empty") }
            var items: [NowPlaying] = []
            for listing in listings { items.append(try playable(listing, typed: listing.ref)) }
            return items
        }
    }

    /// True for a name that can only be meant as a file: one ending in an audio file's extension.
    private static func looksLikeAudioFile(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return [".mp3", ".m4a", ".mp2", ".ogg", ".opus", ".wav", ".flac", ".aac"].contains { lowered.hasSuffix($0) }
    }

    /// The standardized path of what `text` names on disk (relative to `directory` unless absolute), when it exists.
    public func localPath(_ text: String) -> (path: String, isDirectory: Bool)? {
        guard !text.hasPrefix("http://"), !text.hasPrefix("https://") else { return nil }
        let path = text.hasPrefix("/") ? text : (directory as NSString).appendingPathComponent(text)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return ((path as NSString).standardizingPath, isDirectory.boolValue)
    }

    /// The episode heard last and not finished, if the library has one.
    public func lastHeard() throws(ResolveError) -> NowPlaying? {
        guard FileManager.default.fileExists(atPath: paths.database.path) else { return nil }
        guard let listing = try withStore("the library", { store throws(StoreError) in try store.lastHeard() }) else { return nil }
        return try playable(listing, typed: listing.ref)
    }

    /// The playable item for a library episode: its downloaded file when that is on disk, else its enclosure URL.
    public func playable(_ listing: EpisodeListing, typed text: String) throws(ResolveError) -> NowPlaying {
        let record = listing.episode
        let url: String
        if let stored = record.downloadPath, case let file = paths.file(forDownload: stored).path,
            FileManager.default.fileExists(atPath: file)
        {
            url = file
        } else if let enclosure = record.mediaFile(choosing: mediaChoice(listing.showSlug))?.url {
            // A feed read from a file names its local enclosures as file URLs; the player takes their paths.
            let fileURL = enclosure.hasPrefix("file://") ? URL(string: enclosure).flatMap { $0.isFileURL ? $0 : nil } : nil
            url = fileURL?.path ?? enclosure
        } else {
            throw ResolveError("\(listing.ref): the episode has no audio")
        }
        var item = NowPlaying(
            ref: listing.ref, title: record.title ?? listing.ref, show: listing.showTitle ?? listing.showSlug,
            url: url, duration: record.duration)
        item.author = listing.showAuthor
        item.image = record.image ?? listing.showImage
        item.marks = EpisodeMarks(episodeID: record.id, played: record.isPlayed, favorite: record.isFavorite)
        return item
    }

    /// The soundbite numbered `number` (from 1, in the feed's order) of the library episode `item` is.
    public func soundbite(_ number: Int, of item: NowPlaying) throws(ResolveError) -> Soundbite {
        guard let ref = item.ref else { throw ResolveError("\(item.title): not an episode of the library, so it has no soundbites") }
        let found = try withStore(ref) { store throws(StoreError) in try EpisodeLookup.listing(ref, in: store) }
        let soundbites = Soundbite.list(fromJSON: found?.episode.soundbites)
        guard soundbites.indices.contains(number - 1) else {
            let has = soundbites.isEmpty ? "has none" : "has \(soundbites.count) (see podline notes \(ref))"
            throw ResolveError("\(ref): no soundbite \(number); the episode \(has)")
        }
        return soundbites[number - 1]
    }

    func withStore<T>(_ text: String, _ body: (LibraryStore) throws(StoreError) -> T) throws(ResolveError) -> T {
        guard store != nil || FileManager.default.fileExists(atPath: paths.database.path) else {
            throw ResolveError("\(text): no such file, episode, show or playlist (the library is empty)")
        }
        do {
            if let store { return try body(store) }
            return try body(try LibraryStore(paths: paths))
        } catch .notFound(let reason) {
            throw ResolveError(reason)
        } catch {
            throw ResolveError("\(text): \(error)")
        }
    }
}

/// Why a reference names nothing playable, worded for one line.
public struct ResolveError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
