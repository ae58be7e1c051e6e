import Foundation
import Logging

/// What one sync did.
public struct SyncReport: Sendable, Equatable {
    /// Shows subscribed to because another device had them, and shows given up because another device did.
    public var subscribed: [String] = []
    public var unsubscribed: [String] = []
    /// Subscription changes and episode actions sent.
    public var sentSubscriptions = 0
    public var sentActions = 0
    /// Episode actions received, and how many changed an episode here (its position, or played).
    public var receivedActions = 0
    public var appliedActions = 0
    /// Actions received that name no episode of the library (of a show not subscribed here).
    public var unmatchedActions = 0
    /// One line for each thing passed over (a malformed action, a refused URL), for `--verbose`.
    public var notes: [String] = []
    /// True when this was the device's first sync with the server.
    public var first = false
}

/// One sync of the library with a server: pull what other devices did, push what this one did, then pull what the
/// push changed. Everything received goes through the library's model (so a running player shows it) with the
/// recorder muted; the cursors advance only once what they cover is applied, and the queue empties only once the
/// server took it, so a sync cut short anywhere loses nothing; a batch it had on its way is looked for on the server
/// before it is sent again.
@MainActor
public struct SyncRun {
    let library: Library
    let recorder: SyncRecorder
    let server: SyncServer
    /// Reads the feeds of shows subscribed to because another device had them.
    let loader: FeedLoader
    /// Feeds fetched at once.
    let jobs: Int
    /// An episode counts as played when fewer seconds than this remain.
    let playedMargin: Double
    /// The caption this device gets on the server.
    let caption: String

    public init(
        library: Library, recorder: SyncRecorder, server: SyncServer, loader: FeedLoader, jobs: Int, playedMargin: Double,
        caption: String
    ) {
        self.library = library
        self.recorder = recorder
        self.server = server
        self.loader = loader
        self.jobs = jobs
        self.playedMargin = playedMargin
        self.caption = caption
    }

    /// The most actions sent in one request.
    nonisolated static let batch = 1000
    /// A page of actions this long may have more behind it.
    static let pageSize = 1000

    private var store: LibraryStore { library.store }

    /// Runs the sync.
    public func run() async throws(SyncError) -> SyncReport {
        var report = SyncReport()
        let account = "\(server.settings.kind.rawValue) \(server.settings.server) \(server.settings.username) \(server.device)"
        let known = try kept { try store.syncState(SyncState.account) }
        report.first = known != account
        if report.first {
            // The account is written once the first sync is whole: one cut short is a first sync again, so what it
            // tells the others (every show, where every episode stands) is told.
            try kept { try store.setSyncState([SyncState.subscriptionsSince: "0", SyncState.actionsSince: "0"]) }
            try await server.registerDevice(caption: caption)
        }
        try await server.linkDevices()
        // Where this library's episodes stand before anything is taken from the others: what a first sync tells them,
        // queued so that it is sent once, as every other action is.
        if report.first, try kept({ try store.syncState(SyncState.standingQueued) }) != account {
            let standing = try listeningState(into: &report)
            try kept { try store.queueActions(standing, state: [SyncState.standingQueued: account]) }
        }
        try await pullSubscriptions(into: &report)
        try await pushSubscriptions(into: &report)
        try await pullActions(into: &report)
        try await pushActions(into: &report)
        // What the push changed for the group (a URL the server rewrote, another device's change in the meantime).
        if report.sentSubscriptions > 0 { try await pullSubscriptions(into: &report) }
        try kept { try store.setSyncState([SyncState.lastSync: String(Date().timeIntervalSince1970), SyncState.account: account]) }
        return report
    }

    /// Runs `body`, which reads or writes the library; a failure is the sync's.
    private func kept<T>(_ body: () throws -> T) throws(SyncError) -> T {
        do {
            return try body()
        } catch {
            throw .library("the library: \(error)")
        }
    }

    /// Takes other devices' subscription changes: new shows are subscribed to (their feeds read, as `import` reads
    /// them), shows given up elsewhere are removed here (their downloads kept), except on a first sync, which only
    /// adds. A change this device has not sent yet wins over the server's.
    private func pullSubscriptions(into report: inout SyncReport) async throws(SyncError) {
        let cursor = Int(try kept { try store.syncState(SyncState.subscriptionsSince) } ?? "0") ?? 0
        // The servers compare whole seconds strictly: a change made in the second of the last answer would be missed.
        // A second again is read twice instead (taking a change twice changes nothing).
        var changes = try await server.pullSubscriptions(since: max(0, cursor - 1))
        // A feed whose URL the server rewrote when it was sent is this library's show under its own URL.
        let rewritten = try kept { try store.syncRewrittenURLs() }
        changes.add = changes.add.map { rewritten[$0] ?? $0 }
        changes.remove = changes.remove.map { rewritten[$0] ?? $0 }
        let pending = try kept { try store.queuedSubscriptions() }
        let waiting = Set(pending.add + pending.remove)
        let shows: [ShowRecord] = try kept { try store.shows() }
        let subscribed = Set(shows.map(\.feedURL))
        var adds: [String] = []
        for url in Set(changes.add) where !waiting.contains(url) && !subscribed.contains(url) {
            guard FeedURL.isRemote(url), FeedURL.unsupportedScheme(url) == nil else {
                report.notes.append("\(url): not an http(s) feed URL, not subscribed")
                continue
            }
            adds.append(url)
        }
        if !adds.isEmpty {
            let entries = adds.sorted().map { OPMLDocument.Entry(title: nil, feedURL: FeedURL.normalized($0)) }
            let summary: ImportSummary
            do {
                summary = try await OPMLImport(store: store, loader: loader).subscribe(entries, jobs: jobs)
            } catch {
                throw .library("the library: \(error)")
            }
            recorder.applyingRemote {
                for show in summary.subscribed {
                    if let id = show.id { library.show(.subscribed(showID: id, feedURL: show.feedURL)) }
                }
            }
            report.subscribed += summary.subscribed.map(\.slug)
            report.notes += summary.failures.map { "\($0) (subscribed; update reads it again)" }
        }
        if !report.first {
            let removed = Set(changes.remove).subtracting(changes.add).subtracting(waiting)
            for show in shows where removed.contains(show.feedURL) {
                try recorder.applyingRemote { () throws(SyncError) in
                    _ = try kept { try library.remove(show, keepFiles: true) }
                }
                report.unsubscribed.append(show.slug)
            }
        }
        try kept { try store.setSyncState([SyncState.subscriptionsSince: String(changes.timestamp)]) }
    }

    /// Sends the subscription changes waiting (on a first sync, every subscription), and takes the URLs the server
    /// rewrote.
    private func pushSubscriptions(into report: inout SyncReport) async throws(SyncError) {
        var changes = try kept { try store.queuedSubscriptions() }
        var sent = changes
        if report.first {
            let all = try kept { try store.shows().map { $0.feedURL }.filter(FeedURL.isRemote) }
            sent.add = Array(Set(all + changes.add)).sorted()
        }
        guard !sent.isEmpty else { return }
        let answer = try await server.pushSubscriptions(add: sent.add, remove: sent.remove)
        try kept {
            try store.sentSubscriptions(changes)
            if let timestamp = answer.timestamp { try store.setSyncState([SyncState.subscriptionsSince: String(timestamp)]) }
        }
        changes = sent
        report.sentSubscriptions = changes.add.count + changes.remove.count
        // The server's form of a URL is remembered, not taken: its rewriting can break a URL (mygpo's quoting
        // encodes a query's `%` again), and the feed is read from the URL this library has.
        for (old, new) in answer.updateURLs {
            if new.isEmpty {
                report.notes.append("\(old): the server refused this feed URL")
            } else if new != old {
                try kept { try store.setSyncState([SyncState.rewritten + new: old]) }
            }
        }
    }

    /// Takes other devices' episode actions, page by page: a `play` sets the episode's position when it is newer than
    /// this library's own listening of it, and marks the episode played when it reached the end (`reachesEnd`).
    private func pullActions(into report: inout SyncReport) async throws(SyncError) {
        var since = Int(try kept { try store.syncState(SyncState.actionsSince) } ?? "0") ?? 0
        var normalised: [String: Int64]?
        while true {
            let page = try await server.pullActions(since: since)
            report.notes += page.skipped
            report.receivedActions += page.actions.count
            for action in page.actions where action.kind == .play {
                var id = try kept { try store.episodeID(matching: action) }
                if id == nil {
                    if normalised == nil {
                        let urls = try kept { try store.enclosureURLs() }
                        normalised = Dictionary(urls.map { (SyncURL.comparable($0.url), $0.id) }, uniquingKeysWith: { first, _ in first })
                    }
                    id = normalised?[SyncURL.comparable(action.episode)]
                }
                guard let id else {
                    report.unmatchedActions += 1
                    continue
                }
                if try apply(action, to: id) { report.appliedActions += 1 }
            }
            // The cursor is the time of the newest action taken, a second early: the servers compare it with the
            // actions' own times (one inclusively, one strictly), so a server whose clock is off moves it nowhere, and
            // the actions of that last second come again (taking one twice changes nothing).
            let newest = page.actions.map { Int($0.timestamp.timeIntervalSince1970) }.max().map { $0 - 1 } ?? since
            let next = max(since, min(newest, page.timestamp))
            try kept { try store.setSyncState([SyncState.actionsSince: String(next)]) }
            // A full page may have more behind it.
            guard page.actions.count >= Self.pageSize, next > since else { break }
            since = next
        }
    }

    /// Applies a remote `play` to the episode `id`; true when it changed it.
    private func apply(_ action: SyncAction, to id: Int64) throws(SyncError) -> Bool {
        guard let position = action.position else { return false }
        let known = try kept { try store.episodeDuration(id) }
        let reachedEnd = Self.reachesEnd(action, knownLength: known, playedMargin: playedMargin)
        return try recorder.applyingRemote { () throws(SyncError) -> Bool in
            try kept { () throws -> Bool in
                guard try store.takePosition(episodeID: id, Double(position), heardAt: action.timestamp, reachedEnd: reachedEnd) else {
                    return false
                }
                library.show(reachedEnd ? .played([id], true) : .position(id, Double(position)))
                return true
            }
        }
    }

    /// Whether a remote `play` reached the episode's end: its position within the played margin of the episode's
    /// length. That length is the action's `total`, but for an action without one (a position alone), and for one
    /// whose `total` is its `position` (some clients send started = position = total whenever they stop) while this
    /// library knows the episode to be longer, it is the length known here: such an action is a position.
    static func reachesEnd(_ action: SyncAction, knownLength: Double?, playedMargin: Double) -> Bool {
        guard let position = action.position else { return false }
        let known = knownLength.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let total = action.total.flatMap { $0 > 0 ? Double($0) : nil }
        let length: Double?
        if let known, total == nil || (action.total == position && known > Double(position)) {
            length = known
        } else {
            length = total
        }
        guard let length else { return false }
        return PlayedMargin.reached(Double(position), length: length, margin: playedMargin)
    }

    /// Where every started or played episode stands, as play actions, but for those whose listening waits in the
    /// queue (sent with it). A started episode of unknown length is sent as its position alone; a played one of
    /// unknown length cannot be (nothing says where its end is), and is noted.
    private func listeningState(into report: inout SyncReport) throws(SyncError) -> [SyncAction] {
        let queued = Set(try kept { try store.queuedActions() }.map(\.action.episode))
        let state = try kept { try store.listeningState() }.filter { !queued.contains($0.identity.episode) }
        let now = Date()
        var unknown = 0
        let actions = state.compactMap { entry -> SyncAction? in
            let at = entry.heardAt ?? now
            if entry.played {
                guard let action = entry.identity.playedToEnd(at: at) else {
                    unknown += 1
                    return nil
                }
                return action
            }
            guard entry.position >= 1 else { return nil }
            return entry.identity.heard(from: 0, to: entry.position, at: at)
        }
        if unknown > 0 {
            report.notes.append(
                "\(unknown) episode\(unknown == 1 ? "" : "s") marked played not sent: neither the feed nor playback gave \(unknown == 1 ? "its" : "their") length"
            )
        }
        return actions
    }

    /// Sends the episode actions waiting, in batches; each batch leaves the queue once the server took it. A batch is
    /// marked as on its way first: a sync cut off while the server took it (its answer never read) finds the mark, and
    /// a batch the server has is not sent again. The action cursor then moves past what was sent (as the other cursor
    /// moves past the newest action taken), so the next sync does not read this device's own actions back.
    private func pushActions(into report: inout SyncReport) async throws(SyncError) {
        var newest: Int?
        var serverTime: Int?
        func sent(_ actions: [SyncAction], answer: Int?) {
            let latest = actions.map { Int($0.timestamp.timeIntervalSince1970) }.max()
            newest = [newest, latest].compactMap { $0 }.max()
            serverTime = [serverTime, answer].compactMap { $0 }.max()
            report.sentActions += actions.count
        }
        defer {
            if let newest {
                let cursor = min(newest - 1, serverTime ?? newest - 1)
                let since = Int((try? store.syncState(SyncState.actionsSince)) ?? nil ?? "0") ?? 0
                if cursor > since { try? store.setSyncState([SyncState.actionsSince: String(cursor)]) }
            }
        }
        try await settleBatchCutOff()
        while true {
            let queued = try kept { try store.queuedActions(limit: Self.batch) }
            guard let last = queued.last else { break }
            let earliest = queued.map { Int($0.action.timestamp.timeIntervalSince1970) }.min() ?? 0
            try kept { try store.setSyncState([SyncState.sending: "\(last.id) \(earliest)"]) }
            let answer = try await server.pushActions(queued.map(\.action))
            try kept { try store.sentActions(through: last.id) }
            sent(queued.map(\.action), answer: answer)
        }
    }

    /// A batch marked as on its way by a sync that was cut off: when the server has every action of it, it leaves the
    /// queue unsent; otherwise it is sent as it is. A server may still be taking the batch of a client that died
    /// waiting, so it is asked again twice, a second apart, before the batch is sent.
    private func settleBatchCutOff() async throws(SyncError) {
        guard let mark = try kept({ try store.syncState(SyncState.sending) }), !mark.isEmpty else { return }
        let parts = mark.split(separator: " ").compactMap { Int64($0) }
        defer { try? store.setSyncState([SyncState.sending: ""]) }
        guard parts.count == 2 else { return }
        let batch = try kept { try store.queuedActions(limit: Self.batch) }.filter { $0.id <= parts[0] }.map { SentAction($0.action) }
        guard !batch.isEmpty else { return }
        for attempt in 0..<3 {
            if attempt > 0 { try? await Task.sleep(for: .seconds(1)) }
            let onServer = Set(try await server.pullActions(since: Int(parts[1])).actions.map(SentAction.init))
            let found = batch.filter(onServer.contains).count
            Logger(label: "podline.sync").debug("a batch cut off: \(found) of its \(batch.count) actions are on the server")
            if found == batch.count {
                try kept { try store.sentActions(through: parts[0]) }
                return
            }
        }
    }
}

/// What makes an action sent by this device the same one when the server gives it back (the device aside, which
/// one server leaves out).
private struct SentAction: Hashable {
    var episode: String
    var kind: SyncAction.Kind
    var timestamp: Int
    var started: Int?
    var position: Int?
    var total: Int?

    init(_ action: SyncAction) {
        episode = SyncURL.comparable(action.episode)
        kind = action.kind
        timestamp = Int(action.timestamp.timeIntervalSince1970)
        (started, position, total) = (action.started, action.position, action.total)
    }
}
