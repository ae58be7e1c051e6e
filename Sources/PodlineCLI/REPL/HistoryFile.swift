import Foundation
import PodcastKit
import PodlineApp

/// Where REPL history is kept: `$XDG_STATE_HOME/podline/history`, else `~/.local/state/podline/history`.
enum HistoryFile {
    /// The most lines kept.
    static let limit: Int32 = 1000

    /// The history file's path, its folder created.
    static func path(environment: [String: String] = ProcessEnvironment.values("XDG_STATE_HOME", "HOME")) -> String {
        let state: String
        if let value = environment["XDG_STATE_HOME"], value.hasPrefix("/") {
            state = value
        } else {
            state = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/state"
        }
        let folder = state + "/podline"
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        return folder + "/history"
    }
}
