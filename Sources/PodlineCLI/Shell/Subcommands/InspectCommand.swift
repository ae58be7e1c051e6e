import ArgumentParser
import PodcastKit

/// `podline inspect FEED [--json]`: shows what a feed file or URL parses to, without subscribing.
struct InspectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: CommandTable.summary(of: "inspect"))

    @Argument(help: "A feed URL (http, https, feed, itpc, pcast) or file.")
    var feed: String

    @Flag(help: "Print the result as JSON.")
    var json = false

    @OptionGroup var feedOptions: FeedOptions

    /// Accepted like every command's, though inspect does not touch the library.
    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        let cap = feedOptions.sizeCap
        let source: FeedSource
        do { source = try FeedSource(checking: feed) } catch { throw libraryFailure(error) }
        let parsed: ParsedFeed
        do {
            if source.isRemote {
                parsed = try await HTTPFetcher.with(needed: true, decompressionLimit: cap) { http in
                    let loaded = try await FeedLoader(http: http, sizeCap: cap).load(source)
                    var feed = loaded.feed ?? ParsedFeed()
                    // A permanent redirect moves the feed as `add` records it; the feed's own new URL wins.
                    feed.newURL = feed.newURL ?? loaded.movedTo
                    return feed
                }
            } else {
                // A file is read on this thread: no task pool to start, and the main thread's heap.
                parsed = try FeedLoader(http: nil, sizeCap: cap).loadFile(source)
            }
        } catch {
            throw libraryFailure(error)
        }
        printFeedWarnings(parsed.warnings, feed: source.location)
        if json {
            parsed.writeJSON { TerminalOutput.writeBytes($0) }
            TerminalOutput.writeBytes([UInt8(ascii: "\n")])
        } else {
            printSummary(parsed)
        }
    }

    private func printSummary(_ feed: ParsedFeed) {
        print("Title:       \(feed.title ?? "-")")
        if let author = feed.author { print("Author:      \(author)") }
        if let link = feed.link { print("Link:        \(link)") }
        if let language = feed.language { print("Language:    \(language)") }
        if let image = feed.image { print("Image:       \(image)") }
        if let newURL = feed.newURL { print("Moved to:    \(newURL)") }
        let playable = feed.episodes.filter(\.isPlayable).count
        print("Episodes:    \(feed.episodes.count) (\(playable) playable)")
        for episode in feed.episodes {
            let mark = episode.isPlayable ? " " : "!"
            print(
                "\(mark) \(TerminalOutput.day(episode.published))  \(TerminalOutput.pad(TerminalOutput.duration(episode.duration), 8))  \(episode.title ?? episode.guid ?? "-")"
            )
        }
    }
}
