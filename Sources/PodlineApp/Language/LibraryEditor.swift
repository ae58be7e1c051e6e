import Foundation
import Logging
import PodcastKit

/// Carries out library edits (`mark`, `fav`, `delete`, `remove`) by writing the library's model; the model's store keeps them
/// and its observers (the player of this process, a player elsewhere) show them.
///
/// The REPL, the socket and the shell run edits through one editor each, so they give the same answers.
@MainActor
public final class LibraryEditor {
    public let paths: LibraryPaths
    private var model: Library?
    private let observers: [@MainActor (LibraryChange) -> Void]
    private let playingRef: @MainActor () -> String?
    private let stopPlayer: @MainActor () -> Bool

    /// An editor of the library at `paths`. `playingRef` names the episode a player plays now (delete and remove refuse
    /// it), `stopPlayer` stops that player (for `remove --force`; false when it could not); `observers` hear of every
    /// change the library makes.
    public init(
        paths: LibraryPaths, playingRef: @escaping @MainActor () -> String?, stopPlayer: @escaping @MainActor () -> Bool,
        observers: [@MainActor (LibraryChange) -> Void] = []
    ) {
        self.paths = paths
        self.playingRef = playingRef
        self.stopPlayer = stopPlayer
        self.observers = observers
    }

    /// The library's model, opened on first use; with `[sync]` set, a sync recorder among its observers.
    public func library() throws(StoreError) -> Library {
        if let model { return model }
        let model = Library(store: try LibraryStore.opened(paths))
        if Configuration.settings.sync != nil {
            let recorder = SyncRecorder(store: model.store)
            model.observe { change in
                do {
                    try recorder.record(change)
                } catch {
                    Logger(label: "podline.sync").warning("the change could not be queued for sync: \(error)")
                }
            }
            syncRecorder = recorder
        }
        for observer in observers { model.observe(observer) }
        self.model = model
        return model
    }

    /// What records the library's changes for sync, once the model is open and `[sync]` is set.
    public private(set) var syncRecorder: SyncRecorder?

    /// Shows a change that another process made (and kept) in the library at `database`, when that is this one.
    public func received(_ change: LibraryChange, database: String) {
        guard database == paths.database.standardizedFileURL.path, let model = try? library() else { return }
        model.show(change)
    }

    /// Makes `change` in the library's model (kept by the store first, then shown and told to the observers).
    public func record(_ change: LibraryChange) throws(StoreError) {
        try library().apply(change)
    }

    /// Runs one edit.
    public func run(_ edit: LibraryEdit) throws(CommandError) -> EditReport {
        do {
            let library = try library()
            switch edit {
            case .mark(let targets, let played, let cutoff):
                return try mark(targets, played: played, cutoff: cutoff, in: library)
            case .favorite(let target, let to):
                let listing = try EpisodeLookup.require(target, in: library.store)
                let favorite = to ?? !listing.episode.isFavorite
                try library.apply(.favorite(try id(of: listing), favorite))
                return EditReport(
                    value: FavoriteResult(ref: listing.ref, favorite: favorite),
                    lines: ["\(listing.ref): \(favorite ? "favourite" : "not a favourite")"])
            case .delete(let targets):
                return try delete(targets, in: library)
            case .remove(let shows, let keepFiles, let force):
                return try remove(shows, keepFiles: keepFiles, force: force, in: library)
            }
        } catch {
            throw CommandError(error)
        }
    }

    private func mark(_ targets: [String], played: Bool, cutoff: Date?, in library: Library) throws(StoreError) -> EditReport {
        let store = library.store
        var episodeIDs: [Int64] = []
        var showIDs: [Int64] = []
        var single: String?
        for target in targets {
            if EpisodeReference(target) != nil || target.contains("/") {
                let listing = try EpisodeLookup.require(target, in: store)
                episodeIDs.append(try id(of: listing))
                single = targets.count == 1 && cutoff == nil ? listing.ref : nil
            } else if let show = try store.show(matching: target), let id = show.id {
                showIDs.append(id)
            } else {
                throw .notFound("\(target): no such episode or show")
            }
        }
        if !showIDs.isEmpty || targets.isEmpty {
            episodeIDs += try store.episodeIDs(showIDs: showIDs, publishedBefore: cutoff)
        }
        let changed = try library.apply(.played(Array(Set(episodeIDs)).sorted(), played))
        let state = (played ? LibraryEditParser.MarkState.played : .unplayed).rawValue
        let line = single.map { "\($0): \(state)" } ?? "Marked \(changed) episode\(changed == 1 ? "" : "s") \(state)"
        return EditReport(value: MarkResult(state: state, changed: changed, ref: single), lines: [line])
    }

    private func delete(_ targets: [String], in library: Library) throws(StoreError) -> EditReport {
        var listings: [EpisodeListing] = []
        for target in targets { listings.append(try EpisodeLookup.require(target, in: library.store)) }
        if let playing = playingRef(), listings.contains(where: { $0.ref == playing }) {
            throw .refused("\(playing) is playing: 'podline stop' it before deleting its file")
        }
        var report = EditReport(value: JSONValue.null, lines: [])
        var outcomes: [DeleteOutcome] = []
        for listing in listings {
            let (outcome, file): (String, String?)
            switch try library.deleteDownload(listing) {
            case .deleted(let deleted):
                (outcome, file) = ("deleted", deleted.path)
                report.lines.append("\(listing.ref): deleted \(deleted.path)")
            case .alreadyGone(let gone):
                (outcome, file) = ("already-gone", gone.path)
                report.lines.append("\(listing.ref): \(gone.path) was already gone; no longer marked downloaded")
            case .notDownloaded:
                (outcome, file) = ("not-downloaded", nil)
                report.problems.append("\(listing.ref): not downloaded")
                report.status = ExitStatus.unreadable
            }
            outcomes.append(DeleteOutcome(ref: listing.ref, outcome: outcome, file: file))
        }
        report.value = outcomes
        return report
    }

    private func remove(_ texts: [String], keepFiles: Bool, force: Bool, in library: Library) throws(StoreError) -> EditReport {
        var records: [ShowRecord] = []
        for text in texts {
            guard let record = try library.store.show(matching: text) else { throw .notFound("\(text): no such show (see podline shows)") }
            if !records.contains(where: { $0.id == record.id }) { records.append(record) }
        }
        if let playing = playingRef(), let show = records.first(where: { playing.hasPrefix($0.slug + "/") }) {
            guard force else { throw .refused("\(playing) of \(show.slug) is playing: 'podline stop' it first, or remove with --force") }
            guard stopPlayer() else { throw .refused("\(playing) of \(show.slug) is playing and the player could not be stopped") }
        }
        var report = EditReport(value: JSONValue.null, lines: [])
        var removed: [RemovedShow] = []
        for record in records {
            let removal = try library.remove(record, keepFiles: keepFiles)
            let episodes = removal.episodes == 1 ? "1 episode" : "\(removal.episodes) episodes"
            let files = removal.files.count == 1 ? "1 download" : "\(removal.files.count) downloads"
            var line = "Removed \(removal.slug): \(TerminalText.safe(removal.title)) (\(episodes), \(files) "
            let keptIn = keepFiles ? removal.files.first?.deletingLastPathComponent().path : nil
            if let keptIn {
                line += "kept in \(keptIn))"
            } else {
                line += keepFiles ? "kept)" : "deleted)"
            }
            report.lines.append(line)
            removed.append(
                RemovedShow(
                    slug: removal.slug, title: removal.title, episodes: removal.episodes, downloads: removal.files.count,
                    keptIn: keptIn))
        }
        report.value = removed
        return report
    }

    private func id(of listing: EpisodeListing) throws(StoreError) -> Int64 {
        guard let id = listing.episode.id else { throw .notFound("\(listing.ref): no such episode") }
        return id
    }
}

extension CommandError {
    /// A library failure as the command language reports it: a name that names nothing is unreadable (2), a malformed
    /// one a usage error (64), a refusal or a database failure a failure (1), a newer Podline's library 78.
    package init(_ error: StoreError) {
        switch error {
        case .notFound(let reason): self.init(.unreadable, reason)
        case .invalid(let reason): self.init(.invalidParameter, reason)
        case .database(let reason), .alreadySubscribed(let reason), .refused(let reason): self.init(.failed, reason)
        case .newer(let reason): self.init(.configuration, reason)
        }
    }
}
