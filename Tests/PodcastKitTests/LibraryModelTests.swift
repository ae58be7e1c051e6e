import Foundation
import Observation
import Testing

@testable import PodcastKit

@MainActor
@Suite("Observable library model")
struct LibraryModelTests {
    @Test("writes through the model persist and notify observers")
    func markAndFavourite() throws {
        let library = try TemporaryLibrary()
        _ = try library.store.addShow(feedURL: "https://example.com/feed.xml", parsed: TemporaryLibrary.parse(LibraryStoreTests.three))
        let model = Library(store: library.store)
        try model.reload()
        #expect(model.shows.map(\.slug) == ["three-episodes"])
        let show = model.shows[0]
        try model.loadEpisodes(of: show)
        let episode = show.episodes[0]
        #expect(episode.ref == "three-episodes/3")
        let changes = ChangeCounter()
        withObservationTracking {
            _ = episode.isPlayed
        } onChange: {
            changes.increment()
        }
        try model.setPlayed(episode, true)
        #expect(changes.count == 1)
        try model.setFavorite(episode, true)
        #expect(try library.store.episode(.id(episode.id)).episode.isPlayed)
        #expect(try library.store.episode(.id(episode.id)).episode.isFavorite)
        // A reload keeps the identity of loaded shows.
        try model.reload()
        #expect(model.shows[0] === show)
        #expect(try model.episode(.showNumber(slug: "three-episodes", number: 3)) === episode)
    }
}

/// Counts observation callbacks.
final class ChangeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}
