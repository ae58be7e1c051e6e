import PodcastKit

extension LibraryReader {
    /// `inspect-ads REF`: what comparing two fetches of the episode's download showed.
    static func insertedStretches(of ref: String, in store: LibraryStore) throws -> CommandOutput {
        let listing = try EpisodeLookup.require(ref, in: store)
        let comparison = try listing.episode.id.flatMap { id throws in try store.insertedComparison(episodeID: id) }
        return CommandOutput(data: InsertedText.data(listing.ref, comparison), lines: [InsertedText.line(listing.ref, comparison)])
    }
}
