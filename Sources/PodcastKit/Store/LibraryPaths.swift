import Foundation

/// Where Podline keeps its library and downloads.
public struct LibraryPaths: Sendable {
    /// The folder holding `library.sqlite` and `episodes/`.
    public var root: URL

    /// `home` (from `--home`), else `$PODLINE_HOME`, else `$XDG_DATA_HOME/podline`, else `~/.local/share/podline`.
    public init(home: String? = nil, environment: [String: String] = ProcessEnvironment.values("PODLINE_HOME", "XDG_DATA_HOME", "HOME")) {
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
    /// The library's own folder for downloaded episodes, one folder per show.
    public var episodes: URL { root.appendingPathComponent("episodes") }

    /// Where new downloads go: `download_dir` when set, else the library's episodes folder.
    public var downloads: URL {
        get { downloadFolder ?? episodes }
        set { downloadFolder = newValue }
    }
    private var downloadFolder: URL?

    /// The file a stored download path names, wherever the command was started: a path inside the episodes
    /// folder is stored relative to it; any other is stored whole.
    public func file(forDownload stored: String) -> URL {
        stored.hasPrefix("/") ? URL(fileURLWithPath: stored) : episodes.appendingPathComponent(stored)
    }

    /// How `file` is stored in the library: relative to the episodes folder when inside it, else absolute.
    public func storedPath(for file: URL) -> String {
        let folder = episodes.standardizedFileURL.path + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }
}
