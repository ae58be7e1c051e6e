import ArgumentParser
import PodcastKit

/// `podline add FEED`: subscribes to a feed URL or file.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: CommandTable.summary(of: "add"))

    @Argument(help: "A feed URL (http, https, feed, itpc, pcast) or file.")
    var feed: String

    @OptionGroup var feedOptions: FeedOptions

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        let cap = feedOptions.sizeCap
        let source: FeedSource
        do { source = try FeedSource(checking: feed) } catch { throw libraryFailure(error) }
        let application: FeedApplication
        do {
            let store = try library.openStore()
            application = try await HTTPFetcher.with(needed: source.isRemote, decompressionLimit: cap) { [feed] http in
                try await Subscriber(store: store, loader: FeedLoader(http: http, sizeCap: cap)).subscribe(feed)
            }
        } catch StoreError.alreadySubscribed(let message) {
            print(message)
            return
        } catch {
            throw libraryFailure(error)
        }
        let show = application.show
        printFeedWarnings(application.warnings, feed: source.location)
        print("Added \(show.slug): \(show.displayTitle) (\(application.newEpisodes) episodes)")
    }
}
