import ArgumentParser
import AudioEngine

/// `podline play FILE`: plays an MP3 file to the end, or for a duration.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play an MP3 file.",
        discussion: "TIME is 90, 90s, 5m, 1:30 or 1:02:03. DRIVER is default, pulse, alsa, null, or a file driver with a path: wav:FILE, au:FILE, raw:FILE (FILE may be - for standard output)."
    )

    @Argument(help: "The MP3 file to play.", completion: .file(extensions: ["mp3"]))
    var file: String

    @OptionGroup var options: PlaybackOptions

    func run() throws {
        try options.play(file)
    }
}
