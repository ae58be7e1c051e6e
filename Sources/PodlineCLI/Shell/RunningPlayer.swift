import ArgumentParser
import Foundation
import Logging
import PodcastKit
import PodlineApp

/// What the running player (if any) is playing, for commands that must not pull a file from under it.
enum RunningPlayer {
    /// Whether a player serves the control socket now.
    static var isRunning: Bool { (try? ControlClient()) != nil }

    /// The library reference of the episode the running player holds, if one runs and holds a library episode.
    static func currentRef() -> String? {
        (try? currentEpisode())?.ref
    }

    /// The `episode` object of the running player's status; nil when it holds none. Throws when no player runs.
    private static func currentEpisode() throws(ControlError) -> ItemSummary? {
        let answer = try ControlClient().request([CommandTable.status.name])
        guard answer.succeeded else { return nil }
        return answer.data(as: PlayerStatus.self)?.episode
    }

    /// Where the running player is in what it plays; nil when none runs or it plays nothing.
    static func position() -> Double? {
        guard let answer = try? ControlClient().request([CommandTable.status.name]), answer.succeeded,
            let status = answer.data(as: PlayerStatus.self), status.episode != nil
        else { return nil }
        return status.position
    }

    /// What the running player plays, for commands whose argument defaults to it: its episode reference, else its
    /// file or URL; nil when it holds nothing. Throws when no player runs.
    static func playing() throws(CommandError) -> String? {
        do {
            let episode = try currentEpisode()
            return episode?.ref ?? episode?.url
        } catch {
            throw CommandError(.noPlayer, error.description)
        }
    }

    /// An observer that shows each change of the library at `paths` in the running player's model, when a player
    /// runs, before the command goes on (so that a `status` right after it has the change).
    @MainActor
    static func showing(changesOf paths: LibraryPaths) -> @MainActor (LibraryChange) -> Void {
        let database = paths.database.standardizedFileURL.path
        // One connection for all the changes of a command, made at the first; none when no player runs.
        var connection: ControlClient??
        return { change in
            if connection == nil { connection = .some(try? ControlClient()) }
            guard let client = connection ?? nil else { return }
            do {
                try client.tell(.libraryChanged(change, database: database))
            } catch {
                Logger(label: "podline.control").debug("the running player did not take the library change: \(error)")
            }
        }
    }

    /// Stops the running player (for `--force`).
    static func stop() throws {
        try RemoteCommand.run(.stop)
    }
}
