import Foundation
import PodcastKit

extension LibraryReader {
    /// The answer to `playlist`: the list, one playlist, or what a change did.
    static func answer(_ command: PlaylistCommand, in editing: PlaylistEditing, json: Bool, style: ListStyle) throws -> CommandOutput {
        let store = editing.store
        switch command {
        case .list:
            let playlists = try store.playlists()
            var items: [JSONValue] = []
            var lines: [String] = []
            for playlist in playlists {
                let count = try PlaylistContents.listings(playlist, in: store).count
                items.append(try summary(playlist, extra: [("episodes", .int(count))]))
                let query = try PlaylistContents.filter(of: playlist).map { " " + $0.words.joined(separator: " ") } ?? ""
                lines.append("\(playlist.name)  \(kind(playlist))  \(count) episode\(count == 1 ? "" : "s")\(query)")
            }
            if playlists.isEmpty { lines = ["No playlists (make one with podline playlist add NAME)."] }
            return CommandOutput(data: .array(items), lines: json ? [] : lines)
        case .show(let name):
            let playlist = try require(name, in: store)
            let listings = try PlaylistContents.listings(playlist, in: store)
            let episodes = listing(listings, paths: store.paths, json: json, style: style)
            let data = try summary(playlist, extra: [("episodes", .array(listings.map { EpisodeEntry($0, paths: store.paths).json }))])
            let query = try PlaylistContents.filter(of: playlist).map { ": " + $0.words.joined(separator: " ") } ?? ""
            return CommandOutput(data: data, lines: json ? [] : ["\(playlist.name) (\(kind(playlist))\(query))"] + episodes.lines)
        case .add(let name, let refs, let filter, let atHead):
            return try add(name, refs: refs, filter: filter, atHead: atHead, in: editing)
        case .edit(let name, let filter):
            let playlist = try require(name, in: store)
            guard playlist.isSmart else {
                throw CommandError(.invalidParameter, "playlist: \(playlist.name) is a named playlist: add or remove its episodes instead")
            }
            _ = try filter.query(in: store)
            try store.setPlaylistQuery(playlist.id, filter.saved)
            let changed = PlaylistRecord(id: playlist.id, name: playlist.name, query: filter.saved)
            return CommandOutput(
                data: try summary(changed), lines: ["\(playlist.name): \(filter.words.joined(separator: " "))"])
        case .remove(let name, let refs):
            let playlist = try require(name, in: store)
            if refs.isEmpty, playlist.isQueue {
                try editing.replace(playlist, with: [])
                return CommandOutput(
                    data: try summary(playlist, extra: [("emptied", .bool(true))]), lines: ["Emptied the queue (it is never removed)"])
            }
            guard !refs.isEmpty else {
                try store.removePlaylist(playlist.id)
                return CommandOutput(
                    data: .object([("name", .string(playlist.name)), ("removed", .bool(true))]),
                    lines: ["Removed the playlist \(playlist.name)"])
            }
            guard !playlist.isSmart else {
                throw CommandError(.invalidParameter, "playlist: \(playlist.name) is a smart playlist: its query chooses its episodes")
            }
            let ids = try refs.map { ref throws in try EpisodeLookup.require(ref, in: store).episode.id ?? 0 }
            let removed = try editing.remove(ids, from: playlist)
            return CommandOutput(
                data: try summary(playlist, extra: [("removed", .int(removed))]),
                lines: ["\(playlist.name): \(removed) episode\(removed == 1 ? "" : "s") taken out"])
        }
    }

    /// `playlist add`: a smart playlist made, or a named one made if need be and filled.
    private static func add(
        _ name: String, refs: [String], filter: EpisodeFilter, atHead: Bool, in editing: PlaylistEditing
    ) throws -> CommandOutput {
        let store = editing.store
        let existing = try store.playlist(named: name)
        if !filter.isEmpty {
            if let show = try store.show(matching: name) {
                throw CommandError(.invalidParameter, "playlist: '\(name)' is the name of a show (\(show.slug)); choose another")
            }
            if let existing, existing.isQueue {
                throw CommandError(
                    .invalidParameter, "playlist: \(existing.name) is the player's queue, a named playlist: add episodes to it")
            }
            guard existing == nil else {
                throw CommandError(.invalidParameter, "playlist: \(name) already exists; change it with playlist edit")
            }
            _ = try filter.query(in: store)  // its shows must be there
            let made = try store.createPlaylist(named: name, query: filter.saved)
            return CommandOutput(
                data: try summary(made), lines: ["Made the smart playlist \(made.name): \(filter.words.joined(separator: " "))"])
        }
        let playlist = try editing.named(name, for: CommandTable.playlist.name)
        let ids = try refs.map { ref throws in try EpisodeLookup.require(ref, in: store).episode.id ?? 0 }
        let added = try editing.add(ids, to: playlist, atHead: atHead)
        let made = existing == nil ? "Made the playlist \(playlist.name)" : playlist.name
        return CommandOutput(
            data: try summary(playlist, extra: [("added", .int(added))]),
            lines: ["\(made): \(added) episode\(added == 1 ? "" : "s") added\(atHead ? " at its head" : "")"])
    }

    /// The playlist called `name`, or a `notFound` error.
    private static func require(_ name: String, in store: LibraryStore) throws -> PlaylistRecord {
        guard let playlist = try store.playlist(named: name) else {
            throw StoreError.notFound("\(name): no such playlist (see podline playlist)")
        }
        return playlist
    }

    /// `smart` or `named`.
    private static func kind(_ playlist: PlaylistRecord) -> String { playlist.isSmart ? "smart" : "named" }

    /// `{name, kind, query}` and `extra`.
    private static func summary(_ playlist: PlaylistRecord, extra: [(String, JSONValue)] = []) throws -> JSONValue {
        let query: JSONValue = try PlaylistContents.filter(of: playlist).map { .array($0.words.map(JSONValue.string)) } ?? .null
        return .object([("name", .string(playlist.name)), ("kind", .string(kind(playlist))), ("query", query)] + extra)
    }
}
