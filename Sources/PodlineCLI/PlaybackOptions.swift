import ArgumentParser
import AudioEngine

/// The flags shared by `play` and `demo`: output, start, duration, volume.
struct PlaybackOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Where to play: default, pulse, alsa, null, wav:FILE, au:FILE, raw:FILE.", valueName: "DRIVER[:PATH]"))
    var output: String = "default"

    @Option(name: .long, help: ArgumentHelp("Start this far into the file.", valueName: "TIME"))
    var start: TimeArgument?

    @Option(name: .long, help: ArgumentHelp("Stop after playing this long.", valueName: "TIME"))
    var duration: TimeArgument?

    @Option(name: .long, help: ArgumentHelp("Volume, 0 to 100.", valueName: "0-100"))
    var volume: Double = 100

    func validate() throws {
        guard (0...100).contains(volume) else {
            throw ValidationError("--volume must be between 0 and 100, not \(volume.formatted())")
        }
        let parsed = try spec()
        let drivers = AudioOutput.driverNames()
        guard drivers.contains(parsed.driver) else {
            throw ValidationError("--output: unknown driver '\(parsed.driver)' (available: \(drivers.joined(separator: ", ")))")
        }
    }

    /// The parsed `--output`.
    func spec() throws -> OutputSpec {
        do {
            return try OutputSpec(parsing: output)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Plays `path` with these options, exiting with the documented code on failure.
    func play(_ path: String) throws {
        var playback = FilePlayback(path: path, output: try spec())
        playback.start = start?.seconds ?? 0
        playback.duration = duration?.seconds
        playback.volume = volume
        let report: FilePlayback.Report
        do {
            report = try playback.run()
        } catch {
            throw fail(error)
        }
        if let truncation = report.truncation {
            throw fail(truncation)
        }
    }
}

extension Double {
    /// The shortest text for a number: `50` rather than `50.0`.
    func formatted() -> String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
