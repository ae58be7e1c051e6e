import ArgumentParser
import AudioEngine
import Foundation
import Logging
import PodcastKit

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

    @Option(name: .long, help: ArgumentHelp("Speed, 0.5 to 3.0, pitch preserved.", valueName: "X"))
    var speed: Double = 1

    @Flag(name: .long, help: "Start at the beginning (or --start), not where the episode was left.")
    var noResume = false

    @Option(name: .long, help: ArgumentHelp("Fade out and stop after TIME, or at the end of the episode with 'end'.", valueName: "TIME|end"))
    var sleep: String?

    func validate() throws {
        guard (0...100).contains(volume) else {
            throw ValidationError("--volume must be between 0 and 100, not \(volume.formatted())")
        }
        if let sleep, sleep != "end", TimeSpec.seconds(sleep) == nil {
            throw ValidationError("--sleep takes a TIME (90, 5m, 1:30) or 'end', not '\(sleep)'")
        }
        guard Player.speedRange.contains(speed) else {
            throw ValidationError("--speed must be between 0.5 and 3.0, not \(speed.formatted())")
        }
        let parsed = try spec()
        guard AudioDevices.knows(parsed.driver) else {
            let drivers = AudioDevices.driverNames().joined(separator: ", ")
            throw ValidationError("--output: unknown driver '\(parsed.driver)' (available: \(drivers))")
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

    /// Plays `item` (then `queue`) with these options in an interactive session; exits with the documented code.
    @MainActor
    func play(_ item: NowPlaying, queue: [NowPlaying] = [], store: LibraryStore?) throws {
        let output = try spec()
        Logger(label: "podline.audio").debug("opening the output \(output)")
        let session = PlaybackSession(output: output, store: store, settings: .configured())
        session.firstStart = start?.seconds
        session.noResume = noResume
        session.limit = duration?.seconds
        session.player.volume = volume
        session.player.speed = speed
        if let sleep {
            session.player.sleep = sleep == "end" ? .endOfEpisode : .at(Date().addingTimeInterval(TimeSpec.seconds(sleep) ?? 0))
        }
        session.update()
        session.play(item, queue: queue)
        let status = session.run()
        if status != 0 { throw ExitCode(status) }
    }
}

extension Double {
    /// The shortest text for a number: `50` rather than `50.0`.
    func formatted() -> String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
