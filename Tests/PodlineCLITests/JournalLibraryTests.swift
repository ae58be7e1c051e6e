import Foundation
import PodcastKit
import TestSupport
import Testing

@testable import Playback

/// The player's own saving goes through the library's model like any command: its observers hear of each place kept
/// and of an episode heard to the end, and the loaded episode shows it.
@MainActor
@Suite("the playback journal writes through the library model")
struct JournalLibraryTests {
    @Test("a saved place and an episode played to its end reach the library's observers and its loaded models")
    func journalThroughModel() throws {
        let folder = try Fixtures.temporaryDirectory("pl-journal-model")
        let store = try LibraryStore(paths: LibraryPaths(home: folder.path))
        let feed = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Kept</title>
            <item><title>One</title><guid>kept-1</guid><enclosure url="https://example.com/1.mp3" type="audio/mpeg"/></item>
            </channel></rss>
            """
        _ = try store.addShow(
            feedURL: "https://example.com/feed.xml", parsed: try FeedParser.parse(Array(feed.utf8), url: "https://example.com/feed.xml"))
        let library = Library(store: store)
        try library.reload()
        let show = try #require(library.shows.first)
        try library.loadEpisodes(of: show)
        let episode = try #require(show.episodes.first)
        var heard: [LibraryChange] = []
        library.observe { heard.append($0) }

        // The first place heard is saved at once (nothing was saved before).
        let journal = PlaybackJournal(library: library, settings: PlaybackSettings(Settings()), warn: { Issue.record("warned: \($0)") })
        let item = try PlayableResolver(paths: store.paths).playable(try store.episode(.id(episode.id)), typed: episode.ref)
        journal.heard(item, at: 42)
        #expect(heard == [.position(episode.id, 42)])
        #expect(episode.position == 42)
        journal.ended(item, reason: .eof)
        #expect(heard.last == .played([episode.id], true))
        #expect(episode.isPlayed && episode.position == 0)
        #expect(try store.episode(.id(episode.id)).episode.isPlayed)
    }
}
