import Observation

/// The downloads and feed refreshes a player has heard of: the model that the event observers and progress bars read.
@Observable
@MainActor
public final class LibraryActivity {
    /// One download as last reported.
    public struct Transfer: Identifiable, Equatable, Sendable {
        public var ref: String
        public var bytes: Int64
        public var total: Int64?
        public var id: String { ref }

        /// The share received, 0–1, when the size is known.
        public var fraction: Double? {
            guard let total, total > 0 else { return nil }
            return min(1, Double(bytes) / Double(total))
        }
    }

    /// One feed's latest refresh; `serial` grows with every refresh, so a repeat is a change too.
    public struct Refresh: Identifiable, Equatable, Sendable {
        public var show: String
        public var newEpisodes: Int
        public var failure: String?
        public var serial: Int
        public var id: String { show }
    }

    /// Downloads, oldest first (at most `limit`; the oldest are forgotten).
    public private(set) var transfers: [Transfer] = []
    /// Feeds refreshed, oldest first (at most `limit`).
    public private(set) var refreshes: [Refresh] = []
    /// Feeds to refresh in the run being shown (0 when unknown).
    public var feedsToRefresh = 0
    private var serial = 0
    private let limit: Int

    public init(limit: Int = 500) {
        self.limit = limit
    }

    /// Applies one notice.
    public func record(_ notice: ActivityNotice) {
        switch notice {
        case .download(let ref, let bytes, let total):
            let transfer = Transfer(ref: ref, bytes: bytes, total: total)
            if let index = transfers.firstIndex(where: { $0.ref == ref }) {
                transfers[index] = transfer
            } else {
                transfers.append(transfer)
                if transfers.count > limit { transfers.removeFirst(transfers.count - limit) }
            }
        case .feedUpdated(let show, let count):
            refreshed(Refresh(show: show, newEpisodes: count, failure: nil, serial: 0))
        case .feedFailed(let show, let reason):
            refreshed(Refresh(show: show, newEpisodes: 0, failure: reason, serial: 0))
        case .libraryChanged:
            break  // The library's model takes it (`LibraryEditor.received`), and the player with it.
        }
    }

    private func refreshed(_ refresh: Refresh) {
        serial += 1
        var refresh = refresh
        refresh.serial = serial
        if let index = refreshes.firstIndex(where: { $0.show == refresh.show }) {
            refreshes[index] = refresh
        } else {
            refreshes.append(refresh)
            if refreshes.count > limit { refreshes.removeFirst(refreshes.count - limit) }
        }
    }
}
