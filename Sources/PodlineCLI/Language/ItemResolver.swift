import Foundation
import PodcastKit

/// Turns what a user typed after `play` or `queue add` into something the player can play.
public struct ItemResolver: Sendable {
    /// Where the library lives, for episode references.
    public var paths: LibraryPaths
    /// The folder relative file paths are read from.
    public var directory: String

    public init(paths: LibraryPaths = LibraryPaths(), directory: String = FileManager.default.currentDirectoryPath) {
        self.paths = paths
        self.directory = directory
    }

    /// The item `text` names: an http(s) URL, an existing file, or a library episode reference.
    public func resolve(_ text: String) throws(CommandError) -> NowPlaying {
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            let name = URL(string: text)?.lastPathComponent ?? text
            return NowPlaying(title: name.isEmpty ? text : name, url: text)
        }
        let path = text.hasPrefix("/") ? text : (directory as NSString).appendingPathComponent(text)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            let standardized = (path as NSString).standardizingPath
            return NowPlaying(title: (standardized as NSString).lastPathComponent, url: standardized)
        }
        guard let reference = EpisodeReference(text) else {
            throw CommandError(.unreadable, "'\(text)' is not a file, a URL or an episode reference")
        }
        return try episode(reference, typed: text)
    }

    private func episode(_ reference: EpisodeReference, typed text: String) throws(CommandError) -> NowPlaying {
        guard FileManager.default.fileExists(atPath: paths.database.path) else {
            throw CommandError(.unreadable, "no episode \(text): the library is empty")
        }
        let listing: EpisodeListing
        do {
            listing = try LibraryStore(paths: paths).episode(reference)
        } catch {
            throw CommandError(.unreadable, "no episode \(text): \(error)")
        }
        let record = listing.episode
        guard let url = record.downloadPath ?? record.enclosureURL else {
            throw CommandError(.unreadable, "episode \(text) has no audio")
        }
        return NowPlaying(ref: listing.ref, title: record.title ?? listing.ref, show: listing.showTitle ?? listing.showSlug,
                          url: url, duration: record.duration)
    }
}
