import Foundation
import Testing

@testable import PodcastKit

/// Podlove Simple Chapters (`http://podlove.org/simple-chapters`) in a feed's items.
@Suite("Podlove Simple Chapters in feeds")
struct PodloveChaptersTests {
    static let feed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:sc="http://podlove.org/simple-chapters">
          <channel><title>Chaptered</title>
            <item><title>One</title><guid>one</guid>
              <sc:chapters version="1.2">
                <sc:chapter start="00:01:30.500" title="Second" href="/notes#2" image="img/2.png"/>
                <sc:chapter start="0" title="First"/>
                <sc:chapter start="1:02:03" title="Third &amp; last"></sc:chapter>
                <sc:chapter title="No start is no chapter"/>
              </sc:chapters>
            </item>
            <item><title>Two</title><guid>two</guid></item>
          </channel>
        </rss>
        """

    @Test("chapters are read under any prefix, in order of their starts, with links resolved; items without them have none")
    func read() throws {
        let parsed = try FeedParser.parse(Array(Self.feed.utf8), url: "https://example.com/podcast/feed.xml")
        #expect(parsed.warnings.isEmpty)
        let chapters = parsed.episodes[0].chapters
        #expect(chapters.map(\.title) == ["First", "Second", "Third & last"])
        #expect(chapters.map(\.start) == [0, 90.5, 3723])
        #expect(chapters[1].url == "https://example.com/notes#2")
        #expect(chapters[1].image == "https://example.com/podcast/img/2.png")
        #expect(parsed.episodes[1].chapters.isEmpty)
        let json = parsed.json.rendered
        #expect(json.contains(#""chapters":[{"title":"First","start":0,"end":null,"url":null,"image":null}"#), "\(json)")
    }
}
