import Foundation

/// Where Podline keeps its library and downloads.
public struct LibraryPaths: Sendable {
    /// The folder holding `library.sqlite` and `episodes/`.
    public var root: URL

    /// `home` (from `--home`), else `$PODLINE_HOME`, else `$XDG_DATA_HOME/podline`, else `~/.local/share/podline`.
    public init(home: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let home, !home.isEmpty {
            root = URL(fileURLWithPath: home)
        } else if let home = environment["PODLINE_HOME"], !home.isEmpty {
            root = URL(fileURLWithPath: home)
        } else if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            root = URL(fileURLWithPath: data).appendingPathComponent("podline")
        } else {
            let userHome = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            root = URL(fileURLWithPath: userHome).appendingPathComponent(".local/share/podline")
        }
    }

    /// The SQLite database.
    public var database: URL { root.appendingPathComponent("library.sqlite") }
    /// Downloaded episodes, one folder per show.
    public var episodes: URL { root.appendingPathComponent("episodes") }
}
