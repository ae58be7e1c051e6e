import ArgumentParser
import Foundation
import Logging
import PodcastKit

extension LibraryPaths {
    /// The library at `home` (else the default place), its downloads in config.toml's `download_dir` when set.
    static func configured(home: String? = nil) -> LibraryPaths {
        var paths = LibraryPaths(home: home)
        let folder = Configuration.settings.downloadDirectory
        if !folder.isEmpty {
            paths.downloads =
                URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL
        }
        return paths
    }
}

/// Options shared by the commands that use the library: where it lives.
struct LibraryOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder holding the library (default: $PODLINE_HOME, else $XDG_DATA_HOME/podline).",
            valueName: "DIR"))
    var home: String?

    /// The library's locations, with new downloads going where config.toml's `download_dir` says.
    var paths: LibraryPaths { LibraryPaths.configured(home: home) }

    /// Opens the library, creating it when needed.
    func openStore() throws(StoreError) -> LibraryStore {
        Logger(label: "podline.library").debug("opening the library \(paths.database.path)")
        return try LibraryStore(paths: paths)
    }
}
