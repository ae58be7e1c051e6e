import Foundation
import TestSupport
import Testing

/// `podline tui` in a real terminal (tmux), over a library of one show whose forty episode titles mix ASCII, accented
/// letters, CJK and emoji: browsing and filtering by keys and clicks, playing, pausing and seeking on the player bar,
/// the panes' borders at every size, the command line, and the terminal given back as it was on leaving.
@Suite(
    "tui: the full-screen view in a real terminal", .serialized,
    .enabled(if: CommandRunner.which("tmux") != nil, "needs tmux"))
struct FullScreenTests {
    /// Episode `number`'s title: four kinds in turn, so that a word of one kind matches ten of the forty.
    static func title(_ number: Int) -> String {
        switch number % 4 {
        case 0: "Café crème n°\(number) — naïve"
        case 1: "日本語の話 \(number)"
        case 2: "🎧 Listening party \(number)"
        default: "Plain talk \(number) über"
        }
    }

    /// The variables that keep a podline (in the terminal, or one-shot) in `folder`: library, socket, config, state.
    static func environment(_ folder: URL) -> [String: String] {
        [
            "XDG_RUNTIME_DIR": folder.path, "XDG_STATE_HOME": folder.path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "HOME": folder.path,
            "PODLINE_HOME": folder.path, "LANG": "C.UTF-8",
        ]
    }

    /// A new folder holding a library of one show, "Mixed Tongues" (`mixed-tongues`), of forty three-minute episodes
    /// (one a day from 2024-01-02, a local MP3 each; with `enclosures`, the one MP3 it serves, tone.mp3 in its folder),
    /// hosted by "Zoë Ørsted", and a config.toml sending sound to `sound` (or nowhere: "null").
    static func library(sound: PulseAudioServer?, enclosures: SlowFileServer? = nil) throws -> URL {
        let folder = try Fixtures.temporaryDirectory("pl-tui")
        let audio = (enclosures?.folder ?? folder).appendingPathComponent("tone.mp3")
        let url = enclosures?.url("tone.mp3") ?? audio.absoluteString
        try CommandRunner.tool(
            "ffmpeg",
            [
                "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050:duration=180", "-ac", "1",
                "-b:a", "32k", audio.path,
            ])
        let size = (try FileManager.default.attributesOfItem(atPath: audio.path)[.size] as? NSNumber)?.intValue ?? 0
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let items = (1...40).map { number in
            let published = Date(timeIntervalSince1970: 1_704_096_000 + Double(number) * 86_400)
            return "<item><title>\(title(number))</title><guid>mixed-\(number)</guid>"
                + "<pubDate>\(day.string(from: published))</pubDate><itunes:duration>180</itunes:duration>"
                + "<description>Notes of episode \(number)</description>"
                + "<enclosure url=\"\(url)\" type=\"audio/mpeg\" length=\"\(size)\"/></item>"
        }
        let feed = folder.appendingPathComponent("feed.xml")
        try Data(
            ("<?xml version=\"1.0\"?><rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""
                + " xmlns:podcast=\"https://podcastindex.org/namespace/1.0\"><channel><title>Mixed Tongues</title>"
                + "<podcast:person href=\"https://example.com/zoe\" img=\"https://example.com/zoe.jpg\">Zoë Ørsted</podcast:person>\(items.joined())</channel></rss>\n")
                .utf8
        ).write(to: feed)
        let output = sound.map { "pulse:unix:\($0.runtimeDirectory.path)/pulse/native" } ?? "null"
        try Fixtures.writeConfig("output = \"\(output)\"\n", home: folder)
        let added = try PodlineBinary.run(["add", feed.path], home: folder, environment: environment(folder).mapValues { Optional($0) })
        try #require(added.status == 0, "add: \(added.stderr)")
        return folder
    }

    /// `podline tui --home FOLDER` (or `command`) in a 100×30 terminal, once its first frame is drawn.
    static func start(_ folder: URL, command: [String]? = nil) throws -> TmuxSession {
        let tmux = try TmuxSession(folder: folder, command: command ?? viewCommand(folder), environment: environment(folder))
        try tmux.waitFor { $0.contains("┌ Podline") && $0.hasSuffix("? keys") }
        return tmux
    }

    /// The view's command line over the library in `folder`.
    static func viewCommand(_ folder: URL) -> [String] {
        [PodlineBinary.path, "tui", "--home", folder.path]
    }

    /// The view started by `sh -c` once the shell has printed `shell-before-marker` (`prologue` runs first, `epilogue`
    /// after the view ends).
    static func startBehindShell(_ folder: URL, prologue: String = "", epilogue: String = "") throws -> TmuxSession {
        let script = prologue + "echo shell-before-marker; \"$0\" tui --home \"$1\"" + epilogue
        return try start(folder, command: ["sh", "-c", script, PodlineBinary.path, folder.path])
    }

    /// `podline status --json` as the view's own environment reaches its player.
    static func status(_ folder: URL) throws -> [String: Any] {
        let result = try PodlineBinary.run(["status", "--json"], home: folder, environment: environment(folder).mapValues { Optional($0) })
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
    }

    /// Polls `podline status --json` until `condition` holds (10 seconds at most); returns the last answer.
    static func waitForStatus(_ folder: URL, _ condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        try poll(timeout: 10, every: 0.1, { try status(folder) }, until: condition)
    }

    static func state(_ status: [String: Any]) -> String? { status["state"] as? String }
    static func ref(_ status: [String: Any]) -> String? { (status["episode"] as? [String: Any])?["ref"] as? String }
    static func number(_ key: String, _ status: [String: Any]) -> Double? { (status[key] as? NSNumber)?.doubleValue }

    @Test("the left pane lists the views and the show; keys, the wheel and a click move; / filters as typed, Escape clears")
    func browseAndFilter() throws {
        let folder = try Self.library(sound: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.start(folder)
        defer { tmux.kill() }
        try tmux.waitFor { Self.lines($0).first?.contains("┌ New (40) ") == true }

        let opening = Self.lines(try tmux.screen())
        let views = ["New", "In progress", "Queue", "Downloads", "Favourites", "Search results", "Directory results"]
        #expect(views.indices.allSatisfy { opening[$0 + 1].hasPrefix("│\(views[$0]) ") }, "\(opening.joined(separator: "\n"))")
        #expect(
            opening[8].range(of: #"^│Mixed Tongues +40│"#, options: .regularExpression) != nil,
            "the show with its 40 unplayed episodes:\n\(opening.joined(separator: "\n"))")
        #expect(Self.listRows(opening).count == 25, "a row for each line of the pane")
        #expect(Self.listRows(opening).first?.hasPrefix("● Café crème n°40 — naïve") == true, "newest first")

        // In the left pane, j and G open the view or show they reach; g goes back to the first view.
        tmux.send(["j"])
        try tmux.waitFor { Self.lines($0).first?.contains("┌ In progress (0) ") == true }
        tmux.send(["G"])
        try tmux.waitFor { Self.lines($0).first?.contains("┌ mixed-tongues (40) ") == true }
        tmux.send(["g"])
        try tmux.waitFor { Self.lines($0).first?.contains("┌ New (40) ") == true }

        // l gives the keys to the episodes, whose selected row is drawn in reverse video; j and Down move it.
        tmux.send(["l"])
        try Self.waitForHighlight(tmux, "Café crème n°40 — naïve")
        tmux.send(["j"])
        try Self.waitForHighlight(tmux, "Plain talk 39 über")
        tmux.send(["Down"])
        try Self.waitForHighlight(tmux, "🎧 Listening party 38")

        // A word typed after / keeps the rows holding it, as the title says; Enter keeps it, Escape clears it.
        tmux.send(["/caf"])
        try tmux.waitFor { Self.lines($0).first?.contains("┌ New (10 of 40) /caf ") == true && Self.lines($0).last!.hasPrefix("/caf") }
        let cafes = Self.listRows(Self.lines(try tmux.screen()))
        #expect(cafes.count == 10 && cafes.allSatisfy { $0.hasPrefix("● Café crème n°") }, "\(cafes)")
        tmux.send(["Enter"])
        try tmux.waitFor { !Self.lines($0).last!.hasPrefix("/caf") && Self.lines($0).first?.contains("┌ New (10 of 40) /caf ") == true }
        tmux.pressKeys("Escape")
        try tmux.waitFor { Self.lines($0).first?.contains("┌ New (40) ") == true }
        let cleared = try tmux.screen()
        #expect(Self.listRows(Self.lines(cleared)).count == 25, "\(cleared)")

        tmux.send(["/日本語"])
        try tmux.waitFor { Self.lines($0).first?.contains("┌ New (10 of 40) /日本語 ") == true }
        let japanese = Self.listRows(Self.lines(try tmux.screen()))
        #expect(japanese.count == 10 && japanese.allSatisfy { $0.hasPrefix("● 日本語の話 ") }, "\(japanese)")
        tmux.pressKeys("Escape")
        try tmux.waitFor { Self.lines($0).first?.contains("┌ New (40) ") == true && !Self.lines($0).last!.hasPrefix("/") }

        // From the top (g), the wheel over the list scrolls it three rows a notch; a click selects the row under it.
        tmux.send(["g"])
        try Self.waitForHighlight(tmux, "Café crème n°40 — naïve")
        try tmux.waitFor { Self.listRows(Self.lines($0)).first?.hasPrefix("● Café crème n°40") == true }
        tmux.wheelDown(column: 60, row: 10)
        try tmux.waitFor { Self.listRows(Self.lines($0)).first?.hasPrefix("● 日本語の話 37") == true }
        tmux.wheelDown(column: 60, row: 10)
        try tmux.waitFor { Self.listRows(Self.lines($0)).first?.hasPrefix("● 🎧 Listening party 34") == true }
        let scrolled = Self.lines(try tmux.screen())
        let row = try #require(scrolled.firstIndex { $0.contains("Café crème n°32") }) + 1
        tmux.click(column: 60, row: row)
        try Self.waitForHighlight(tmux, "Café crème n°32 — naïve")

        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    @Test("Enter plays the selected episode, space pauses, a click on the middle of the bar seeks half way, a double click plays")
    func playPauseSeek() throws {
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let folder = try Self.library(sound: sound)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.start(folder)
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("■ Nothing playing") }

        tmux.send(["l", "j"])
        try Self.waitForHighlight(tmux, "Plain talk 39 über")
        tmux.send(["Enter"])
        try tmux.waitFor { Self.lines($0).dropLast(2).last?.hasPrefix("▶ Mixed Tongues — Plain talk 39 über") == true }
        let playing = try Self.waitForStatus(folder) { Self.state($0) == "playing" && Self.ref($0) == "mixed-tongues/39" }
        #expect(Self.state(playing) == "playing" && Self.ref(playing) == "mixed-tongues/39", "\(playing)")

        tmux.send(["Space"])
        try tmux.waitFor { Self.lines($0).dropLast(2).last?.hasPrefix("⏸ Mixed Tongues — Plain talk 39 über") == true }
        let paused = try Self.waitForStatus(folder) { Self.state($0) == "paused" }
        #expect(Self.state(paused) == "paused" && Self.ref(paused) == "mixed-tongues/39", "\(paused)")

        // The bar is the line above the bottom one: "0:03 ━━───…─── 3:00"; a click on its middle cell seeks there.
        let screen = Self.lines(try tmux.screen())
        let bar = screen[screen.count - 2]
        let cells = Array(bar)
        let first = try #require(cells.firstIndex { $0 == "━" || $0 == "─" }, "no bar in \(bar)")
        let last = try #require(cells.lastIndex { $0 == "━" || $0 == "─" })
        let from = Self.displayWidth(String(cells[..<first]))
        let to = Self.displayWidth(String(cells[...last])) - 1
        tmux.click(column: (from + to) / 2 + 1, row: screen.count - 1)
        let duration = try #require(Self.number("duration", paused), "\(paused)")
        let sought = try Self.waitForStatus(folder) { status in
            Self.number("position", status).map { abs($0 - duration / 2) <= duration * 0.1 } == true
        }
        let position = Self.number("position", sought) ?? -1
        #expect(abs(position - duration / 2) <= duration * 0.1, "position \(position) of \(duration): \(sought)")
        try tmux.waitFor { Self.lines($0).dropLast().last?.hasPrefix("1:") == true }

        // Two clicks on a row in a row play it.
        let rows = Self.lines(try tmux.screen())
        let row = try #require(rows.firstIndex { $0.contains("日本語の話 37") }, "\(rows.joined(separator: "\n"))") + 1
        tmux.click(column: 60, row: row, times: 2)
        try tmux.waitFor { Self.lines($0).dropLast(2).last?.hasPrefix("▶ Mixed Tongues — 日本語の話 37") == true }
        let other = try Self.waitForStatus(folder) { Self.state($0) == "playing" && Self.ref($0) == "mixed-tongues/37" }
        #expect(Self.state(other) == "playing" && Self.ref(other) == "mixed-tongues/37", "\(other)")

        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    @Test("resized while playing, the panes keep their borders in line (wide characters counted twice), Details from 120 columns")
    func resizeWhilePlaying() throws {
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let folder = try Self.library(sound: sound)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.start(folder)
        defer { tmux.kill() }
        tmux.send(["l"])
        try Self.waitForHighlight(tmux, "Café crème n°40 — naïve")
        tmux.send(["Enter"])
        try tmux.waitFor { $0.contains("▶ Mixed Tongues — Café crème n°40 — naïve") }

        for (columns, rows) in [(80, 24), (120, 40), (200, 50), (30, 8), (100, 30)] {
            let resized = try CommandRunner.run(tmux.tmux, ["resize-window", "-t", tmux.name, "-x", "\(columns)", "-y", "\(rows)"])
            #expect(resized.status == 0, "resize-window: \(resized.stderr)")
            try tmux.waitForSize(columns: columns, rows: rows)
            if columns < 40 {
                // Too small for the panes: one sentence, wrapped.
                let sentence = "The terminal is \(columns)×\(rows); podline tui needs at least 40×10."
                let small = try poll(timeout: 20, every: 0.05, tmux.screen) { Self.words($0) == sentence }
                #expect(Self.words(small) == sentence, "\(small)")
                continue
            }
            let screen = try poll(timeout: 20, every: 0.05, tmux.screen) {
                Self.layoutProblems($0, columns: columns, rows: rows).isEmpty
            }
            #expect(Self.layoutProblems(screen, columns: columns, rows: rows) == [], "\(columns)×\(rows):\n\(screen)")
            // The details pane names the show's people and their pages (wide enough for the lines at 200 columns).
            if columns >= 200 {
                #expect(screen.contains("People: Zoë Ørsted (host)") && screen.contains("Zoë Ørsted: https://example.com/zoe"), "\(screen)")
            }
        }
        #expect(try Self.status(folder)["state"] as? String == "playing")

        // B opens the command line on a bookmark of what plays: a note, Enter, and the details pane lists it.
        _ = try CommandRunner.run(tmux.tmux, ["resize-window", "-t", tmux.name, "-x", "200", "-y", "50"])
        try tmux.waitForSize(columns: 200, rows: 50)
        tmux.send(["B"])
        try tmux.waitFor { Self.lines($0).last!.hasPrefix(":bookmark ") }
        tmux.send(["a thought", "Enter"])
        try tmux.waitFor { $0.contains("Bookmarks (podline play bookmark/N):") && $0.contains("bookmark/1") && $0.contains("a thought") }

        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    @Test(
        "q or SIGTERM gives the terminal back: the shell's screen again, cooked mode, cursor shown, no mouse", arguments: ["q", "SIGTERM"])
    func leavingRestoresTheTerminal(ending: String) throws {
        let folder = try Self.library(sound: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = Self.viewCommand(folder)
        let tmux = try Self.startBehindShell(folder)
        defer { tmux.kill() }
        // The view is on the alternate screen: the shell's line is hidden, the modes are the view's.
        let view = try tmux.screen()
        #expect(!view.contains("shell-before-marker"), "\(view)")
        try Self.expectViewOwnsTerminal(tmux)

        let status: Int
        if ending == "q" {
            tmux.send(["q"])
            status = 0
        } else {
            let pid = try #require(Self.process(running: arguments), "no process runs \(arguments)")
            #expect(kill(pid, SIGTERM) == 0)
            status = 128 + Int(SIGTERM)
        }
        try tmux.waitFor { $0.contains("EXITED \(status)") }
        try Self.expectShellScreenBack(tmux, before: "EXITED \(status)")
        try Self.expectTerminalGivenBack(tmux)
    }

    @Test(": runs a line of the command language (its output in the bottom line), Tab completes, Escape closes; ? lists the keys")
    func commandLine() throws {
        let folder = try Self.library(sound: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.start(folder)
        defer { tmux.kill() }

        tmux.send([":status"])
        try tmux.waitFor { Self.lines($0).last!.hasPrefix(":status") }
        tmux.send(["Enter"])
        try tmux.waitFor { Self.lines($0).last!.hasPrefix("stopped ") && Self.lines($0).last!.hasSuffix(" ? keys") }

        tmux.send([":vol", "Tab"])
        try tmux.waitFor { Self.lines($0).last!.hasPrefix(":volume ") }
        // The completed word ends with a space: what is typed next is the volume, not more of the word.
        tmux.send(["40"])
        try tmux.waitFor { Self.lines($0).last!.hasPrefix(":volume 40 ") }
        tmux.send(["Enter"])
        try tmux.waitFor { Self.lines($0).dropLast(2).last?.hasSuffix(" vol 40") == true && !Self.lines($0).last!.hasPrefix(":") }

        tmux.send([":half typed"])
        try tmux.waitFor { Self.lines($0).last!.hasPrefix(":half typed") }
        tmux.pressKeys("Escape")
        try tmux.waitFor { Self.lines($0).last!.hasPrefix("stopped ") }

        tmux.send(["?"])
        try tmux.waitFor { $0.contains("Keys (any key closes)") && $0.contains("filter the list as you type") }
        tmux.send(["j"])
        try tmux.waitFor { !$0.contains("Keys (any key closes)") && $0.contains("┌ New (40) ") }

        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    @Test(
        "[keys] giving j to quit while down has it: the view does not start (one line naming j, quit and down; exit 78); with down on C-n, j quits"
    )
    func keyGivenTwice() throws {
        let folder = try Self.library(sound: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Fixtures.writeConfig("output = \"null\"\n\n[keys]\nquit = \"j\"\n", home: folder)
        let refused = try TmuxSession(folder: folder, command: Self.viewCommand(folder), environment: Self.environment(folder))
        defer { refused.kill() }
        try refused.waitFor { $0.contains("EXITED 78") }
        // The screen with its wrapped lines joined: the one line, then the shell's.
        let joined = try CommandRunner.run(refused.tmux, ["capture-pane", "-p", "-J", "-t", refused.name]).stdout
        let lines = joined.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(
            lines == [
                "podline: \(file.path) line 4: keys.quit: \"j\" is already the key of down (by default); a key does one action: "
                    + "give quit or down another key",
                "EXITED 78",
            ], "\(joined)")

        try Fixtures.writeConfig("output = \"null\"\n\n[keys]\ndown = \"C-n\"\nquit = \"j\"\n", home: folder)
        let tmux = try Self.start(folder)
        defer { tmux.kill() }
        tmux.send(["j"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    /// A crash signal (the segmentation fault of a bad pointer, the illegal instruction a Swift trap raises) still gives
    /// the terminal back: the C guard restores it, then the signal kills the process as it would have, so the shell
    /// reports 128 + its number.
    @Test(
        "a crash gives the terminal back, then dies of its signal: the shell's screen, cooked mode, cursor, no mouse",
        arguments: [SIGSEGV, SIGILL])
    func crashRestoresTerminal(crash: Int32) throws {
        let folder = try Self.library(sound: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = Self.viewCommand(folder)
        // No core file: the crash is the test's doing.
        let tmux = try Self.startBehindShell(folder, prologue: "ulimit -c 0; ")
        defer { tmux.kill() }
        try Self.expectViewOwnsTerminal(tmux)

        let pid = try #require(Self.process(running: arguments), "no process runs \(arguments)")
        #expect(kill(pid, crash) == 0)
        let status = 128 + Int(crash)
        try tmux.waitFor { $0.contains("EXITED \(status)") }
        try Self.expectShellScreenBack(tmux, before: "EXITED \(status)")
        try Self.expectTerminalGivenBack(tmux)
    }

    /// Ctrl-Z under a shell with job control gives the terminal back as it was and stops the process (state T); the
    /// shell's `fg` (the terminal handed back to the view's process group, then SIGCONT) brings the view back: the
    /// panes drawn again whole, the view's modes and raw mode again, the keys working, and q leaves with 0.
    ///
    /// `set -m` gives the view its own process group, as an interactive shell would; the shell then waits for a line
    /// before its `fg`, which is the test's turn to look at the stopped view. A bare SIGCONT from outside while the shell
    /// holds the terminal is no way back (the view, in the background then, is stopped again by SIGTTOU as it sets raw
    /// mode), so the view is continued as a user does it.
    @Test("Ctrl-Z gives the terminal back and stops the process; fg takes the terminal again, redraws all, keys work")
    func suspendAndContinue() throws {
        let folder = try Self.library(sound: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = Self.viewCommand(folder)
        let tmux = try Self.startBehindShell(folder, prologue: "set -m; ", epilogue: "; echo \"stopped $?\"; read line; fg")
        defer { tmux.kill() }
        let pid = try #require(Self.process(running: arguments), "no process runs \(arguments)")
        // A view left stopped by a failure would wait for the hangup of the session; this one does not wait.
        defer { if Self.process(running: arguments) == pid { kill(pid, SIGKILL) } }

        tmux.pressKeys("C-z")
        let stoppedLine = "stopped \(128 + Int(SIGTSTP))"
        try tmux.waitFor { $0.contains(stoppedLine) }
        let stopped = poll(timeout: 10, every: 0.05, { Self.processState(pid) }, until: { $0 == "T" })
        #expect(stopped == "T", "the view's process is \(stopped ?? "gone"), not stopped")
        try Self.expectShellScreenBack(tmux, before: stoppedLine)
        try Self.expectTerminalGivenBack(tmux)

        tmux.send(["Enter"])
        try tmux.waitFor { $0.contains("┌ Podline") && $0.hasSuffix("? keys") && Self.lines($0).first?.contains("┌ New (40) ") == true }
        #expect(Self.processState(pid).map { $0 != "T" } == true, "\(Self.processState(pid) ?? "gone")")
        let view = try tmux.screen()
        #expect(!view.contains("shell-before-marker") && Self.listRows(Self.lines(view)).count == 25, "\(view)")
        try Self.expectViewOwnsTerminal(tmux)

        tmux.send(["l"])
        try Self.waitForHighlight(tmux, "Café crème n°40 — naïve")
        tmux.send(["/caf"])
        try tmux.waitFor { Self.lines($0).first?.contains("┌ New (10 of 40) /caf ") == true }
        tmux.send(["Enter", "q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
        try Self.expectTerminalGivenBack(tmux)
    }

    /// Without job control (`sh -c`, as the other tests run the view) Ctrl-Z stops nothing: the view's process group
    /// holds the session's leader, so no member has a parent in another group of the session, and the kernel discards a
    /// stop signal sent to such an orphaned group (POSIX: nobody could continue it). The view gives the terminal back
    /// for that instant and takes it straight again; the keys typed after Ctrl-Z, read only once it is handled, work.
    @Test("Ctrl-Z with no job control stops nothing: the view takes the terminal straight back and its keys work")
    func suspendWithoutJobControl() throws {
        let folder = try Self.library(sound: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = Self.viewCommand(folder)
        let tmux = try Self.startBehindShell(folder)
        defer { tmux.kill() }
        let pid = try #require(Self.process(running: arguments), "no process runs \(arguments)")
        defer { if Self.process(running: arguments) == pid { kill(pid, SIGKILL) } }

        tmux.pressKeys("C-z")
        tmux.send(["l", "/caf"])
        try tmux.waitFor { Self.lines($0).first?.contains("┌ New (10 of 40) /caf ") == true }
        #expect(Self.processState(pid).map { $0 != "T" } == true, "\(Self.processState(pid) ?? "gone")")
        let view = try tmux.screen()
        #expect(!view.contains("shell-before-marker"), "\(view)")
        try Self.expectViewOwnsTerminal(tmux)

        tmux.send(["Enter", "q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    /// A view started while another player (here `podline play`) serves the socket attaches to it: its bar shows that
    /// player's episode and state, space pauses and resumes that player, and leaving the view leaves it playing.
    @Test("beside a running player the view attaches: its bar shows that player, space pauses and resumes it, q leaves it playing")
    func attachesToRunningPlayer() throws {
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let folder = try Self.library(sound: sound)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = Self.environment(folder).mapValues { Optional($0) }
        let player = try BackgroundProcess.podline(["play", "mixed-tongues/39"], home: folder, environment: environment)
        defer { player.killNow() }
        let started = try Self.waitForStatus(folder) { Self.state($0) == "playing" && Self.ref($0) == "mixed-tongues/39" }
        try #require(Self.state(started) == "playing" && Self.ref(started) == "mixed-tongues/39", "\(started)")

        let tmux = try Self.start(folder)
        defer { tmux.kill() }
        try tmux.waitFor { Self.lines($0).dropLast(2).last?.hasPrefix("▶ Mixed Tongues — Plain talk 39 über") == true }

        tmux.send(["Space"])
        try tmux.waitFor { Self.lines($0).dropLast(2).last?.hasPrefix("⏸ Mixed Tongues — Plain talk 39 über") == true }
        let paused = try Self.waitForStatus(folder) { Self.state($0) == "paused" }
        #expect(Self.state(paused) == "paused" && Self.ref(paused) == "mixed-tongues/39", "\(paused)")
        #expect(player.process.isRunning)

        tmux.send(["Space"])
        try tmux.waitFor { Self.lines($0).dropLast(2).last?.hasPrefix("▶ Mixed Tongues — Plain talk 39 über") == true }
        let resumed = try Self.waitForStatus(folder) { Self.state($0) == "playing" }
        #expect(Self.state(resumed) == "playing" && Self.ref(resumed) == "mixed-tongues/39", "\(resumed)")

        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
        // The player the view attached to is not the view's to stop: it plays on, its position moving.
        let left = Self.number("position", try Self.status(folder)) ?? -1
        let later = try Self.waitForStatus(folder) { Self.state($0) == "playing" && (Self.number("position", $0) ?? -1) >= left + 1 }
        #expect(Self.state(later) == "playing" && Self.ref(later) == "mixed-tongues/39", "\(later)")
        #expect((Self.number("position", later) ?? -1) >= left + 1, "position \(left) when the view left: \(later)")
        #expect(player.process.isRunning)

        let stop = try PodlineBinary.run(["stop"], home: folder, environment: environment)
        #expect(stop.status == 0, "\(stop.stderr)")
        #expect(player.wait(timeout: 10) == 0)
    }

    /// `:search WORDS` opens the Search results view in the middle pane, its title counting the episodes whose title or
    /// notes hold the words; Enter plays the selected result, and 6 opens the last search's results again.
    @Test(":search lists the matching episodes (titles and notes) in the middle pane; Enter plays one; 6 shows them again")
    func searchView() throws {
        let sound = try PulseAudioServer()
        defer { sound.stop() }
        let folder = try Self.library(sound: sound)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.start(folder)
        defer { tmux.kill() }
        try tmux.waitFor { $0.contains("■ Nothing playing") }

        tmux.send([":search crème"])
        try tmux.waitFor { Self.lines($0).last!.hasPrefix(":search crème") }
        tmux.send(["Enter"])
        try tmux.waitFor {
            Self.lines($0).first?.contains("┌ Search results (10) ") == true && Self.lines($0).last!.hasPrefix("10 matches for crème")
        }
        let cremes = Self.listRows(Self.lines(try tmux.screen()))
        #expect(cremes.count == 10 && cremes.allSatisfy { $0.hasPrefix("● Café crème n°") }, "\(cremes)")
        #expect(Set(cremes).count == 10, "ten episodes:\n\(cremes)")

        // "episode" is in no title, only in the notes: "Notes of episode 17".
        tmux.send([":search episode 17", "Enter"])
        try tmux.waitFor { Self.lines($0).first?.contains("┌ Search results (1) ") == true }
        let found = Self.listRows(Self.lines(try tmux.screen()))
        #expect(found.count == 1 && found.first?.hasPrefix("● 日本語の話 17 ") == true, "\(found)")
        try Self.waitForHighlight(tmux, "日本語の話 17")
        tmux.send(["Enter"])
        try tmux.waitFor { Self.lines($0).dropLast(2).last?.hasPrefix("▶ Mixed Tongues — 日本語の話 17") == true }
        let playing = try Self.waitForStatus(folder) { Self.state($0) == "playing" && Self.ref($0) == "mixed-tongues/17" }
        #expect(Self.state(playing) == "playing" && Self.ref(playing) == "mixed-tongues/17", "\(playing)")

        tmux.send(["1"])
        try tmux.waitFor { Self.lines($0).first?.contains("┌ New (") == true }
        tmux.send(["6"])
        try tmux.waitFor {
            Self.lines($0).first?.contains("┌ Search results (1) ") == true
                && Self.listRows(Self.lines($0)).first?.hasPrefix("▶ 日本語の話 17 ") == true
        }

        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    /// `d` downloads the selected episode through the command language, whose progress events put the share received in
    /// the episode's row in place of its length; the Downloads view lists the download under way with that share. Once
    /// it is done, the bottom line says so, the row shows the length again and marks the title ` ↓`, and the library has
    /// the file. The MP3 (720 kB) comes from a server that takes about four seconds to send it, time enough to see the
    /// share between the download's first byte and its last.
    @Test("d downloads the selected episode: its row shows ↓ and a percentage meanwhile, the Downloads view too; then done")
    func downloadShowsPercentage() throws {
        let served = try Fixtures.temporaryDirectory("pl-tui-served")
        defer { try? FileManager.default.removeItem(at: served) }
        // 16 kB every 0.1 s; the downloader reports every 256 kB, so the row shows about 36%, then 72%.
        let server = try SlowFileServer(folder: served, chunkBytes: 16_384, delay: 0.1)
        defer { server.stop() }
        let folder = try Self.library(sound: nil, enclosures: server)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try Self.start(folder)
        defer { tmux.kill() }

        tmux.send(["l", "j"])
        try Self.waitForHighlight(tmux, "Plain talk 39 über")
        tmux.send(["d"])
        try tmux.waitFor { screen in
            Self.listRows(Self.lines(screen)).contains { row in
                row.hasPrefix("● Plain talk 39 über ") && Self.downloadShare(row).map { (1...99).contains($0) } == true
            }
        }

        // The Downloads view: the download under way, the only one, with its share.
        tmux.send(["4"])
        try tmux.waitFor { screen in
            let rows = Self.listRows(Self.lines(screen))
            return Self.lines(screen).first?.contains("┌ Downloads (1) ") == true && rows.count == 1
                && rows[0].hasPrefix("● Plain talk 39 über ") && Self.downloadShare(rows[0]).map { (1...99).contains($0) } == true
        }

        // Done: the bottom line says so; the row, still in the Downloads view, has its length back and the title its mark.
        try tmux.waitFor { screen in
            let lines = Self.lines(screen)
            let rows = Self.listRows(lines)
            return lines.last!.hasPrefix("mixed-tongues/39: downloaded") && lines.first?.contains("┌ Downloads (1) ") == true
                && rows.count == 1 && rows[0].hasPrefix("● Plain talk 39 über ↓ ") && rows[0].hasSuffix(" 3:00")
                && Self.downloadShare(rows[0]) == nil
        }

        // The library has the file, whole, for that episode alone.
        let listed = try PodlineBinary.run(
            ["episodes", "mixed-tongues", "--json"], home: folder, environment: Self.environment(folder).mapValues { Optional($0) })
        let episodes = (try? JSONSerialization.jsonObject(with: Data(listed.stdout.utf8))) as? [[String: Any]] ?? []
        let episode = try #require(
            episodes.first { $0["ref"] as? String == "mixed-tongues/39" }, "episodes --json: \(listed.stdout) \(listed.stderr)")
        let file = try #require(episode["file"] as? String, "not downloaded: \(episode)")
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue }
        #expect(size(file) != nil && size(file) == size(served.appendingPathComponent("tone.mp3").path), "\(file)")
        #expect(episodes.filter { $0["file"] is String }.count == 1, "\(listed.stdout)")

        tmux.send(["q"])
        try tmux.waitFor { $0.contains("EXITED 0") }
    }

    // MARK: Reading the screen

    /// The screen's lines, the first one the terminal's top row.
    static func lines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The screen's words joined by single spaces.
    static func words(_ screen: String) -> String {
        screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The rows of the middle pane (between its borders, the third and fourth `│` of a line), trimmed, blank ones left out.
    static func listRows(_ lines: [String]) -> [String] {
        guard let bottom = lines.firstIndex(where: { $0.hasPrefix("└") }), bottom > 1 else { return [] }
        return lines[1..<bottom].compactMap { line in
            let borders = line.indices.filter { line[$0] == "│" }
            guard borders.count >= 4 else { return nil }
            let row = line[line.index(after: borders[2])..<borders[3]].trimmingCharacters(in: .whitespaces)
            return row.isEmpty ? nil : row
        }
    }

    /// The share received that a download under way shows at the end of an episode's row (`↓36%` is 36); nil for a
    /// length, or for `↓…` (the size not known yet).
    static func downloadShare(_ row: String) -> Int? {
        guard let last = row.split(separator: " ").last, last.hasPrefix("↓"), last.hasSuffix("%") else { return nil }
        return Int(last.dropFirst().dropLast())
    }

    /// How many columns `text` takes in a terminal: two for an East Asian wide character or an emoji, none for a
    /// combining mark or a variation selector, one for anything else.
    static func displayWidth(_ text: String) -> Int {
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        let zero: [ClosedRange<UInt32>] = [0x0300...0x036F, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F]
        return text.unicodeScalars.reduce(0) { width, scalar in
            if zero.contains(where: { $0.contains(scalar.value) }) { return width }
            return width + (wide.contains { $0.contains(scalar.value) } ? 2 : 1)
        }
    }

    /// The display columns (from 0) at which `marks` stand in `line`.
    static func columns(of marks: Set<Character>, in line: String) -> [Int] {
        var column = 0
        var found: [Int] = []
        for character in line {
            if marks.contains(character) { found.append(column) }
            column += displayWidth(String(character))
        }
        return found
    }

    /// What is wrong with a frame of `columns` by `rows` (nothing when all is right): the top line ends at the last
    /// column; in every row of the panes, the borders stand at the columns of the top line's corners, and so do the
    /// bottom line's; three panes from 120 columns on, two below; then the player bar (playing) and the bottom line.
    static func layoutProblems(_ screen: String, columns: Int, rows: Int) -> [String] {
        let lines = Self.lines(screen)
        guard lines.count == rows else { return ["\(lines.count) lines, not \(rows)"] }
        guard lines[0].hasPrefix("┌ Podline"), let bottom = lines.firstIndex(where: { $0.hasPrefix("└") }) else {
            return ["no panes"]
        }
        var problems: [String] = []
        let corners = Self.columns(of: ["┌", "┐"], in: lines[0])
        let panes = columns >= 120 ? 3 : 2
        if corners.count != panes * 2 { problems.append("corners at \(corners), not \(panes) panes") }
        if corners.last != columns - 1 { problems.append("the last pane ends at column \(corners.last ?? -1), not \(columns - 1)") }
        if lines[0].contains("┌ Details ") != (columns >= 120) { problems.append("Details pane shown: \(columns >= 120 ? "no" : "yes")") }
        for index in 1..<bottom {
            let borders = Self.columns(of: ["│"], in: lines[index])
            if borders != corners { problems.append("row \(index + 1): borders at \(borders), corners at \(corners)") }
        }
        let ends = Self.columns(of: ["└", "┘"], in: lines[bottom])
        if ends != corners { problems.append("bottom corners at \(ends), top ones at \(corners)") }
        let checked = lines[1..<bottom]
        if !checked.contains(where: { $0.contains("日本語") }) || !checked.contains(where: { $0.contains("🎧") }) {
            problems.append("no row with CJK and emoji to check")
        }
        if bottom != rows - 4 { return problems + ["the panes end on row \(bottom + 1), not \(rows - 3)"] }
        if !lines[rows - 3].hasPrefix("▶ Mixed Tongues — ") || !lines[rows - 3].hasSuffix("vol 100") {
            problems.append("player line: \(lines[rows - 3])")
        }
        if lines[rows - 2].range(of: #"^\d+:\d\d [━─]+ 3:00$"#, options: .regularExpression) == nil {
            problems.append("position line: \(lines[rows - 2])")
        }
        if !lines[rows - 1].hasSuffix(" ? keys") { problems.append("bottom line: \(lines[rows - 1])") }
        if lines.contains(where: { displayWidth($0) > columns }) { problems.append("a line wider than \(columns)") }
        return problems
    }

    /// The texts drawn in reverse video (the selected row of the pane that has the keys), trimmed.
    static func highlighted(_ tmux: TmuxSession) throws -> [String] {
        var runs: [String] = []
        for line in try tmux.screenWithEscapes().split(separator: "\n") {
            let scalars = Array(line.unicodeScalars)
            var reverse = false
            var run = ""
            func flush() {
                let text = run.trimmingCharacters(in: .whitespaces)
                if !text.isEmpty { runs.append(text) }
                run = ""
            }
            var index = 0
            while index < scalars.count {
                guard scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" else {
                    if reverse { run.unicodeScalars.append(scalars[index]) }
                    index += 1
                    continue
                }
                var end = index + 2
                var parameters = ""
                while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) {
                    parameters.unicodeScalars.append(scalars[end])
                    end += 1
                }
                if end < scalars.count, scalars[end] == "m" {
                    let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var at = 0
                    while at < codes.count {
                        switch codes[at] {
                        case 0, 27:
                            if reverse { flush() }
                            reverse = false
                        case 7: reverse = true
                        case 38, 48, 58: at += at + 1 < codes.count && codes[at + 1] == 5 ? 2 : 4
                        default: break
                        }
                        at += 1
                    }
                }
                index = end + 1
            }
            flush()
        }
        return runs
    }

    /// Waits until a text in reverse video contains `text`; fails with what is highlighted after 20 seconds.
    static func waitForHighlight(_ tmux: TmuxSession, _ text: String) throws {
        let runs = try poll(timeout: 20, every: 0.05, { try highlighted(tmux) }, until: { runs in runs.contains { $0.contains(text) } })
        guard runs.contains(where: { $0.contains(text) }) else {
            let screen = (try? tmux.screen()) ?? ""
            throw TestSupportError("'\(text)' never highlighted; highlighted: \(runs)\n\(screen)")
        }
    }

    /// The view holds the terminal: the alternate screen, mouse reporting (SGR), no cursor, raw mode.
    static func expectViewOwnsTerminal(_ tmux: TmuxSession) throws {
        #expect(try paneModes(tmux) == "alternate 1 mouse 1 sgr 1 cursor 0")
        #expect(try paneLineMode(tmux) == "raw")
    }

    /// The terminal is as the shell had it: the main screen, no mouse reporting, the cursor shown, cooked mode.
    static func expectTerminalGivenBack(_ tmux: TmuxSession) throws {
        #expect(try paneModes(tmux) == "alternate 0 mouse 0 sgr 0 cursor 1")
        #expect(try paneLineMode(tmux) == "cooked")
    }

    /// The shell's screen is back: its marker line above `line` (what the shell printed once the view left), no pane.
    static func expectShellScreenBack(_ tmux: TmuxSession, before line: String) throws {
        let screen = try tmux.screen()
        let marker = try #require(screen.range(of: "shell-before-marker"), "the shell's screen is not back:\n\(screen)")
        let after = try #require(screen.range(of: line), "'\(line)' is not on the screen:\n\(screen)")
        #expect(marker.upperBound <= after.lowerBound)
        #expect(!screen.contains("┌ Podline"), "\(screen)")
    }

    /// tmux's view of the pane's modes: alternate screen, any mouse reporting, SGR mouse, cursor shown.
    static func paneModes(_ tmux: TmuxSession) throws -> String {
        try CommandRunner.run(
            tmux.tmux,
            [
                "display-message", "-p", "-t", tmux.name,
                "alternate #{alternate_on} mouse #{mouse_any_flag} sgr #{mouse_sgr_flag} cursor #{cursor_flag}",
            ]
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// "cooked" when the pane's terminal reads lines and echoes them, "raw" when it does neither.
    static func paneLineMode(_ tmux: TmuxSession) throws -> String {
        let path = try CommandRunner.run(tmux.tmux, ["display-message", "-p", "-t", tmux.name, "#{pane_tty}"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let terminal = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard terminal >= 0 else { throw TestSupportError("\(path) could not be opened: errno \(errno)") }
        defer { close(terminal) }
        var attributes = termios()
        guard tcgetattr(terminal, &attributes) == 0 else { throw TestSupportError("tcgetattr \(path): errno \(errno)") }
        let canonical = attributes.c_lflag & tcflag_t(ICANON) != 0
        let echo = attributes.c_lflag & tcflag_t(ECHO) != 0
        switch (canonical, echo) {
        case (true, true): return "cooked"
        case (false, false): return "raw"
        default: return "icanon \(canonical) echo \(echo)"
        }
    }

    /// The process whose command line is exactly `arguments`.
    static func process(running arguments: [String]) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry) else { continue }
            let file = open("/proc/\(entry)/cmdline", O_RDONLY)
            guard file >= 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 8192)
            let count = read(file, &bytes, bytes.count)
            close(file)
            guard count > 0 else { continue }
            let words = bytes[..<count].split(separator: 0, omittingEmptySubsequences: false).dropLast()
                .map { String(decoding: $0, as: UTF8.self) }
            if words == arguments { return pid }
        }
        return nil
    }

    /// The state of process `pid`, the third field of /proc/PID/stat (R running, S sleeping, T stopped…); nil once gone.
    static func processState(_ pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let name = stat.range(of: ")", options: .backwards)
        else { return nil }
        return stat[name.upperBound...].split(separator: " ").first.map(String.init)
    }
}

extension TmuxSession {
    /// Presses keys by their tmux names (`Escape`, `BSpace`, …), which `send` would type as text.
    func pressKeys(_ keys: String...) {
        for key in keys { _ = try? CommandRunner.run(tmux, ["send-keys", "-t", name, key]) }
    }

    /// The left button pressed and released `times` times at `column`, `row` (from 1), as SGR mouse reports sent at
    /// once: what a terminal sends the program that asked for mouse reports.
    func click(column: Int, row: Int, times: Int = 1) {
        let report = "\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m"
        _ = try? CommandRunner.run(tmux, ["send-keys", "-t", name, "-l", String(repeating: report, count: times)])
    }

    /// One notch of the mouse wheel, down, at `column`, `row` (from 1).
    func wheelDown(column: Int, row: Int) {
        _ = try? CommandRunner.run(tmux, ["send-keys", "-t", name, "-l", "\u{1B}[<65;\(column);\(row)M"])
    }
}
