import Foundation
import PodcastKit

extension LibraryTaskRunner {
    /// `link [REF] [TIME]`: the episode's own page when its feed gives one, then its audio with `#t=SECONDS` when there
    /// is a time; with no REF, the playing episode at the player's position (or at TIME).
    package func link(_ target: String?, at time: Double?) throws -> Int32 {
        let ref = try target ?? requirePlaying()
        let at = time ?? (target == nil ? position() : nil)
        let store = try self.store
        let listing = try EpisodeLookup.require(ref, in: store)
        let page = listing.episode.link.flatMap { FeedURL.isRemote($0) ? $0 : nil }
        let audio = listing.episode.enclosureURL.flatMap { FeedURL.isRemote($0) ? $0 : nil }
        guard page != nil || audio != nil else {
            throw CommandError(.unreadable, "link: \(listing.ref): its feed gives no web page and no audio on the network")
        }
        let timed = audio.map { url in at.map { URLTime.adding($0, to: url) } ?? url }
        output.value(
            .object([
                ("ref", .string(listing.ref)), ("title", .string(listing.episode.title)), ("time", .number(at)), ("page", .string(page)),
                ("audio", .string(timed)),
            ]))
        for line in [page, timed].compactMap({ $0 }) { output.line(line) }
        return 0
    }
}
