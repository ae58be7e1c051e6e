import PodcastKit

extension LibraryTaskRunner {
    /// `inspect FEED`: what a feed file or URL parses to, without subscribing.
    package func inspect(_ named: String, sizeCap: Int) async throws -> Int32 {
        let source = try FeedSource(checking: try await feedAddress(named))
        let parsed: ParsedFeed
        if source.isRemote {
            useKeptCredentials()
            parsed = try await HTTPFetcher.with(needed: true, decompressionLimit: sizeCap) { http in
                let loaded = try await FeedLoader(http: http, sizeCap: sizeCap).load(source)
                var feed = loaded.feed ?? ParsedFeed()
                // A permanent redirect moves the feed as `add` records it; the feed's own new URL wins.
                feed.newURL = feed.newURL ?? loaded.movedTo
                return feed
            }
        } else {
            // A file is read on this thread: no task pool to start, and the main thread's heap.
            parsed = try FeedLoader(http: nil, sizeCap: sizeCap).loadFile(source)
        }
        warn(parsed.warnings, feed: source.location)
        if !output.printing {
            output.value(parsed.json)
        } else if output.json {
            // Written in pieces as it is rendered: a large feed's JSON is never held whole.
            parsed.writeJSON { TerminalOutput.writeBytes($0) }
            TerminalOutput.writeBytes([UInt8(ascii: "\n")])
        } else {
            Self.summary(of: parsed).forEach(output.line)
        }
        return 0
    }

    /// The text form: the show's details, then one line an episode (`!` for one that cannot be played).
    private static func summary(of feed: ParsedFeed) -> [String] {
        var lines = ["Title:       \(feed.title ?? "-")"]
        if let author = feed.author { lines.append("Author:      \(author)") }
        if let link = feed.link { lines.append("Link:        \(link)") }
        if let language = feed.language { lines.append("Language:    \(language)") }
        if let image = feed.image { lines.append("Image:       \(image)") }
        if let newURL = feed.newURL { lines.append("Moved to:    \(newURL)") }
        let playable = feed.episodes.filter(\.isPlayable).count
        lines.append("Episodes:    \(feed.episodes.count) (\(playable) playable)")
        for episode in feed.episodes {
            let mark = episode.isPlayable ? " " : "!"
            lines.append(
                "\(mark) \(TerminalOutput.day(episode.published))  \(TerminalOutput.pad(TerminalOutput.duration(episode.duration), 8))  \(episode.title ?? episode.guid ?? "-")"
            )
        }
        return lines
    }
}
