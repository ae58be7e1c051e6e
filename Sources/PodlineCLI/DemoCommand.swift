import ArgumentParser
import AudioEngine
import PodcastKit

/// `podline demo`: plays the bundled demo episode, no network needed.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play the bundled demo episode (no network needed)."
    )

    /// The demo episode's file name in `Resources/`.
    static let fileName = "demo-episode.mp3"

    @OptionGroup var options: PlaybackOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        guard let url = ResourceLocator.url(for: Self.fileName) else {
            let looked = ResourceLocator.candidates().map(\.path).joined(separator: ", ")
            printError("the demo episode \(Self.fileName) is missing (looked in \(looked)); set PODLINE_RESOURCES to the Resources folder")
            throw ExitCode(ExitStatus.unreadable)
        }
        print("Podline demo: \(url.path)")
        try MainActor.assumeIsolated {
            try options.play(NowPlaying(title: "Podline demo episode", show: "Podline", url: url.path), store: nil)
        }
    }
}
