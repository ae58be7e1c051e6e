import Foundation
import PodcastKit

extension LibraryReader {
    /// `bookmarks [REF]`: every bookmark (or one episode's), by episode and time.
    static func bookmarks(of ref: String?, in store: LibraryStore) throws -> CommandOutput {
        let episodeID = try ref.map { text throws in try EpisodeLookup.require(text, in: store).episode.id }
        let found = try store.bookmarks(episodeID: episodeID ?? nil)
        let data = JSONValue.array(
            found.map { entry in
                .object([
                    ("id", .int(entry.bookmark.id)), ("ref", .string(entry.listing.ref)), ("title", .string(entry.listing.episode.title)),
                    ("position", .number(entry.bookmark.position)), ("note", .string(entry.bookmark.note)),
                    ("created", .string(ISO8601.string(entry.bookmark.createdAt))),
                ])
            })
        guard !found.isEmpty else { return CommandOutput(data: data, lines: ["No bookmarks (podline bookmark NOTE keeps one)."]) }
        let width = found.map(\.bookmark.ref.count).max() ?? 0
        let lines = found.map { entry in
            let title = TerminalText.safe(entry.listing.episode.title ?? entry.listing.ref)
            let note = entry.bookmark.note.map { "  \(TerminalText.safe($0))" } ?? ""
            return "\(entry.bookmark.ref.padding(toLength: width, withPad: " ", startingAt: 0))  \(entry.listing.ref) "
                + "\(ClockText.of(entry.bookmark.position))  \(title)\(note)"
        }
        return CommandOutput(data: data, lines: lines)
    }
}
