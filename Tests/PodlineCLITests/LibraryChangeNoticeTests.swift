import Foundation
import PodcastKit
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// A library change made by one process reaches a running player as a socket notice: every kind of change reads back
/// as itself.
@Suite("library changes as socket notices")
struct LibraryChangeNoticeTests {
    static let changes: [LibraryChange] = [
        .played([1, 2], true), .played([3], false), .favorite(4, true), .position(5, 12.5),
        .downloaded(6, path: "a-show/1-First.mp3"), .downloadDeleted(7), .unsubscribed(showID: 8, feedURL: "https://example.com/f.xml"),
    ]

    @Test("each change, written as a notice line, reads back as the same change of the same library", arguments: changes)
    func roundTrip(_ change: LibraryChange) throws {
        let notice = ActivityNotice.libraryChanged(change, database: "/home/l/library.sqlite")
        let object = try #require(JSONValue(parsing: notice.line)?["notify"])
        #expect(ActivityNotice.parse(object) == notice)
    }
}
