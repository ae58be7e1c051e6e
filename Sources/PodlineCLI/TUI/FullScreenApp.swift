import CLazyLibraries
import DataFlow
import Dispatch
import Foundation
import Playback
import PodcastKit
import PodlineApp

/// `podline tui`: the full-screen view over the one player runtime. It owns the terminal, turns keys, pastes and clicks
/// into changes of its model or lines of the command language (run by the same session as the REPL's, so the socket,
/// MPRIS and `events` see all it does), and draws a frame whenever the views' data changed: never on a timer.
@MainActor
final class FullScreenApp {
    let session: ReplSession
    let model: BrowseModel
    let keys: KeyMap
    private let screen: TerminalScreen
    private var host: ViewHost<BrowseScreen>?
    /// The size of the frame drawn last.
    private var drawnSize: CellSize?
    private var decoder = FullScreenInputDecoder()
    private let colors: Bool
    private var capture: OutputCapture?
    private var sources: [DispatchSourceProtocol] = []
    private var signals: TerminationSignals?
    private var finished: CheckedContinuation<Int32, Never>?
    private var lastClick: (point: CellPoint, time: UInt64, count: Int)?

    init(session: ReplSession, store: LibraryStore, keys: KeyMap, screen: TerminalScreen, colors: Bool) {
        self.session = session
        self.keys = keys
        self.screen = screen
        self.colors = colors
        model = BrowseModel(store: store, player: session.player)
    }

    /// Runs until quit or a terminating signal; returns the exit status.
    func run() async -> Int32 {
        model.perform = { [weak self] command in self?.run(command) }
        session.display = display
        // What a library (or the sound server's client) writes by itself still never lands over the frame.
        capture = OutputCapture { [weak self] line in self?.took(line) }
        do {
            try screen.enter()
        } catch {
            capture?.restore()
            printError(error.message)
            return error.exitStatus
        }
        session.start()
        if let library = try? session.dispatcher.library.library() {
            library.observe { [weak self] change in
                switch change {
                // A stretch listened ends where a position was saved (a change of its own).
                case .listened: return
                case .position: self?.scheduleChange(of: change.episodeIDs, placesOnly: true)
                case .played, .favorite, .downloaded, .downloadDeleted: self?.scheduleChange(of: change.episodeIDs, placesOnly: false)
                case .subscribed, .unsubscribed, .queued: self?.scheduleReload()
                }
            }
        }
        model.size = screen.size()
        model.reload()
        let host = ViewHost(BrowseScreen(model: model, keys: keys))
        host.warningHandler = { _ in }
        self.host = host
        host.whenChanged { [weak self] in self?.drawFrame() }
        listen()
        drawFrame(force: true)
        let status = await withCheckedContinuation { finished = $0 }
        shutDown()
        return status
    }

    // MARK: Frames

    /// Draws the views into the cell buffer and writes what changed, in one write; nothing when nothing changed.
    func drawFrame(force: Bool = false) {
        guard let host, screen.isActive else { return }
        let size = model.size
        let resized = drawnSize != size
        guard force || resized || host.needsDraw else { return }
        drawnSize = size
        // The frame is let go of once shown (the screen keeps what it needs): the next is painted over it in place.
        screen.show(host.draw(rows: size.height, columns: size.width, colors: colors), changed: host.repainted)
    }

    private var reloadScheduled = false
    /// The episodes the library changed since the model last took changes in, and whether only their places changed.
    private var changes: (episodes: Set<Int64>, placesOnly: Bool)?

    /// Has the model take in a change of these episodes once the current work is done (several at once: one reading).
    private func scheduleChange(of ids: [Int64], placesOnly: Bool) {
        if var pending = changes {
            pending.episodes.formUnion(ids)
            pending.placesOnly = pending.placesOnly && placesOnly
            changes = pending
            return
        }
        changes = (Set(ids), placesOnly)
        Task { @MainActor in
            guard let changes = self.changes else { return }
            self.changes = nil
            self.model.changed(episodes: changes.episodes, placesOnly: changes.placesOnly)
        }
    }

    /// Reads the library again once the current work is done (several changes at once make one reload).
    private func scheduleReload() {
        guard !reloadScheduled else { return }
        reloadScheduled = true
        Task { @MainActor in
            self.reloadScheduled = false
            self.model.reload()
        }
    }

    // MARK: Input

    private func listen() {
        let input = DispatchSource.makeReadSource(fileDescriptor: screen.input, queue: .main)
        input.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readInput() } }
        input.resume()
        sources.append(input)
        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.resized() } }
        resize.resume()
        sources.append(resize)
        signal(SIGCONT, SIG_IGN)
        let continued = DispatchSource.makeSignalSource(signal: SIGCONT, queue: .main)
        continued.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.redrawWhole() } }
        continued.resume()
        sources.append(continued)
        signals = TerminationSignals { [weak self] status in self?.finish(status) }
    }

    private func readInput() {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(screen.input, &bytes, bytes.count)
        guard count > 0 else {
            if count == 0 || (errno != EINTR && errno != EAGAIN) { finish(0) }
            return
        }
        for event in decoder.decode(Array(bytes[0..<count])) {
            handle(event)
        }
        drawFrame()
        model.readAhead()
    }

    private func resized() {
        model.size = screen.size()
        drawFrame()
    }

    /// Draws the whole frame again, at the terminal's size now: after a suspend, or when asked (Ctrl-L).
    private func redrawWhole() {
        screen.invalidate()
        model.size = screen.size()
        drawFrame(force: true)
    }

    /// Acts on one event from the terminal.
    func handle(_ event: TerminalEvent) {
        switch event {
        case .paste(let text):
            let line = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\r", with: " ")
            if model.commandLine != nil {
                model.commandLine! += line
            } else if model.isFiltering {
                model.setFilter((model.filter ?? "") + line)
            }
        case .mouse(let mouse):
            click(mouse)
        case .key(let key):
            press(key)
        }
    }

    private func click(_ mouse: MouseEvent) {
        let point = CellPoint(x: mouse.column, y: mouse.row)
        switch mouse.kind {
        case .press(button: 0):
            let now = DispatchTime.now().uptimeNanoseconds
            var count = 1
            if let last = lastClick, last.point == point, now - last.time < 400_000_000 { count = last.count + 1 }
            lastClick = (point, now, count)
            model.showsHelp = false
            host?.tap(at: point, count: count)
        case .wheelUp: host?.scroll(at: point, by: -3)
        case .wheelDown: host?.scroll(at: point, by: 3)
        default: break
        }
    }

    private func press(_ key: KeyPress) {
        if key == .control("c") { return finish(0) }
        if key == .control("z") {
            // Its own player is paused first, as in the REPL: a stopped process neither plays nor answers.
            let paused = session.pauseForSuspend()
            // The pause's fade is heard out before the process stops.
            Task { @MainActor in
                if paused { try? await Task.sleep(for: .milliseconds(100)) }
                screen.suspend(saying: paused ? "paused while suspended (after fg, space plays on)" : nil)
                redrawWhole()
            }
            return
        }
        if key == .control("l") { return redrawWhole() }
        if model.showsHelp {
            model.showsHelp = false
            return
        }
        if model.commandLine != nil { return editCommandLine(key) }
        if model.isFiltering { return editFilter(key) }
        if model.showsOutput, model.output.count > 1, key == .escape || key == .character("q") {
            model.showsOutput = false
            return
        }
        if key == .escape {
            if model.filter != nil { model.setFilter(nil) }
            model.showsOutput = false
            return
        }
        guard let action = keys.action(for: key) else { return }
        perform(action)
    }

    private func editCommandLine(_ key: KeyPress) {
        switch key {
        case .character(let character): model.commandLine! += String(character)
        case .backspace:
            if model.commandLine!.isEmpty { model.commandLine = nil } else { model.commandLine!.removeLast() }
        case .control("u"): model.commandLine = ""
        case .control("w"):
            var line = model.commandLine!
            while line.last == " " { line.removeLast() }
            while let last = line.last, last != " " { line.removeLast() }
            model.commandLine = line
        case .escape: model.commandLine = nil
        case .tab: model.commandLine = CommandLineCompletion.complete(model.commandLine!, paths: model.store.paths)
        case .enter:
            let line = model.commandLine!
            model.commandLine = nil
            runLine(line)
        default: break
        }
    }

    private func editFilter(_ key: KeyPress) {
        switch key {
        case .character(let character): model.setFilter((model.filter ?? "") + String(character))
        case .backspace:
            var text = model.filter ?? ""
            if text.isEmpty {
                model.isFiltering = false
                model.setFilter(nil)
            } else {
                text.removeLast()
                model.setFilter(text)
            }
        case .control("u"): model.setFilter("")
        case .enter, .down, .up:
            model.isFiltering = false
            if model.filter?.isEmpty == true { model.setFilter(nil) }
            if key != .enter { press(key) }
        case .escape:
            model.isFiltering = false
            model.setFilter(nil)
        default: break
        }
    }

    // MARK: Actions

    /// Does what a key's action says: moves and panes here, the rest through the command language.
    func perform(_ action: KeyAction) {
        let row = model.selectedRow
        let player = model.player
        switch action {
        case .down: move(.down)
        case .up: move(.up)
        case .pageDown: move(.pageDown)
        case .pageUp: move(.pageUp)
        case .top: move(.first)
        case .bottom: move(.last)
        case .left: model.focus = .sidebar
        case .right: model.focus = .list
        case .switchPane: model.focus = model.focus == .sidebar ? .list : .sidebar
        case .play:
            if model.focus == .sidebar {
                model.focus = .list
            } else if let row {
                run(row.command)
            }
        case .download:
            if let row, !row.isFindResult { run(words: [CommandTable.download.name, row.ref]) }
        case .update: run(words: [CommandTable.update.name])
        case .filter:
            model.focus = .list
            model.isFiltering = true
            if model.filter == nil { model.setFilter("") }
        case .command: model.commandLine = ""
        case .bookmark: model.commandLine = CommandTable.bookmark.name + " "
        case .help: model.showsHelp = true
        case .quit: finish(0)
        case .viewNew: show(.new)
        case .viewInProgress: show(.inProgress)
        case .viewQueue: show(.queue)
        case .viewDownloads: show(.downloads)
        case .viewFavourites: show(.favourites)
        case .viewSearch: show(.search)
        case .viewFind: show(.find)
        default:
            if let command = Self.command(for: action, row: row, player: player) { run(command) }
        }
    }

    /// The command a key's action runs on the player or the library, for the selected `row`; nil for an action that
    /// is not a command (a move, a pane) or has no row to act on.
    static func command(for action: KeyAction, row: BrowseRow?, player: Player) -> ParsedCommand? {
        let episode = row.flatMap { $0.isFindResult ? nil : $0 }
        switch action {
        case .toggle: return .player(player.current == nil ? .play(PlayRequest()) : .toggle)
        case .stop: return .player(.stop)
        case .forward: return .player(.skip)
        case .back: return .player(.back)
        case .volumeUp: return .player(.volume(.by(5)))
        case .volumeDown: return .player(.volume(.by(-5)))
        case .faster: return .player(.speed(.by(0.1)))
        case .slower: return .player(.speed(.by(-0.1)))
        case .nextChapter: return .player(.chapter(.next))
        case .previousChapter: return .player(.chapter(.previous))
        case .nextEpisode: return .player(.next)
        case .silence: return .player(.silence(!player.skipSilence))
        case .normalize: return .player(.normalize(!player.normalize))
        case .voice: return .player(.voice(!player.voiceBoost))
        case .markPlayed:
            return episode.map { .edit(EditCommand(edit: .mark(targets: [$0.ref], played: !$0.played, cutoff: nil), json: false)) }
        case .favourite: return episode.map { .edit(EditCommand(edit: .favorite(target: $0.ref, to: nil), json: false)) }
        case .enqueue: return episode.map { .player(.queue(.add([$0.ref]))) }
        default: return nil
        }
    }

    private func show(_ source: BrowseSource) {
        model.open(source)
        model.focus = .list
    }

    private func move(_ move: ListWindow.Move) {
        if model.focus == .sidebar {
            model.sidebarWindow.move(move)
            if let item = model.selectedItem { model.open(item.source) }
        } else {
            model.listWindow.move(move)
        }
    }

    /// True while a typed command's lines are being gathered.
    private var gathering = false

    /// Runs a line of the command language typed after `:` (or one the view has no value for); with `showingOutput`,
    /// a command that says several lines shows them in a panel.
    func runLine(_ line: String, showingOutput: Bool = true) {
        do {
            run(words: try Tokenizer.words(line), showingOutput: showingOutput)
        } catch {
            model.message = TerminalText.safe(error.message)
        }
    }

    /// Runs the command `words` say (its flags' defaults as the language gives them).
    private func run(words: [String], showingOutput: Bool = false) {
        guard !words.isEmpty else { return }
        do {
            run(try CommandParser.parse(words, in: .repl), showingOutput: showingOutput)
        } catch {
            model.message = TerminalText.safe(error.message)
        }
    }

    /// Runs `command` in the session; a search and a find also open their views. With `showingOutput`, a command that
    /// says several lines shows them in a panel.
    func run(_ command: ParsedCommand, showingOutput: Bool = false) {
        if case .query(let query) = command, case .search(let text, _, _, _) = query.query {
            model.searchText = text
            model.showsOutput = false
            show(.search)
            model.loadRows()
            model.message = "\(model.total) \(model.total == 1 ? "match" : "matches") for \(text)"
            return
        }
        if showingOutput {
            model.output = []
            model.showsOutput = false
            gathering = true
        }
        Task { @MainActor in
            let keepGoing = await session.perform(command)
            // What the task said is all shown before the command counts as done.
            await shownActivity?.value
            shownActivity = nil
            if showingOutput {
                gathering = false
                model.showsOutput = model.output.count > 1
            }
            if !keepGoing { return finish(0) }
            guard case .task(let task) = command else {
                if case .query(let question) = command, question.query.changesPlaylists {
                    model.reload()
                } else if model.source == .queue {
                    model.loadRows()
                }
                return
            }
            switch task.task {
            case .find:
                model.showsOutput = false
                show(.find)
                model.reload()
            case .download:
                // Whatever it did not finish (a failure, an interruption) is no longer under way.
                model.transfers = [:]
            case .update, .importOPML, .sync:
                // These write the library (or the directory's results) without a change its observer hears of.
                model.reload()
            case .bookmark, .removeBookmark:
                model.forgetDetails()
            default:
                if model.source == .queue { model.loadRows() }
            }
        }
    }

    /// How the session shows what its commands did here: as the bottom line's message (and the output panel's
    /// lines), downloads in the rows of their episodes; never through standard output.
    private var display: SessionDisplay {
        SessionDisplay(
            result: { [weak self] result, json in
                for line in json ? [result.data.rendered] : result.lines { self?.took(line) }
            },
            problem: { [weak self] message in self?.took(message) },
            task: { [weak self] _ in
                let (output, activity) = TaskOutput.streamed()
                self?.shownActivity = Task { @MainActor [weak self] in
                    for await event in activity { self?.show(event) }
                }
                return output
            })
    }

    /// What shows the running library task's activity as it comes; done when the task's stream ends.
    private var shownActivity: Task<Void, Never>?

    /// One thing the running task said: lines in the bottom line (and the output panel), downloads in the rows of their
    /// episodes.
    private func show(_ event: TaskActivity) {
        switch event {
        case .line(let line), .problem(let line): took(line)
        case .progress(let progress): downloading(progress)
        case .downloaded(let ref, _): downloaded(ref)
        }
    }

    /// One line a command said (or something a library wrote by itself).
    private func took(_ line: String) {
        let plain = TerminalText.safe(line)
        if gathering { model.output.append(plain) }
        guard !plain.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        model.message = plain
    }

    /// A download's progress, shown in the rows of its episode.
    private func downloading(_ progress: DownloadProgress) {
        let known = model.transfers[progress.ref] != nil
        let share = progress.total.map { $0 > 0 ? min(1, Double(progress.received) / Double($0)) : nil } ?? nil
        model.transfers.updateValue(share, forKey: progress.ref)
        if !known, model.source == .downloads { model.loadRows() }
    }

    /// A download finished.
    private func downloaded(_ ref: String) {
        model.transfers[ref] = nil
        model.message = "\(ref): downloaded"
        if model.source == .downloads { model.loadRows() }
    }

    // MARK: Ending

    private func finish(_ status: Int32) {
        guard let finished else { return }
        self.finished = nil
        finished.resume(returning: status)
    }

    private func shutDown() {
        for source in sources { source.cancel() }
        sources.removeAll()
        signals?.cancel()
        host?.whenChanged(nil)
        screen.leave()
        capture?.restore()
    }
}
