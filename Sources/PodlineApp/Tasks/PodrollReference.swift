import PodcastKit

/// `podroll/SHOW/N`: the show a show's `podcast:podroll` recommends in place N (from 1, as `show SHOW` numbers them).
package struct PodrollReference: Equatable {
    package var show: String
    package var number: Int

    /// The reference `text` is; nil for any other text.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "podroll", !parts[1].isEmpty, !parts[2].isEmpty, parts[2].allSatisfy(\.isASCII),
            parts[2].allSatisfy(\.isNumber)
        else { return nil }
        (show, number) = (String(parts[1]), Int(parts[2]) ?? Int.max)
    }

    /// The words that name place `number` (digits, or `N` in help) of `show`'s podroll.
    package static func text(show: String, number: String) -> String { "podroll/\(show)/\(number)" }

    /// The feed address of the recommended show: the one the podroll gives, else the one Podcast Index knows for its
    /// `podcast:guid`.
    package func feed(in store: LibraryStore) async throws -> String {
        let text = Self.text(show: show, number: String(number))
        guard let record = try store.show(matching: show) else { throw CommandError(.unreadable, "\(text): no show \(show)") }
        let podroll = RemoteItem.list(fromJSON: record.podroll)
        guard number >= 1, number <= podroll.count else {
            let has = podroll.isEmpty ? "recommends no show" : "recommends \(podroll.count) (see podline show \(record.slug))"
            throw CommandError(.unreadable, "\(text): no recommended show \(number); \(record.slug) \(has)")
        }
        let item = podroll[number - 1]
        if let feed = item.feedURL { return feed }
        return try await DirectorySearch.feed(guid: item.feedGUID, named: text)
    }
}
