import Foundation

/// What the running player (if any) is playing, for commands that must not pull a file from under it.
enum RunningPlayer {
    /// The library reference of the episode the running player holds, if one runs and holds a library episode.
    static func currentRef() -> String? {
        guard let client = try? ControlClient(), let answer = try? client.request(["status"]), answer.succeeded,
            let status = answer.data as? [String: Any], let episode = status["episode"] as? [String: Any]
        else { return nil }
        return episode["ref"] as? String
    }

    /// Stops the running player (for `--force`).
    static func stop() throws {
        try RemoteCommand.run(["stop"])
    }
}
