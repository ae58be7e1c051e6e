import Foundation
import PodcastKit

extension LibraryReader {
    /// `plan --report [--into NAME]`: the last plan's forecast for each of its episodes beside the time the listening log
    /// says it took to hear since the plan was made (by the player's clock: what was heard, less skipped silence, at its
    /// speed), and both totals over the episodes finished since.
    static func planReport(_ name: String, in store: LibraryStore) throws -> CommandOutput {
        guard let playlist = try store.playlist(named: name), let forecast = try store.forecast(playlistID: playlist.id) else {
            throw StoreError.notFound("\(name): no plan was made into it (podline plan TIME --into \(name))")
        }
        let heard = try store.heardFor(episodeIDs: forecast.items.map(\.episodeID), since: forecast.madeAt)
        var entries: [JSONValue] = []
        var rows: [(ref: String, predicted: Double, heard: Double, state: String, title: String)] = []
        var finished = (count: 0, predicted: 0.0, heard: 0.0)
        for item in forecast.items {
            guard let listing = try? store.episode(.id(item.episodeID)) else { continue }
            let actual = heard[item.episodeID] ?? 0
            let done = item.playedAt.map { $0 >= forecast.madeAt } ?? false
            let state = done ? "finished" : actual > 0 ? "in progress" : "not started"
            if done { finished = (finished.count + 1, finished.predicted + item.predicted, finished.heard + actual) }
            let title = listing.episode.title ?? listing.ref
            rows.append((listing.ref, item.predicted, actual, state, title))
            entries.append(
                .object([
                    ("ref", .string(listing.ref)), ("title", .string(title)), ("predicted", .number(item.predicted)),
                    ("heard", .number(actual)), ("state", .string(state)),
                ]))
        }
        let refWidth = rows.map(\.ref.count).max() ?? 0
        var lines = rows.map { row in
            "\(row.ref.padding(toLength: refWidth, withPad: " ", startingAt: 0))  forecast \(TerminalOutput.duration(row.predicted))"
                + "  heard \(TerminalOutput.duration(row.heard))  \(row.state)  \(TerminalText.safe(row.title))"
        }
        let made = ISO8601.string(forecast.madeAt)
        let predicted = forecast.items.reduce(0) { $0 + $1.predicted }
        var summary =
            "Plan of \(TerminalOutput.duration(forecast.budget)) into \(playlist.name), made \(made): forecast "
            + "\(TerminalOutput.duration(predicted)) for \(forecast.items.count) episode\(forecast.items.count == 1 ? "" : "s")"
        if finished.count > 0 {
            let ratio = finished.predicted > 0 ? String(format: " (%.1f %%)", finished.heard / finished.predicted * 100) : ""
            summary +=
                "; the \(finished.count) finished took \(TerminalOutput.duration(finished.heard)) against "
                + "\(TerminalOutput.duration(finished.predicted)) forecast\(ratio)"
        } else {
            summary += "; none finished yet"
        }
        lines.append(summary)
        let data = JSONValue.object([
            ("playlist", .string(playlist.name)), ("made", .string(ISO8601.string(forecast.madeAt))), ("budget", .number(forecast.budget)),
            ("predicted", .number(predicted)), ("finished", .int(finished.count)), ("finished_predicted", .number(finished.predicted)),
            ("finished_heard", .number(finished.heard)), ("episodes", .array(entries)),
        ])
        return CommandOutput(data: data, lines: lines)
    }
}
