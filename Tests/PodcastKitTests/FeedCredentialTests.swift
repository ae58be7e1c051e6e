import Foundation
import Testing

@testable import PodcastKit

/// A private feed's credentials: read out of a URL, keyed by the origin they go to, written back for an export, and
/// masked in any line that names such a URL.
@Suite("feed credentials")
struct FeedCredentialTests {
    @Test("a URL's credentials come out decoded, the URL kept without them")
    func split() {
        let (url, credential) = FeedCredential.split("https://alice:pa%20ss%3Aw%40rd@Feeds.Example.org/private.xml?x=1")
        #expect(url == "https://Feeds.Example.org/private.xml?x=1")
        #expect(credential == FeedCredential(username: "alice", password: "pa ss:w@rd"))
        #expect(FeedCredential.split("https://example.org/feed.xml").credential == nil)
        #expect(FeedCredential.split("file:///home/alice@host/feed.xml").credential == nil)
        #expect(FeedCredential.joined(url, credential!) == "https://alice:pa%20ss%3Aw%40rd@Feeds.Example.org/private.xml?x=1")
    }

    @Test("credentials go to one origin: host (any case) and port, the scheme's port when none is written")
    func origin() {
        #expect(FeedCredential.origin(of: "https://Feeds.Example.org/a.mp3") == "feeds.example.org:443")
        #expect(FeedCredential.origin(of: "http://127.0.0.1:8080/a.mp3") == "127.0.0.1:8080")
        #expect(FeedCredential.origin(of: "http://127.0.0.1/a") == "127.0.0.1:80")
        #expect(FeedCredential.origin(of: "ftp://example.org/a") == nil)
        #expect(FeedCredential.origin(of: "/tmp/feed.xml") == nil)
    }

    @Test("a password in any URL of a line is masked; lines without one are left alone")
    func redacted() {
        #expect(
            FeedCredential.redacted("podline: https://alice:s3cret@host/feed.xml: HTTP 500, then http://bob:x@other/")
                == "podline: https://alice:***@host/feed.xml: HTTP 500, then http://bob:***@other/")
        #expect(
            FeedCredential.redacted("mail me at alice@example.org about https://host/a")
                == "mail me at alice@example.org about https://host/a")
        #expect(FeedCredential.redacted("https://token@host/feed.xml") == "https://token@host/feed.xml")
        #expect(FeedCredential.redacted("add http://alice:p@ss@host/x") == "add http://alice:***@host/x")
    }
}
