import ArgumentParser
import PodcastKit

/// Options of the commands that read feeds.
struct FeedOptions: ParsableArguments {
    @Option(name: .customLong("max-feed-size"), help: ArgumentHelp("Refuse feeds larger than this many megabytes.", valueName: "MB"))
    var maxFeedSize = FeedParser.defaultSizeCap / (1024 * 1024)

    /// The cap in bytes.
    var sizeCap: Int { maxFeedSize * 1024 * 1024 }

    func validate() throws {
        guard (1...4096).contains(maxFeedSize) else { throw ValidationError("--max-feed-size must be between 1 and 4096 (MB)") }
    }
}
