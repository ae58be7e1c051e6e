import ArgumentParser
import Foundation
import PodcastKit

/// Turns what the user asked to play (a file, a URL or an episode reference) into a playable item.
enum PlayTarget {
    /// The item, and the library when the item is one of its episodes.
    struct Resolved {
        var item: NowPlaying
        var store: LibraryStore?
    }

    /// Resolves `text`: an existing path is a file; http(s) is a stream; anything else an episode reference.
    static func resolve(_ text: String, library: LibraryOptions) throws -> Resolved {
        if text.hasPrefix("http://") || text.hasPrefix("https://") {
            return Resolved(item: NowPlaying(title: URL(string: text)?.lastPathComponent ?? text, url: text), store: nil)
        }
        if FileManager.default.fileExists(atPath: text) || text.contains("/") && EpisodeReference(text) == nil {
            let title = URL(fileURLWithPath: text).deletingPathExtension().lastPathComponent
            return Resolved(item: NowPlaying(title: title, url: text), store: nil)
        }
        guard let reference = EpisodeReference(text) else {
            printError("\(text): no such file or episode")
            throw ExitCode(ExitStatus.unreadable)
        }
        let store: LibraryStore
        let listing: EpisodeListing
        do {
            store = try library.openStore()
            listing = try store.episode(reference)
        } catch {
            printError("\(text): no such file or episode (\(error))")
            throw ExitCode(ExitStatus.unreadable)
        }
        let episode = listing.episode
        let url: String
        if let path = episode.downloadPath, FileManager.default.fileExists(atPath: path) {
            url = path
        } else if let enclosure = episode.enclosureURL {
            url = enclosure
        } else {
            printError("\(listing.ref): the episode has no audio enclosure")
            throw ExitCode(ExitStatus.unreadable)
        }
        let item = NowPlaying(ref: listing.ref, title: episode.title ?? listing.ref, show: listing.showTitle,
                              url: url, duration: episode.duration)
        return Resolved(item: item, store: store)
    }
}
