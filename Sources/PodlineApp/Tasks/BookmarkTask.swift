import Foundation
import PodcastKit

extension LibraryTaskRunner {
    /// `bookmark [NOTE…]` (what plays, where it is) or `bookmark REF TIME [NOTE…]`: keeps the bookmark and says its
    /// number.
    package func bookmark(_ words: [String]) throws -> Int32 {
        let store = try self.store
        var note = words
        let listing: EpisodeListing
        let position: Double
        if words.count >= 2, let time = TimeSpec.seconds(words[1]), let named = try? EpisodeLookup.require(words[0], in: store) {
            listing = named
            position = time
            note.removeFirst(2)
        } else {
            let playing = try requirePlaying()
            guard let named = try? EpisodeLookup.require(playing, in: store) else {
                throw CommandError(.invalidParameter, "bookmark: the player plays \(playing), which is not a library episode")
            }
            listing = named
            position = self.position() ?? 0
        }
        if let length = listing.episode.duration, position > length {
            throw CommandError(
                .invalidParameter, "bookmark: \(ClockText.of(position)) is past the end of \(listing.ref) (\(ClockText.of(length)))")
        }
        guard let id = listing.episode.id else { throw CommandError(.failed, "bookmark: \(listing.ref) has no id") }
        let text = note.joined(separator: " ")
        let kept = try store.addBookmark(episodeID: id, position: position, note: text.isEmpty ? nil : text)
        output.value(
            .object([
                ("id", .int(kept.id)), ("ref", .string(listing.ref)), ("position", .number(kept.position)), ("note", .string(kept.note)),
            ]))
        output.line("\(kept.ref): \(listing.ref) at \(ClockText.of(kept.position))\(kept.note.map { ": \(TerminalText.safe($0))" } ?? "")")
        return 0
    }

    /// `bookmark remove N`.
    package func removeBookmark(_ id: Int64) throws -> Int32 {
        guard try store.removeBookmark(id) else {
            throw CommandError(.unreadable, "bookmark remove: \(Bookmark.prefix)\(id): no such bookmark (see podline bookmarks)")
        }
        output.value(.object([("id", .int(id)), ("removed", .bool(true))]))
        output.line("Removed \(Bookmark.prefix)\(id)")
        return 0
    }
}
