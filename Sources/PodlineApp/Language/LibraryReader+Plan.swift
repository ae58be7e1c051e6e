import Foundation
import PodcastKit

extension LibraryReader {
    /// `plan TIME [SHOW|PLAYLIST…] [--into NAME]`: the named playlist NAME filled, in order, with the episodes (of the
    /// shows and playlists named, else every unplayed one, newest first) whose forecasts fit in `budget` together.
    static func plan(budget: Double, from sources: [String], into name: String, in editing: PlaylistEditing) throws -> CommandOutput {
        let store = editing.store
        var candidates: [EpisodeListing] = []
        if sources.isEmpty {
            candidates = try store.episodes(EpisodeQuery(states: [.unplayed]))
        }
        for source in sources {
            switch try findShowOrPlaylist(source, in: store) {
            case .show(let show): candidates += try store.episodes(EpisodeQuery(showID: show.id, states: [.unplayed]))
            case .playlist(let playlist): candidates += try PlaylistContents.listings(playlist, in: store)
            }
        }
        let settings = Configuration.settings
        var seen = Set<Int64>()
        var chosen: [(listing: EpisodeListing, forecast: ListeningForecast)] = []
        var left = budget
        var unknown = 0
        var shares: [String: Double] = [:]
        for listing in candidates where listing.episode.isPlayable {
            guard let id = listing.episode.id, seen.insert(id).inserted, !listing.episode.isPlayed else { continue }
            guard let forecast = try ListeningForecast.of(listing, store: store, settings: settings, shares: &shares) else {
                unknown += 1
                continue
            }
            guard forecast.predicted <= left else { continue }
            chosen.append((listing, forecast))
            left -= forecast.predicted
        }
        let playlist = try editing.named(name, for: CommandTable.plan.name)
        try editing.replace(playlist, with: chosen.compactMap(\.listing.episode.id))
        try store.keepForecast(
            playlistID: playlist.id, budget: budget,
            items: chosen.compactMap { entry in
                entry.listing.episode.id.map { PlanForecast.Item(episodeID: $0, predicted: entry.forecast.predicted) }
            })
        let total = chosen.reduce(0) { $0 + $1.forecast.predicted }
        let refWidth = chosen.map(\.forecast.ref.count).max() ?? 0
        var lines = chosen.map { entry in
            let ref = entry.forecast.ref.padding(toLength: refWidth, withPad: " ", startingAt: 0)
            return "\(ref)  \(TerminalOutput.duration(entry.forecast.predicted))  \(TerminalText.safe(entry.forecast.title))"
        }
        lines.append(
            "Planned \(TerminalOutput.duration(total)) of \(TerminalOutput.duration(budget)): \(chosen.count) episode\(chosen.count == 1 ? "" : "s") "
                + "in the playlist \(playlist.name) (podline play \(playlist.name))"
                + (unknown > 0 ? "; \(unknown) of unknown length left out" : ""))
        let data = JSONValue.object([
            ("playlist", .string(playlist.name)), ("budget", .number(budget)), ("predicted", .number(total)),
            ("unknown_length", .int(unknown)), ("episodes", .array(chosen.map(\.forecast.json))),
        ])
        return CommandOutput(data: data, lines: lines)
    }
}
