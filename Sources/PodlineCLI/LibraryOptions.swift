import ArgumentParser
import Logging
import PodcastKit

/// Options shared by the commands that use the library: where it lives.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder holding the library (default: $PODLINE_HOME, else $XDG_DATA_HOME/podline).",
                                            valueName: "DIR"))
    var home: String?

    /// The library's locations.
    var paths: LibraryPaths { LibraryPaths(home: home) }

    /// Opens the library, creating it when needed.
    func openStore() throws(StoreError) -> LibraryStore {
        Logger(label: "podline.library").debug("opening the library \(paths.database.path)")
        return try LibraryStore(paths: paths)
    }
}
