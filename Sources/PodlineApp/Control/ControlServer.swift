import Foundation
import Logging
import PodcastKit

/// Serves the control socket for a process that owns a `Player`.
///
/// Socket I/O runs on threads of its own; each connection's commands are answered in order by a main-actor task of
/// its own, through the dispatcher, so socket clients, the REPL and one-shot commands change the model the same way
/// (and no answer waits for a thread of the shared pool). Clients
/// that ask for `events` receive the player's event stream.
@MainActor
public final class ControlServer {
    public let player: Player
    public let dispatcher: CommandDispatcher
    public let location: ControlLocation
    /// The event stream's subscribers; other parts of the process may publish to it too.
    public let hub = EventHub()
    /// Downloads and feed refreshes reported by library commands (this process's or other processes');
    /// their changes become `download-progress` and `feed-updated` events.
    public let activity = LibraryActivity()
    private var listener: SocketListener?
    private var events: EventSource?
    private let log = Logger(label: "podline.control")

    public init(player: Player, dispatcher: CommandDispatcher, location: ControlLocation = .standard()) {
        self.player = player
        self.dispatcher = dispatcher
        self.location = location
    }

    /// Starts serving; fails when another player serves the socket or the folder is unsafe.
    public func start() throws(ControlError) {
        guard listener == nil else { return }
        let dispatcher = dispatcher
        let activity = activity
        let listener = SocketListener(location: location, hub: hub) { request in
            if case .libraryChanged(let change, let database)? = request.notice {
                // Answered once the model shows it, so that the next status seen anywhere has it.
                dispatcher.library.received(change, database: database)
                return ControlResponse(bytes: request.requestID == .null ? [] : ControlReply.success(request.requestID, data: .null))
            }
            if let notice = request.notice {
                activity.record(notice)
                return ControlResponse(bytes: [])
            }
            return await ControlServer.respond(to: request, with: dispatcher)
        }
        try listener.start()
        self.listener = listener
        log.debug("serving the control socket at \(location.socketPath)")
        // The observers behind the event stream run only while someone listens: a player nobody
        // watches does no work for each position report.
        hub.onCountChange { [weak self] count in
            Task { @MainActor in self?.listeners(count) }
        }
        LocalActivity.shared.sink = { notice in Task { @MainActor in activity.record(notice) } }
    }

    /// Starts the event observers for the first subscriber and stops them after the last.
    private func listeners(_ count: Int) {
        if count > 0, events == nil, listener != nil {
            let hub = hub
            events = EventSource(player: player, activity: activity) { hub.publish($0) }
        } else if count == 0 {
            events?.stop()
            events = nil
        }
    }

    /// Stops serving, ends every connection and removes the socket.
    public func stop() {
        // What the last changes mean (the episode's end, the stopped state) reaches the listeners before they are let go.
        events?.update()
        hub.onCountChange(nil)
        if listener != nil { LocalActivity.shared.sink = nil }
        events?.stop()
        events = nil
        let listener = listener
        self.listener = nil
        listener?.stop()
    }

    /// True while serving.
    public var isRunning: Bool { listener != nil }

    /// The number of clients connected now.
    public var clientCount: Int { listener?.clientCount ?? 0 }

    /// Runs one request and builds its reply. A library task (an `update`, a `download`) is awaited: the main actor
    /// serves the player and the other clients meanwhile, and this client's next requests wait their turn.
    package static func respond(to request: ControlRequest, with dispatcher: CommandDispatcher) async -> ControlResponse {
        do throws(CommandError) {
            switch try CommandParser.parse(GlobalFlags.extract(from: request.words).rest, in: .socket) {
            case .player(.events):
                return ControlResponse(bytes: ControlReply.success(request.requestID, data: .null), subscribe: true)
            case .player(let command):
                let output = try dispatcher.run(command)
                return ControlResponse(bytes: ControlReply.success(request.requestID, data: output.data))
            case .edit(let command):
                return ControlResponse(bytes: ControlReply.success(request.requestID, data: try dispatcher.library.run(command.edit).data))
            case .query(var command):
                // A file named on the socket would be found from the player's folder, not the client's.
                if case .export(let path?, _) = command.query { try requireAbsolute(path, for: CommandTable.export.name) }
                // The socket answers with data alone: no text lines to render.
                command.json = true
                let output = try dispatcher.reader.answer(command, style: ListStyle())
                return ControlResponse(bytes: ControlReply.success(request.requestID, data: output.data))
            case .help(let topic):
                let lines = HelpText.lines(for: topic).map { JSONValue.string($0) }
                return ControlResponse(bytes: ControlReply.success(request.requestID, data: .array(lines)))
            case .task(let command):
                return ControlResponse(bytes: try await run(command, for: request, with: dispatcher))
            case .quit:
                throw CommandError(.unavailable, "'\(request.words[0])' is not available over the control socket")
            }
        } catch {
            return ControlResponse(bytes: ControlReply.failure(request.requestID, error: error.replyError, message: error.message))
        }
    }

    /// Runs a library task for a socket client: its data as `--json` gives it (what `update` and `download` did, an
    /// item each), or, when part of it could not be done, an error whose message says what.
    private static func run(
        _ command: TaskCommand, for request: ControlRequest, with dispatcher: CommandDispatcher
    ) async throws(CommandError) -> [UInt8] {
        switch command.task {
        case .add(let feed, _, _, _) where Self.namesFile(feed), .inspect(let feed, _) where Self.namesFile(feed):
            try requireAbsolute(feed, for: command.name)
        case .importOPML(let file, _, _):
            try requireAbsolute(file, for: command.name)
        case .chapters(let target?) where target.contains("/") && !target.hasPrefix("http") && !EpisodeLookup.isName(target):
            try requireAbsolute(target, for: command.name)
        default:
            break
        }
        let output = TaskOutput.reply()
        let status = try await dispatcher.tasks(output).run(command.task)
        guard status == 0 else {
            let problems = output.problems
            let message = problems.isEmpty ? "\(command.name): part of it could not be done" : problems.joined(separator: "; ")
            let error = CommandError(.unreadable, message)
            return ControlReply.failure(request.requestID, error: error.replyError, message: error.message)
        }
        return ControlReply.success(request.requestID, data: output.data(list: command.task.answersWithList))
    }

    /// True when a feed argument names a file (not a URL, nor a find result).
    private static func namesFile(_ feed: String) -> Bool {
        !FeedSource(feed).isRemote && FindReference.number(feed) == nil
    }

    /// A file named on the socket would be found from the player's folder, not the client's: it must be absolute.
    private static func requireAbsolute(_ path: String, for name: String) throws(CommandError) {
        guard path.hasPrefix("/") else {
            throw CommandError(.invalidParameter, "\(name): name the file with an absolute path on the control socket")
        }
    }
}
