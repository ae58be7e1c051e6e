import Foundation
import Logging
import PodcastKit

extension LibraryPaths {
    /// The library at `home` (else the default place), its downloads in config.toml's `download_dir` when set.
    package static func configured(home: String? = nil) -> LibraryPaths {
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

extension LibraryStore {
    /// Opens the library at `paths`, creating it when needed; said in the diagnostic log.
    package static func opened(_ paths: LibraryPaths) throws(StoreError) -> LibraryStore {
        Logger(label: "podline.library").debug("opening the library \(paths.database.path)")
        return try LibraryStore(paths: paths)
    }
}
