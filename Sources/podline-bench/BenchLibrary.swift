import Foundation
import PodcastKit

/// Fills a library straight through the store.
enum BenchLibrary {
    static func fill(home: URL, shows: Int, episodesPerShow: Int) throws {
        let store = try LibraryStore(paths: LibraryPaths(home: home.path))
        for show in 0..<shows {
            var feed = ParsedFeed()
            feed.title = "Show \(show) \(BenchFeeds.text(2, seed: show))"
            feed.episodes = (0..<episodesPerShow).map { index in
                var episode = ParsedEpisode()
                episode.guid = "s\(show)-e\(index)"
                // One episode in a thousand mentions a zeppelin: the word the benchmark searches for.
                let rare = (show * episodesPerShow + index) % 1000 == 0 ? " zeppelin" : ""
                episode.title = "Episode \(index): \(BenchFeeds.text(6, seed: show * 10_000 + index))\(rare)"
                episode.description = BenchFeeds.text(30, seed: show * 10_000 + index + 1)
                episode.published = Date(timeIntervalSince1970: 1_600_000_000 + Double(index * 86_400))
                episode.duration = 1800
                episode.enclosure = Enclosure(url: "https://cdn.example.com/\(show)/\(index).mp3", length: 1_000_000, type: "audio/mpeg")
                return episode
            }
            _ = try store.addShow(feedURL: "https://feeds.example.com/\(show).xml", parsed: feed)
        }
    }
}
