import Foundation
import TestSupport

@testable import PodcastKit

/// A library in a new temporary folder.
struct TemporaryLibrary {
    let folder: URL
    let store: LibraryStore

    init() throws {
        folder = try Fixtures.temporaryDirectory("podline-library")
        store = try LibraryStore(paths: LibraryPaths(home: folder.path))
    }

    /// Parses a feed fixture text.
    static func parse(_ text: String, url: String = "https://example.com/feed.xml") throws -> ParsedFeed {
        try FeedParser.parse(Array(text.utf8), url: url)
    }
}
