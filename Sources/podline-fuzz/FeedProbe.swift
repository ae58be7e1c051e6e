import Foundation
import PodcastKit

/// Drives `FeedParser` and checks the feed it returns: size cap, merged GUIDs, sane values, valid `inspect --json`.
enum FeedProbe {
    /// Where the fuzzed feed pretends to come from, so that relative URLs are resolved.
    static let address = "https://example.com/podcast/feed.xml"

    static func run(_ bytes: [UInt8]) {
        let feed: ParsedFeed
        do {
            feed = try FeedParser.parse(bytes, url: address)
        } catch {
            Finding.check(!error.reason.isEmpty && !error.reason.contains("\n"), "a feed error is not one line: \(error.reason)")
            return
        }
        if !bytes.isEmpty {
            Finding.check((try? FeedParser.parse(bytes, sizeCap: bytes.count - 1)) == nil, "a feed above the size cap was read")
        }
        var guids = Set<String>()
        for episode in feed.episodes {
            if let guid = episode.guid { Finding.check(guids.insert(guid).inserted, "two episodes share the GUID \(guid)") }
            if let duration = episode.duration {
                Finding.check(duration.isFinite && duration >= 0, "episode duration \(duration) is not a finite length")
            }
            if let length = episode.enclosure?.length { Finding.check(length > 0, "enclosure length \(length) is not positive") }
        }
        let json = feed.json.renderedBytes
        Finding.check(
            (try? JSONSerialization.jsonObject(with: Data(json))) is [String: Any],
            "inspect --json is not a JSON object: \(String(decoding: json.prefix(200), as: UTF8.self))")
    }
}
