import PodcastKit

/// The show `text` names (its slug, id or feed URL), or a `notFound` error that points at `podline shows`.
package func findShow(_ text: String, in store: LibraryStore) throws(StoreError) -> ShowRecord {
    guard let show = try store.show(matching: text) else { throw .notFound("\(text): no such show (see podline shows)") }
    return show
}
