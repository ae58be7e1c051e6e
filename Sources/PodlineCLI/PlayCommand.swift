import ArgumentParser
import AudioEngine
import Foundation
import PodcastKit

/// `podline play TARGET`: plays an episode reference, an MP3 file or a URL, resuming where it was left.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play an episode, an MP3 file or a URL.",
        discussion: "TARGET is an episode reference (show-slug/N, or the database id), a file, or an http(s) URL. An episode resumes where it was left, rewound by a few seconds. TIME is 90, 90s, 5m, 1:30 or 1:02:03. DRIVER is default, pulse, alsa, null, or a file driver with a path: wav:FILE, au:FILE, raw:FILE (FILE may be - for standard output)."
    )

    @Argument(help: ArgumentHelp("What to play; more than one are queued.", valueName: "ref|file|url"), completion: .file(extensions: ["mp3"]))
    var targets: [String]

    @OptionGroup var options: PlaybackOptions
    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        guard !targets.isEmpty else { throw ValidationError("Missing expected argument '<ref|file|url>'") }
    }

    func run() throws {
        if let home = library.home { setenv("PODLINE_HOME", home, 1) }
        try MainActor.assumeIsolated {
            let resolved = try targets.map { try PlayTarget.resolve($0, library: library) }
            let store = resolved.lazy.compactMap(\.store).first
            try options.play(resolved[0].item, queue: resolved.dropFirst().map(\.item), store: store)
        }
    }
}
