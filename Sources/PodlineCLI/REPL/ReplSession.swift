import ArgumentParser
import AudioEngine
import CLazyLibraries
import Foundation
import Logging
import Playback
import PodcastKit
import PodlineApp

/// The REPL's state: the player it owns (or the one it reaches over the socket), and the status of the last failure.
@MainActor
final class ReplSession {
    let player: Player
    let dispatcher: CommandDispatcher
    /// This REPL's own player's host (its socket, its playback), when another process's player is not the one here.
    private var host: PlayerHost<DesktopCompanion>?
    private var remote: ControlClient?
    /// The exit status of the last failing line, 0 when none failed.
    private(set) var lastFailure: Int32 = 0
    /// The status of the line just run.
    private(set) var lastStatus: Int32 = 0
    private let location: ControlLocation
    private let settings: Settings
    /// Where what the commands did is shown: printed, unless a front end shows it itself.
    var display = SessionDisplay.printing

    init(player: Player = Player(), settings: Settings = Settings(), location: ControlLocation = .standard()) {
        self.player = player
        self.location = location
        self.settings = settings
        player.speed = settings.speed
        dispatcher = CommandDispatcher(player: player, skipLengths: settings.skipLengths)
        dispatcher.resolver = PlayableResolver.forListener(paths: LibraryPaths())
    }

    /// Serves the control socket and plays, or, when another player already serves it, sends player commands to it.
    func start() {
        let settings = settings
        let host = PlayerHost(dispatcher: dispatcher, location: location) { dispatcher in
            let output = (try? OutputSpec(parsing: settings.output)) ?? OutputSpec(driver: "default")
            Logger(label: "podline.audio").debug("opening the output \(output)")
            return PlayerSession.forFrontEnd(
                output: output, library: try? dispatcher.library.library(), settings: settings, dispatcher: dispatcher)
        }
        do {
            try host.start(whenSocketTaken: .fail)
            host.keepQueue()
            self.host = host
        } catch .alreadyServed {
            remote = ControlClient.waitingForPlayer(at: location)
            // This REPL's model shows that player: nothing plays it here.
            if remote != nil { mirror = RemoteStatusMirror(location: location, player: player) }
        } catch {
            printError("control socket not available: \(error)")
        }
    }

    private var companions: [AnyObject] = []
    /// Keeps `player` showing the player of another process, when that one serves the socket.
    private var mirror: RemoteStatusMirror?

    /// Keeps `object` (a view host following the player) alive as long as the session.
    func keepAlive(_ object: AnyObject) {
        companions.append(object)
    }

    /// Stops this REPL's player (its playback, then its socket) or lets go of another process's.
    func shutdown() {
        host?.stop()
        host = nil
        companions.removeAll()
        remote = nil
        mirror?.stop()
        mirror = nil
    }

    /// Returns once this REPL's own player is not playing (a paused player is not waited for).
    func notPlaying() async {
        guard remote == nil, let host else { return }
        await host.session.notPlaying()
    }

    /// Pauses this REPL's own player before the process is stopped (Ctrl-Z); true when it was playing.
    func pauseForSuspend() -> Bool {
        guard ownsPlayer else { return false }
        return SuspendSignal.pause(player, with: dispatcher) { host?.session.update() }
    }

    /// True when this REPL's player is its own (not one of another process reached over the socket).
    var ownsPlayer: Bool { remote == nil && mirror == nil }

    /// The play state for the prompt.
    var promptState: String {
        player.current == nil ? "stopped" : player.shownState
    }

    /// Runs one line; returns false when the session should end. A library command that waits on the network runs off
    /// the main actor, which serves the player meanwhile.
    func execute(_ line: String) async -> Bool {
        lastStatus = 0
        var keepGoing = true
        let command: ParsedCommand?
        do {
            let (flags, rest) = GlobalFlags.extract(from: try Tokenizer.words(line))
            lineFlags = (Diagnostics.isVerbose, TerminalStyle.noColorFlag)
            flags.apply()
            command = rest.isEmpty ? nil : try CommandParser.parse(rest, in: .repl)
        } catch {
            _ = fail(error)
            finish(status: lastStatus)
            return true
        }
        if let command { keepGoing = await perform(command) }
        finish(status: lastStatus)
        return keepGoing
    }

    /// Runs one command already parsed (a player command goes to another process's player as its own words); returns
    /// false when the session should end. Its status is `lastStatus`.
    func perform(_ command: ParsedCommand) async -> Bool {
        lastStatus = 0
        if case .player(let playerCommand) = command, let remote {
            runRemote(playerCommand, on: remote)
            return true
        }
        // The library's commands of a REPL whose player runs elsewhere work as the shell's do.
        let performer = remote == nil ? CommandPerformer(dispatcher) : ShellEdit.performer()
        let json = command.asksForJSON
        do throws(CommandError) {
            let result = try await performer.perform(command, output: display.task(json), style: .standardOutput())
            if case .quit = result { return false }
            // The coordinator takes a player's change in now (a new episode's planned start, say), before a status
            // asked for from another shell can be answered from a half-applied model.
            if case .player = result { host?.session.update() }
            display.show(result, json: json)
            lastStatus = result.status
        } catch {
            _ = fail(error)
        }
        return true
    }

    /// The global flags in force before the current line, which may have given its own.
    private var lineFlags: (verbose: Bool, noColor: Bool)?

    /// Records the status of the line just run and ends its global flags.
    func finish(status: Int32) {
        if let (verbose, noColor) = lineFlags {
            Diagnostics.isVerbose = verbose
            TerminalStyle.noColorFlag = noColor
            lineFlags = nil
        }
        lastStatus = status
        if status != 0 { lastFailure = status }
        podline_flush_standard_output()
    }

    private func runRemote(_ command: PlayerCommand, on client: ControlClient) {
        do throws(ControlError) {
            let answer = try client.request(command.words)
            guard answer.succeeded else {
                display.problem(answer.message ?? answer.error)
                lastStatus = CommandError(CommandError.kind(forReplyError: answer.error), "").exitStatus
                return
            }
            if case .status(json: true) = command {
                display.result(.player(CommandOutput(lines: [answer.dataText])), false)
            } else if case .status = command {
                display.result(.player(CommandOutput(lines: StatusText.lines(answer.data(as: PlayerStatus.self)))), false)
            }
        } catch {
            display.problem(error.description)
            // A player that went away is no player; one that does not answer (stopped) is unavailable.
            if case .notAnswering = error { lastStatus = ExitStatus.unreachable } else { lastStatus = ExitStatus.noPlayer }
        }
    }

    private func fail(_ error: CommandError) -> Bool {
        display.problem(error.message)
        lastStatus = error.exitStatus
        return true
    }
}
