import AudioEngine
import Foundation
import Logging
import Playback
import PodcastKit
import PodlineApp

/// `podline play` and `podline demo` in a shell: one player per user. When a player runs, the request is handed to
/// it (as `cmus-remote` does) and this process exits; otherwise this process becomes the player.
@MainActor
enum ShellPlay {
    /// Plays `request` here or in the running player; returns the exit status.
    static func run(_ request: PlayRequest) async -> Int32 {
        let request = request.absolutized()
        if let client = try? ControlClient() {
            return handOff(request, to: client)
        }
        // Become the player, atomically: of two plays started at once, the one that loses hands its items over.
        let location = ControlLocation.standard()
        if (try? SocketDirectory.prepare(location.directory)) != nil, !PlayerLock.shared.acquire(in: location.directory) {
            guard let client = ControlClient.waitingForPlayer(at: location) else {
                printError("another podline player is starting and does not answer on \(location.socketPath)")
                return ExitStatus.failure
            }
            return handOff(request, to: client)
        }
        let settings = Configuration.settings
        var output: OutputSpec
        do {
            output = try OutputSpec(parsing: request.output ?? settings.output)
            output.fast = request.fast
        } catch {
            printError("--output: \(error.description)")
            return ExitStatus.usage
        }
        guard AudioDevices.knows(output.driver) else {
            printError("--output: unknown driver '\(output.driver)' (available: \(AudioDevices.driverNames().joined(separator: ", ")))")
            return ExitStatus.usage
        }
        let dispatcher = CommandDispatcher(
            player: Player(), skipLengths: settings.skipLengths, resolver: PlayableResolver.forListener(paths: LibraryPaths()))
        // The one library opened serves every read of the process.
        let library = dispatcher.libraryOnDisk()
        let items: [NowPlaying]
        // A player that writes a file plays what it is given; one that is heard plays the library's queue after it.
        let keepsQueue = !output.isFile
        let queued = keepsQueue && request.targets.isEmpty && ((try? library?.store.queueEpisodeIDs().isEmpty) == false)
        do {
            // Chosen before a player starts: nothing plays for a target that names nothing, or with nothing to resume.
            items = try CommandDispatcher.items(for: request, resolver: dispatcher.keptResolver, loaded: false, queued: queued)
        } catch {
            printError(error.message)
            return error.exitStatus
        }
        Logger(label: "podline.audio").debug("opening the output \(output)")
        let host = PlayerHost(dispatcher: dispatcher) {
            PlayerSession.forFrontEnd(output: output, library: library, settings: settings, dispatcher: $0)
        }
        let session = host.session
        if keepsQueue { host.keepQueue() }
        var here = request
        here.output = nil
        do {
            _ = try dispatcher.play(here, items: items)
        } catch {
            printError(error.message)
            return error.exitStatus
        }
        session.update()
        let line =
            NowPlayingTerminal.wanted(quiet: request.quiet)
            ? NowPlayingTerminal(player: session.player, dispatcher: dispatcher) { [weak session] in session?.quit() } : nil
        let suspend =
            isatty(0) == 1
            ? SuspendSignal(
                note: "paused while suspended (after fg, space or 'podline resume' plays on)",
                pause: { SuspendSignal.pause(session.player, with: dispatcher, update: session.update) },
                beforeStop: { line?.letGoOfTerminal() }, afterContinue: { line?.takeTerminalBack() }) : nil
        SignalMask.unblockTermination()
        let signals = TerminationSignals { status in
            host.shutdownNow()
            exit(status)
        }
        let error = await host.run()
        signals.cancel()
        suspend?.cancel()
        line?.stop()
        // The player stopped: what was heard goes to the other devices (with [sync] auto; a failure is a warning).
        if library != nil { await SyncStart.automatically(editor: dispatcher.library) }
        return error.map(ExitStatus.code(for:)) ?? 0
    }

    /// Sends `request` to the running player and reports in one line what it does with it.
    private static func handOff(_ request: PlayRequest, to client: ControlClient) -> Int32 {
        let answer: ControlAnswer
        do {
            answer = try client.request(request.words)
        } catch {
            printError(error.description)
            return error.exitStatus
        }
        guard answer.succeeded else {
            printError(answer.message ?? answer.error)
            return CommandError(CommandError.kind(forReplyError: answer.error), "").exitStatus
        }
        if let items = answer.data(as: [ItemSummary].self) {
            print("queued \(items.count == 1 ? "1 item" : "\(items.count) items") in the running player")
        } else if let episode = answer.data(as: ItemSummary.self) {
            print("playing \(TerminalText.safe(episode.title)) in the running player")
        } else {
            print("resumed the running player")
        }
        return 0
    }
}
