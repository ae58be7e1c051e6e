import ArgumentParser
import AudioEngine
import Foundation
import PodcastKit

/// The REPL's state: the player it owns (or the one it reaches over the socket), and the status of the last failure.
@MainActor
final class ReplSession {
    let player: Player
    let dispatcher: CommandDispatcher
    private var server: ControlServer?
    private var remote: ControlClient?
    /// The exit status of the last failing line, 0 when none failed.
    private(set) var lastFailure: Int32 = 0
    /// The status of the line just run.
    private(set) var lastStatus: Int32 = 0
    private let location: ControlLocation
    private let settings: Settings
    /// The engine and coordinator that play what this REPL's player holds.
    private var playback: PlaybackSession?

    init(player: Player = Player(), settings: Settings = Settings(), location: ControlLocation = .standard()) {
        self.player = player
        self.location = location
        self.settings = settings
        player.speed = settings.speed
        dispatcher = CommandDispatcher(player: player, skipLengths: settings.skipLengths)
    }

    /// Serves the control socket, or, when another player already does, sends player commands to it.
    func start() {
        let server = ControlServer(player: player, dispatcher: dispatcher, location: location)
        do {
            try server.start()
            self.server = server
            startPlayback()
        } catch .alreadyServed {
            remote = try? ControlClient(location: location)
        } catch {
            printError("control socket not available: \(error)")
        }
    }

    private var companions: [AnyObject] = []

    /// Keeps `object` (a view host following the player) alive as long as the session.
    func keepAlive(_ object: AnyObject) {
        companions.append(object)
    }

    /// Plays through the configured output whatever the player holds.
    private func startPlayback() {
        let output = (try? OutputSpec(parsing: settings.output)) ?? OutputSpec(driver: "default")
        let store = try? LibraryStore(paths: LibraryPaths())
        let session = PlaybackSession(output: output, store: store, settings: PlaybackSettings(settings), player: player)
        session.attach()
        playback = session
    }

    /// Stops serving the socket.
    func shutdown() {
        playback?.detach()
        playback = nil
        companions.removeAll()
        server?.stop()
        server = nil
        remote = nil
    }

    /// The play state for the prompt.
    var promptState: String {
        player.current == nil && remote == nil ? "stopped" : remote == nil ? player.state.rawValue : "remote"
    }

    /// Runs one line; returns false when the session should end.
    func execute(_ line: String) -> Bool {
        lastStatus = 0
        defer {
            if lastStatus != 0 { lastFailure = lastStatus }
            fflush(nil)
        }
        let command: ParsedCommand?
        do {
            command = try CommandParser.parse(line: line)
        } catch {
            return fail(error)
        }
        switch command {
        case nil:
            return true
        case .quit?:
            return false
        case .help(let topic)?:
            HelpText.lines(for: topic).forEach { print($0) }
        case .library(let words)?:
            lastStatus = LibraryCommandRunner.run(words)
        case .player(let playerCommand)?:
            runPlayer(playerCommand, words: (try? Tokenizer.words(line)) ?? [])
        }
        return true
    }

    private func runPlayer(_ command: PlayerCommand, words: [String]) {
        if let remote {
            runRemote(command, words: words, on: remote)
            return
        }
        do throws(CommandError) {
            let output = try dispatcher.run(command)
            if case .status(json: true) = command {
                print(output.data.rendered)
            } else if case .queue = command, words.contains("--json") {
                print(output.data.rendered)
            } else {
                output.lines.forEach { print($0) }
            }
        } catch {
            _ = fail(error)
        }
    }

    private func runRemote(_ command: PlayerCommand, words: [String], on client: ControlClient) {
        do {
            let answer = try client.request(words)
            guard answer.succeeded else {
                printError(answer.message ?? answer.error)
                lastStatus = CommandError(CommandError.kind(forReplyError: answer.error), "").exitStatus
                return
            }
            if case .status(json: true) = command {
                print(answer.dataText)
            } else if case .status = command {
                RemoteStatusText.lines(answer.data).forEach { print($0) }
            }
        } catch {
            printError(error.description)
            lastStatus = ExitStatus.noPlayer
        }
    }

    private func fail(_ error: CommandError) -> Bool {
        printError(error.message)
        lastStatus = error.exitStatus
        return true
    }
}
