import Foundation
import Logging
import PodcastKit

/// Serves the control socket for a process that owns a `Player`.
///
/// Socket I/O is driven by the descriptors' readiness on one serial queue, with no thread of its own per client; each
/// connection's commands are answered in order by a main-actor task of its own, through the dispatcher, so socket
/// clients, the REPL and one-shot commands change the model the same way. Clients that ask for `events` receive the
/// player's event stream.
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
            var command = try CommandParser.parse(GlobalFlags.extract(from: request.words).rest, in: .socket)
            try checkFiles(of: &command)
            // The socket answers with data alone: a question renders no text lines; a task's values are gathered.
            let result = try await CommandPerformer(dispatcher).perform(command, output: TaskOutput.reply(), style: ListStyle())
            switch result {
            case .events:
                return ControlResponse(bytes: ControlReply.success(request.requestID, data: .null), subscribe: true)
            case .quit:
                throw CommandError(.unavailable, "'\(request.words[0])' is not available over the control socket")
            case .task(let end) where end.status != 0:
                let problems = end.output.problems
                let name = if case .task(let task) = command { task.name } else { "" }
                let message = problems.isEmpty ? "\(name): part of it could not be done" : problems.joined(separator: "; ")
                let error = CommandError(.unreadable, message)
                return ControlResponse(bytes: ControlReply.failure(request.requestID, error: error.replyError, message: error.message))
            default:
                return ControlResponse(bytes: ControlReply.success(request.requestID, data: result.data))
            }
        } catch {
            return ControlResponse(bytes: ControlReply.failure(request.requestID, error: error.replyError, message: error.message))
        }
    }

    /// A file named on the socket would be found from the player's folder, not the client's: it must be absolute. A
    /// question is asked for its data alone.
    private static func checkFiles(of command: inout ParsedCommand) throws(CommandError) {
        switch command {
        case .query(var query):
            if case .export(let path?, _) = query.query { try requireAbsolute(path, for: CommandTable.export.name) }
            query.json = true
            command = .query(query)
        case .task(let task):
            switch task.task {
            case .add(let feed, _, _, _) where Self.namesFile(feed), .inspect(let feed, _) where Self.namesFile(feed):
                try requireAbsolute(feed, for: task.name)
            case .importOPML(let file, _, _):
                try requireAbsolute(file, for: task.name)
            case .chapters(let target?) where target.contains("/") && !target.hasPrefix("http") && !EpisodeLookup.isName(target):
                try requireAbsolute(target, for: task.name)
            default:
                break
            }
        default:
            break
        }
    }

    /// True when a feed argument names a file (not a URL, a find result or a recommendation).
    private static func namesFile(_ feed: String) -> Bool {
        !FeedSource(feed).isRemote && FindReference.number(feed) == nil && PodrollReference(feed) == nil
    }

    /// A file named on the socket would be found from the player's folder, not the client's: it must be absolute.
    private static func requireAbsolute(_ path: String, for name: String) throws(CommandError) {
        guard path.hasPrefix("/") else {
            throw CommandError(.invalidParameter, "\(name): name the file with an absolute path on the control socket")
        }
    }
}
