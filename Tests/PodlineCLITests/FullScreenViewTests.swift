import DataFlow
import Foundation
import PodcastKit
import TerminalCanvas
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// The full-screen view drawn headless over a library in a temporary folder: the whole screen at several sizes, read
/// back from the cell buffer (text, columns and styles), and the bytes of each frame replayed into a model of the
/// terminal.
@MainActor
@Suite("full-screen view")
struct FullScreenViewTests {
    @Test("80×24: shows and views on the left, the New view beside them, the player bar and the help key at the bottom")
    func standardScreen() throws {
        let screen = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 80, rows: 24)
        let buffer = screen.draw()
        let lines = screenLines(buffer)
        #expect(lines[0].hasPrefix("┌ Podline "), "\(picture(buffer))")
        #expect(lines[0].contains("┌ New (9) "), "\(picture(buffer))")
        // The left pane is a quarter of the width, 18 columns at least.
        let sidebarRight = try #require(cellColumns(of: "┐", in: buffer, row: 0).first)
        #expect(sidebarRight == 19)
        let sidebar = (1..<buffer.rows).map { rowText(buffer, row: $0, columns: 0..<(sidebarRight + 1)) }
        for title in ["New", "In progress", "Queue", "Downloads", "Favourites", "Morning Show", "Tech Talk 🎧", "中文播客"] {
            #expect(sidebar.contains { $0.contains(title) }, "\(title) missing:\n\(picture(buffer))")
        }
        // The New view lists the newest episode first, across shows.
        #expect(rowText(buffer, row: 1, columns: (sidebarRight + 1)..<buffer.columns).contains("Sunrise news"), "\(picture(buffer))")
        // Panes from the top to the player bar's two lines and the bottom line.
        #expect(paneRows(buffer) == Array(1...19), "\(picture(buffer))")
        #expect(lines[20].hasPrefix("└"))
        #expect(lines[21].contains("Nothing playing"), "\(picture(buffer))")
        #expect(lines[23].hasSuffix("? keys"), "\(picture(buffer))")
    }

    @Test("130×30: a Details pane on the right shows the selected episode; below 120 columns there is none")
    func detailsPane() throws {
        let store = try ScreenLibrary.store(ScreenLibrary.mixed)
        let wide = HeadlessScreen(store: store, columns: 130, rows: 30)
        let buffer = wide.draw()
        #expect(screenLines(buffer)[0].contains("┌ Details "), "\(picture(buffer))")
        // The right pane is a third of the width.
        let detailsLeft = try #require(cellColumns(of: "┌", in: buffer, row: 0).last)
        #expect(detailsLeft == 130 - 130 / 3)
        #expect(wide.model.selectedRow?.title == "Sunrise news")
        let details = (1..<buffer.rows).map { rowText(buffer, row: $0, columns: detailsLeft..<buffer.columns) }
        #expect(details[0].contains("Sunrise news"), "\(picture(buffer))")
        #expect(buffer[1, detailsLeft + 1].style.bold)
        #expect(details.contains { $0.contains("Morning Show") })

        // Another selection, other details.
        wide.model.focus = .list
        wide.model.listWindow.move(.down)
        let moved = wide.draw()
        let movedDetails = (1..<moved.rows).map { rowText(moved, row: $0, columns: detailsLeft..<moved.columns) }
        #expect(movedDetails[0].contains("日本語のニュース"), "\(picture(moved))")
        #expect(!movedDetails.contains { $0.contains("Sunrise news") }, "\(picture(moved))")

        let narrow = HeadlessScreen(store: store, columns: 119, rows: 30)
        let narrowBuffer = narrow.draw()
        #expect(!screenLines(narrowBuffer).joined().contains("Details"), "\(picture(narrowBuffer))")
        #expect(cellColumns(of: "┌", in: narrowBuffer, row: 0).count == 2)
    }

    @Test("below 40×10 the screen only says how small the terminal is", arguments: [(39, 10), (40, 9), (80, 9), (20, 5)] as [(Int, Int)])
    func tooSmall(columns: Int, rows: Int) throws {
        let screen = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: columns, rows: rows)
        let buffer = screen.draw()
        let words = screenLines(buffer).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        #expect(words.contains("The terminal is \(columns)×\(rows)"), "\(picture(buffer))")
        #expect(words.contains("needs at least 40×10"), "\(picture(buffer))")
        #expect(!words.contains("┌"))
    }

    @Test("at exactly 40×10 the panes are drawn")
    func smallestScreen() throws {
        let screen = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 40, rows: 10)
        let buffer = screen.draw()
        let lines = screenLines(buffer)
        #expect(lines[0].hasPrefix("┌ Podline "), "\(picture(buffer))")
        #expect(lines[9].hasSuffix("? keys"), "\(picture(buffer))")
        #expect(!lines.joined().contains("needs at least"))
    }

    @Test("no row runs over: every row's cells add up to the width, at every size, with the keys' help open or not")
    func rowsFit() throws {
        let store = try ScreenLibrary.store(ScreenLibrary.mixed)
        let sizes = [(40, 10), (41, 11), (57, 13), (80, 24), (119, 30), (120, 30), (130, 30), (200, 50)]
        for (columns, rows) in sizes {
            for help in [false, true] {
                let screen = HeadlessScreen(store: store, columns: columns, rows: rows)
                screen.model.showsHelp = help
                let buffer = screen.draw()
                #expect(buffer.rows == rows && buffer.columns == columns)
                for row in 0..<buffer.rows {
                    #expect(
                        DisplayWidth.of(rowText(buffer, row: row)) == columns,
                        "\(columns)×\(rows), help \(help), row \(row):\n\(picture(buffer))")
                    for column in 0..<buffer.columns where buffer[row, column].isContinuation {
                        #expect(
                            column > 0 && DisplayWidth.of(buffer[row, column - 1].text) == 2,
                            "\(columns)×\(rows), help \(help): a right half without its left at \(row), \(column)")
                    }
                }
            }
        }
    }

    @Test(
        "the keys' help cuts no description it has room for: at 80×24 it wraps them and takes the whole width",
        arguments: [(80, 24), (80, 30), (100, 30), (130, 30), (200, 50)] as [(Int, Int)])
    func keysHelpWhole(columns: Int, rows: Int) throws {
        let screen = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: columns, rows: rows)
        screen.model.showsHelp = true
        let buffer = screen.draw()
        // The box over the lists, found by its title (it is centred in them when shorter).
        let (top, left) = try #require(
            (0..<(rows - 3)).lazy.compactMap { row in
                cellColumns(of: "┌", in: buffer, row: row).first {
                    rowText(buffer, row: row, columns: $0..<min(columns, $0 + 24)) == "┌ Keys (any key closes) "
                }.map { (row, $0) }
            }.first, "\(picture(buffer))")
        let right = try #require(cellColumns(of: "┐", in: buffer, row: top).first { $0 > left })
        let bottom = try #require((top..<(rows - 3)).first { buffer[$0, left].text == "└" }, "\(picture(buffer))")
        #expect(buffer[bottom, right].text == "┘", "\(picture(buffer))")
        let box = ((top + 1)..<bottom).map { rowText(buffer, row: $0, columns: left..<(right + 1)) }
        #expect(box.allSatisfy { $0.hasPrefix("│") && $0.hasSuffix("│") }, "\(picture(buffer))")
        #expect(!box.joined().contains("…"), "a description cut short:\n\(picture(buffer))")
        // Every word of every key's description is in the box (as often as the descriptions have it).
        var shown: [Substring: Int] = [:]
        for word in box.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "│" }) { shown[word, default: 0] += 1 }
        var needed: [Substring: Int] = [:]
        for action in KeyAction.allCases {
            for word in action.summary.split(separator: " ") { needed[word, default: 0] += 1 }
        }
        for (word, count) in needed {
            #expect(shown[word, default: 0] >= count, "\(word) \(count) times:\n\(picture(buffer))")
        }
        if columns == 80 {
            // Wrapped, the box covers the lists from edge to edge.
            #expect(top == 0 && bottom == rows - 4 && left == 0 && right == columns - 1, "\(picture(buffer))")
        }
    }

    @Test("the keys' layout: descriptions wrapped at the widest measure that fits, read back whole; cut only where none fits")
    func keysLayout() {
        let entries = KeyAction.allCases.map {
            KeysLayout.Entry(keys: KeyMap().keys(of: $0).map(\.name).joined(separator: " "), summary: $0.summary)
        }
        for (width, rows) in [(76, 19), (76, 25), (96, 25), (126, 25), (60, 40), (36, 6)] {
            let layout = KeysLayout(entries: entries, width: width, rows: rows)
            let used = layout.columns.reduce(0) { $0 + $1.width } + KeysLayout.gap * (layout.columns.count - 1)
            #expect(used <= width, "\(width)×\(rows)")
            #expect(layout.columns.allSatisfy { $0.lines.count <= rows }, "\(width)×\(rows)")
            // Each entry's lines: its keys on the first, its description read back whole across them.
            var read: [KeysLayout.Entry] = []
            for column in layout.columns {
                for line in column.lines {
                    if line.keys.isEmpty, let last = read.popLast() {
                        read.append(KeysLayout.Entry(keys: last.keys, summary: last.summary + " " + line.summary))
                    } else {
                        read.append(KeysLayout.Entry(keys: line.keys, summary: line.summary))
                    }
                }
            }
            if width == 36 {
                // 40 actions in 6 rows need 7 columns: no measure fits 36 cells, so each takes one line, cut by the view.
                #expect(layout.columns.count == 7 && read.map(\.summary) == entries.map(\.summary))
                continue
            }
            #expect(read == entries, "\(width)×\(rows)")
            #expect(layout.columns.allSatisfy { column in column.lines.allSatisfy { DisplayWidth.of($0.keys) <= column.keysWidth } })
            #expect(
                layout.columns.allSatisfy { column in
                    column.lines.allSatisfy { column.keysWidth + 1 + DisplayWidth.of($0.summary) <= column.width }
                })
        }
        // Room enough: nothing wrapped, and the box keeps its own width.
        let roomy = KeysLayout(entries: entries, width: 126, rows: 25)
        #expect(roomy.columns.map(\.lines.count) == [25, 16])
        #expect(roomy.columns.map(\.width) == [8 + 1 + 36, 1 + 1 + 28])
    }

    @Test("CJK and emoji titles keep every pane's borders in the columns of its corners, on every row, in every list")
    func bordersStayInPlace() throws {
        let store = try ScreenLibrary.store(ScreenLibrary.mixed)
        for (columns, rows) in [(40, 10), (80, 24), (130, 30)] {
            let screen = HeadlessScreen(store: store, columns: columns, rows: rows)
            _ = screen.draw()
            let sources = screen.model.sidebar.map(\.source)
            for source in sources {
                screen.model.open(source)
                screen.model.focus = .list
                for _ in 0..<3 {
                    let buffer = screen.draw()
                    let corners = (cellColumns(of: "┌", in: buffer, row: 0) + cellColumns(of: "┐", in: buffer, row: 0)).sorted()
                    #expect(corners.count == (columns >= 120 ? 6 : 4), "\(picture(buffer))")
                    // The middle pane's right border: the last column, or the one left of the Details pane.
                    #expect(corners.contains(columns >= 120 ? columns - columns / 3 - 1 : columns - 1))
                    let inside = paneRows(buffer)
                    #expect(inside.count == rows - 5, "\(columns)×\(rows) \(source.title):\n\(picture(buffer))")
                    for row in inside {
                        #expect(
                            cellColumns(of: "│", in: buffer, row: row) == corners,
                            "\(columns)×\(rows) \(source.title), row \(row):\n\(picture(buffer))")
                    }
                    if let bottom = inside.last.map({ $0 + 1 }) {
                        let bottomCorners = cellColumns(of: "└", in: buffer, row: bottom) + cellColumns(of: "┘", in: buffer, row: bottom)
                        #expect(bottomCorners.sorted() == corners, "\(picture(buffer))")
                    }
                    screen.model.listWindow.move(.down)
                }
            }
        }
    }

    @Test("a filter shrinks the list to the episodes it matches, and the pane's title says how many of how many")
    func filter() throws {
        let screen = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 80, rows: 24)
        _ = screen.draw()
        screen.model.setFilter("日本")
        let buffer = screen.draw()
        #expect(screen.model.shown.count == 2)
        #expect(screen.model.rows.count == 9)
        #expect(screenLines(buffer)[0].contains("┌ New (2 of 9) /日本 "), "\(picture(buffer))")
        let listLeft = try #require(cellColumns(of: "┌", in: buffer, row: 0).last)
        let listed = paneRows(buffer).map { rowText(buffer, row: $0, columns: (listLeft + 1)..<(buffer.columns - 1)) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(listed.count == 2, "\(picture(buffer))")
        #expect(listed.allSatisfy { $0.contains("日本") }, "\(picture(buffer))")

        screen.model.setFilter("no such words")
        let none = screen.draw()
        #expect(screenLines(none)[0].contains("┌ New (0 of 9) /no such words "), "\(picture(none))")
        #expect(screen.model.selectedRow == nil)

        screen.model.setFilter(nil)
        let cleared = screen.draw()
        #expect(screenLines(cleared)[0].contains("┌ New (9) "), "\(picture(cleared))")
        #expect(!screenLines(cleared)[0].contains(" of "))
    }

    @Test("a change of episodes reads their rows alone: marked played, a row leaves New in place; a favourite gets its star")
    func changeInPlace() throws {
        let store = try ScreenLibrary.store(ScreenLibrary.mixed)
        let library = Library(store: store)
        let screen = HeadlessScreen(store: store, columns: 80, rows: 24)
        _ = screen.draw()
        screen.model.focus = .list
        screen.model.listWindow.move(.to(1))
        let marked = try #require(screen.model.selectedRow)
        let next = screen.model.row(screen.model.shown[2])
        let markedID = try #require(marked.episodeID)
        let unplayed = { screen.model.sidebar.compactMap(\.count).reduce(0, +) }
        #expect(unplayed() == 9)
        _ = try library.apply(.played([markedID], true))
        screen.model.changed(episodes: [markedID], placesOnly: false)
        let buffer = screen.draw()
        #expect(unplayed() == 8, "the shows' counts: \(screen.model.sidebar)")
        // The list read is the same: the row is taken out of what is shown, and the selection stays at its place.
        #expect(screen.model.rows.count == 9 && screen.model.gone.count == 1)
        #expect(screen.model.shown.count == 8 && screen.model.selectedRow?.ref == next.ref)
        #expect(screenLines(buffer)[0].contains("┌ New (8) "), "\(picture(buffer))")
        #expect(!screenLines(buffer).joined().contains(marked.title), "\(picture(buffer))")

        let starred = try #require(next.episodeID)
        _ = try library.apply(.favorite(starred, true))
        screen.model.changed(episodes: [starred], placesOnly: false)
        let withStar = screen.draw()
        #expect(screen.model.selectedRow?.favorite == true && screen.model.gone.count == 1)
        #expect(screenLines(withStar).contains { $0.contains(next.title + " ★") }, "\(picture(withStar))")

        // A place saved (the episode playing) leaves the row where it is, half heard.
        _ = try library.apply(.position(starred, 42))
        screen.model.changed(episodes: [starred], placesOnly: true)
        let started = screen.draw()
        #expect(screen.model.selectedRow?.ref == next.ref && screen.model.selectedRow?.position == 42)
        #expect(screenLines(started).contains { $0.contains("◐ " + next.title) }, "\(picture(started))")

        // Unplayed again, it joins New: the list is read again, in the query's order (the one half heard is no longer new).
        _ = try library.apply(.played([markedID], false))
        screen.model.changed(episodes: [markedID], placesOnly: false)
        let back = screen.draw()
        #expect(screen.model.rows.count == 8 && screen.model.gone.isEmpty && screen.model.changedRows.isEmpty)
        #expect(screen.model.row(screen.model.shown[1]).ref == marked.ref)
        #expect(!screen.model.rows.contains { $0.ref == next.ref })
        #expect(screenLines(back)[0].contains("┌ New (8) "), "\(picture(back))")
    }

    @Test("the selection is drawn reversed in the pane that has the keys, underlined in the other, and moves with the window")
    func selection() throws {
        let screen = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 80, rows: 24)
        var buffer = screen.draw()
        let listLeft = try #require(cellColumns(of: "┌", in: buffer, row: 0).last)
        let listColumn = listLeft + 1
        // The shows and views have the keys: their first row (New) is reversed, the list's selection underlined.
        #expect(reversedRows(buffer, column: 1) == [1], "\(picture(buffer))")
        #expect(reversedRows(buffer, column: listColumn).isEmpty)
        #expect(buffer[1, listColumn].style.underline)

        screen.model.focus = .list
        buffer = screen.draw()
        #expect(reversedRows(buffer, column: 1).isEmpty, "\(picture(buffer))")
        #expect(buffer[1, 1].style.underline)
        #expect(reversedRows(buffer, column: listColumn) == [1])
        // The whole row is reversed, to the pane's border.
        #expect((listColumn..<(buffer.columns - 1)).allSatisfy { buffer[1, $0].style.reverse })
        #expect(!buffer[1, buffer.columns - 1].style.reverse)

        screen.model.listWindow.move(.down)
        buffer = screen.draw()
        #expect(reversedRows(buffer, column: listColumn) == [2], "\(picture(buffer))")
        #expect(rowText(buffer, row: 2, columns: listColumn..<buffer.columns).contains("日本語のニュース"))
        #expect(screen.model.selectedRow?.title == "日本語のニュース")

        screen.model.listWindow.move(.last)
        buffer = screen.draw()
        #expect(reversedRows(buffer, column: listColumn) == [9], "\(picture(buffer))")
    }

    @Test("a one-row move evaluates and paints the two rows whose style changed, and the details pane when it shows another episode")
    func moveRepaintsWhatChanged() throws {
        let narrow = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 80, rows: 24)
        narrow.model.focus = .list
        var buffer = narrow.draw()
        let listLeft = try #require(cellColumns(of: "┌", in: buffer, row: 0).last)
        var evaluated = narrow.host.bodyEvaluations
        narrow.model.listWindow.move(.down)
        buffer = narrow.draw()
        // The two rows whose selection changed, and no other view.
        #expect(narrow.host.bodyEvaluations - evaluated == 2)
        let painted = try #require(narrow.host.repainted, "the frame was drawn whole")
        // Rows 1 and 2 of the list: the one left and the one selected, inside the pane's borders, and nothing else.
        #expect(Set(painted.flatMap { $0.y..<($0.y + $0.height) }) == [1, 2], "\(painted)")
        #expect(painted.allSatisfy { $0.x > listLeft && $0.x + $0.width < buffer.columns }, "\(painted)")

        let wide = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 130, rows: 30)
        wide.model.focus = .list
        buffer = wide.draw()
        let detailsLeft = try #require(cellColumns(of: "┌", in: buffer, row: 0).last)
        let middleLeft = try #require(cellColumns(of: "┌", in: buffer, row: 0).dropLast().last)
        evaluated = wide.host.bodyEvaluations
        wide.model.listWindow.move(.down)
        buffer = wide.draw()
        // The two rows, the details pane and its notes.
        #expect(wide.host.bodyEvaluations - evaluated == 4)
        let paintedWide = try #require(wide.host.repainted, "the frame was drawn whole")
        let inList = paintedWide.filter { $0.x + $0.width <= detailsLeft }
        // The details pane is painted in its box (its border with it: the box takes the new content as a new value).
        let inDetails = paintedWide.filter { $0.x >= detailsLeft }
        #expect(inList.count + inDetails.count == paintedWide.count, "\(paintedWide) (details from column \(detailsLeft))")
        #expect(Set(inList.flatMap { $0.y..<($0.y + $0.height) }) == [1, 2], "\(paintedWide)")
        #expect(inList.allSatisfy { $0.x > middleLeft }, "\(paintedWide)")
        #expect(!inDetails.isEmpty, "the details pane shows another episode: \(paintedWide)")
        #expect(rowText(buffer, row: 1, columns: detailsLeft..<buffer.columns).contains("日本語のニュース"), "\(picture(buffer))")
    }

    @Test(
        "after a frame, the details of the episode the selection comes to next are read: below after a move down, above after a move up; none without the pane"
    )
    func detailsAreReadAhead() throws {
        let wide = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 130, rows: 30)
        let model = wide.model
        _ = wide.draw()
        func kept(_ index: Int) -> Bool { model.keepsDetails(of: model.row(model.shown[index])) }
        #expect(kept(0) && !kept(1), "the selected episode's details only, before any read-ahead")
        model.readAhead()
        #expect(kept(1) && !kept(2))
        model.listWindow.move(.to(5))
        _ = wide.draw()
        model.readAhead()
        #expect(kept(6) && !kept(4))
        model.listWindow.move(.up)
        _ = wide.draw()
        model.readAhead()
        #expect(kept(3), "after a move up, the one above")
        // The move to a row read ahead draws its details from what is kept: the same screen as drawn cold.
        model.listWindow.move(.up)
        let warm = wide.draw()
        let cold = HeadlessScreen(store: model.store, columns: 130, rows: 30)
        cold.model.listWindow.move(.to(3))
        #expect(cold.draw() == warm)

        let narrow = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 100, rows: 30)
        _ = narrow.draw()
        narrow.model.readAhead()
        #expect(!narrow.model.keepsDetails(of: narrow.model.row(narrow.model.shown[1])), "no pane, nothing read")
    }

    @Test("5,000 episodes: only the rows on screen are mounted, as many nodes as for a list that just fills the screen")
    func mountedNodes() async throws {
        let long = HeadlessScreen(
            store: try ScreenLibrary.store([("Long Show", (1...5000).map { "Episode \($0)" })]), columns: 80, rows: 24)
        _ = long.draw()
        // The first page is shown at once; the rest is read off the main actor.
        #expect(long.model.rows.count == BrowseModel.firstPage && long.model.isLoading)
        while long.model.isLoading { try await Task.sleep(for: .milliseconds(5)) }
        _ = long.draw()
        #expect(long.model.rows.count == 5000)
        #expect(long.model.listWindow.visible.count == 19)
        let visibleRows = long.model.listWindow.visible.count + long.model.sidebarWindow.visible.count
        let mounted = long.host.mountedNodeCount
        // A row is two nodes (its view and the line of columns it draws); the rest of the screen is a fixed number.
        #expect(mounted <= 2 * visibleRows + 60, "mounted \(mounted) for \(visibleRows) rows")

        let short = HeadlessScreen(
            store: try ScreenLibrary.store([("Long Show", (1...40).map { "Episode \($0)" })]), columns: 80, rows: 24)
        _ = short.draw()
        #expect(mounted == short.host.mountedNodeCount)

        // Scrolled to the end, the same rows' worth.
        long.model.focus = .list
        long.model.listWindow.move(.last)
        let end = long.draw()
        #expect(long.model.listWindow.visible == 4981..<5000)
        #expect(long.host.mountedNodeCount == mounted)
        #expect(rowText(end, row: 19).contains("Episode 5000"), "\(picture(end))")

        // At 200 by 50, with the details pane: at most three nodes for each row on screen, the fixed rest included.
        long.model.size = CellSize(width: 200, height: 50)
        _ = long.draw()
        let large = long.model.listWindow.visible.count + long.model.sidebarWindow.visible.count
        #expect(long.host.mountedNodeCount <= 3 * large, "mounted \(long.host.mountedNodeCount) for \(large) rows")
    }

    @Test("200 random edits (moves, panes, filters, help, output, resizes from 40×10 to 200×50): each frame's bytes make the buffer")
    func framesReplayed() throws {
        let screen = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 80, rows: 24)
        let model = screen.model
        var random = SeededGenerator(seed: 0x7E57_F4A3_E5C2_1D0B)
        var terminal = TerminalModel(rows: 24, columns: 80)
        var shown: CellBuffer?
        let moves: [ListWindow.Move] = [.down, .up, .pageDown, .pageUp, .first, .last]
        let filters: [String?] = [nil, "", "日本", "🎧", "e", "zzz", "中文 第"]
        let messages = ["", "Playing 日本語のニュース", "🎧🎧🎧 queued", "Café e\u{301}", String(repeating: "長い", count: 80)]
        for step in 0..<200 {
            switch Int.random(in: 0..<9, using: &random) {
            case 0: model.listWindow.move(moves.randomElement(using: &random)!)
            case 1:
                model.sidebarWindow.move(Bool.random(using: &random) ? .down : .up)
                if let item = model.selectedItem { model.open(item.source) }
            case 2: model.focus = model.focus == .list ? .sidebar : .list
            case 3: model.setFilter(filters.randomElement(using: &random)!)
            case 4:
                model.size = CellSize(width: Int.random(in: 40...200, using: &random), height: Int.random(in: 10...50, using: &random))
            case 5: model.showsHelp.toggle()
            case 6: model.message = messages.randomElement(using: &random)!
            case 7:
                model.output = ["first line", "二行目 🎧", "Café e\u{301}"]
                model.showsOutput.toggle()
            default: model.listWindow.scroll(by: Int.random(in: -3...3, using: &random))
            }
            let buffer = screen.draw()
            if terminal.rows != buffer.rows || terminal.columns != buffer.columns {
                terminal.resize(rows: buffer.rows, columns: buffer.columns)
                shown = nil
            }
            terminal.feed(FrameWriter.bytes(from: shown, to: buffer))
            shown = buffer
            let expected = (0..<buffer.rows).map { row in (0..<buffer.columns).map { buffer[row, $0] } }
            #expect(terminal.cells == expected, "step \(step) at \(buffer.columns)×\(buffer.rows):\n\(picture(buffer))")
            if terminal.cells != expected { return }
        }
    }

    @Test(
        "whole screens at 80×24 (the list focused, a filter typed, the keys' help) and 130×30 (details, the keys' help) are the snapshots")
    func screenSnapshots() throws {
        let screen = HeadlessScreen(store: try ScreenLibrary.store(ScreenLibrary.mixed), columns: 80, rows: 24)
        var frames: [String] = []
        func keep(_ name: String) {
            let buffer = screen.draw()
            // Each row as shown, with the cells drawn in reverse video marked below it.
            var lines = ["# \(name), \(buffer.columns)×\(buffer.rows)"]
            for row in 0..<buffer.rows {
                lines.append(screenLines(buffer)[row])
                let marks = (0..<buffer.columns).filter { !buffer[row, $0].isContinuation }.map {
                    buffer[row, $0].style.reverse ? "^" : " "
                }
                let mark = String(marks.joined().reversed().drop { $0 == " " }.reversed())
                if !mark.isEmpty { lines.append("  reverse: \(mark)") }
            }
            frames.append(lines.joined(separator: "\n"))
        }
        keep("the first screen")
        screen.model.focus = .list
        screen.model.listWindow.move(.down)
        keep("the episodes focused, the second selected")
        screen.model.isFiltering = true
        screen.model.setFilter("日本")
        keep("a filter typed")
        screen.model.isFiltering = false
        screen.model.setFilter(nil)
        screen.model.showsHelp = true
        keep("the keys' help")
        screen.model.showsHelp = false
        screen.model.size = CellSize(width: 130, height: 30)
        keep("the details pane")
        screen.model.showsHelp = true
        keep("the keys' help")
        let text = frames.joined(separator: "\n\n") + "\n"
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/tui-screens.txt")
        if ProcessInfo.processInfo.environment["PODLINE_UPDATE_SNAPSHOTS"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let snapshot = try String(contentsOf: file, encoding: .utf8)
        #expect(text == snapshot, "run with PODLINE_UPDATE_SNAPSHOTS=1 and review the diff:\n\(text)")
    }

    @Test("300 random edits: each frame painted over the last (only what changed) equals the same frame drawn whole")
    func retainedFramesMatchWholeFrames() throws {
        let store = try ScreenLibrary.store(ScreenLibrary.mixed)
        let retained = HeadlessScreen(store: store, columns: 80, rows: 24)
        let whole = HeadlessScreen(store: store, columns: 80, rows: 24)
        var random = SeededGenerator(seed: 0x5EED_D4A3_0F1C_2B77)
        let moves: [ListWindow.Move] = [.down, .up, .pageDown, .pageUp, .first, .last]
        let filters: [String?] = [nil, "", "日本", "🎧", "e", "zzz", "中文 第"]
        let messages = ["", "Playing 日本語のニュース", "🎧🎧🎧 queued", "Café e\u{301}", String(repeating: "長い", count: 80)]
        for step in 0..<300 {
            let choice = Int.random(in: 0..<9, using: &random)
            let move = moves.randomElement(using: &random)!
            let filter = filters.randomElement(using: &random)!
            let message = messages.randomElement(using: &random)!
            let size = CellSize(width: Int.random(in: 40...130, using: &random), height: Int.random(in: 10...40, using: &random))
            let resize = Int.random(in: 0..<4, using: &random) == 0
            let rows = Int.random(in: -3...3, using: &random)
            for model in [retained.model, whole.model] {
                switch choice {
                case 0: model.listWindow.move(move)
                case 1:
                    model.sidebarWindow.move(rows > 0 ? .down : .up)
                    if let item = model.selectedItem { model.open(item.source) }
                case 2: model.focus = model.focus == .list ? .sidebar : .list
                case 3: model.setFilter(filter)
                case 4: if resize { model.size = size }
                case 5: model.showsHelp.toggle()
                case 6: model.message = message
                case 7:
                    model.output = ["first line", "二行目 🎧", "Café e\u{301}"]
                    model.showsOutput.toggle()
                default: model.listWindow.scroll(by: rows)
                }
            }
            let painted = retained.draw()
            var drawn = CellBuffer(rows: whole.model.size.height, columns: whole.model.size.width)
            whole.host.draw(into: &drawn, whole: true)
            #expect(painted == drawn, "step \(step) (edit \(choice)):\n\(picture(painted))\nwhole:\n\(picture(drawn))")
            if painted != drawn { return }
        }
    }
}

/// The full-screen view of a library with a stopped player, drawn headless in the model's size.
@MainActor
private struct HeadlessScreen {
    let model: BrowseModel
    let host: ViewHost<BrowseScreen>

    init(store: LibraryStore, columns: Int, rows: Int) {
        let model = BrowseModel(store: store, player: Player())
        model.size = CellSize(width: columns, height: rows)
        model.reload()
        let host = ViewHost(BrowseScreen(model: model, keys: KeyMap()))
        host.warningHandler = { _ in }
        self.model = model
        self.host = host
    }

    /// A frame: the views drawn into a new buffer of the model's size.
    func draw() -> CellBuffer {
        var buffer = CellBuffer(rows: model.size.height, columns: model.size.width)
        host.draw(into: &buffer)
        return buffer
    }
}

/// Libraries for the full-screen view, each in a temporary folder.
private enum ScreenLibrary {
    /// Three shows, nine episodes, their titles mixing ASCII, CJK, fullwidth letters, emoji and combining marks.
    static let mixed: [(title: String, episodes: [String])] = [
        ("Morning Show", ["Sunrise news", "日本語のニュース", "Weekly 🎧 roundup"]),
        ("中文播客", ["中文播客 🎙️ 第一集", "日本の音楽 🎵 and more", "Café au lait e\u{301}"]),
        ("Tech Talk 🎧", ["Plain episode", "Swift 6 🚀 concurrency", "全角ＡＢＣ wide"]),
    ]

    /// A library subscribed to `shows`, each a title and its episodes' titles. The episodes are published an hour
    /// apart in the order given, the first the newest, so that the New view lists them in that order.
    static func store(_ shows: [(title: String, episodes: [String])]) throws -> LibraryStore {
        let folder = try Fixtures.temporaryDirectory("pl-tui")
        let store = try LibraryStore(paths: LibraryPaths(home: folder.path))
        let dates = DateFormatter()
        dates.locale = Locale(identifier: "en_US_POSIX")
        dates.timeZone = TimeZone(identifier: "UTC")
        dates.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let newest = Date(timeIntervalSince1970: 1_750_000_000)
        var published = 0
        for (number, show) in shows.enumerated() {
            var items = ""
            for (index, title) in show.episodes.enumerated() {
                let date = dates.string(from: newest.addingTimeInterval(-3600 * Double(published)))
                published += 1
                items += "<item><title>\(escaped(title))</title><guid>show\(number)-\(index)</guid><pubDate>\(date)</pubDate>"
                items += "<itunes:duration>\(600 + index)</itunes:duration><description>Notes of \(escaped(title))</description>"
                items += "<enclosure url=\"https://example.com/\(number)/\(index).mp3\" type=\"audio/mpeg\" length=\"1\"/></item>\n"
            }
            let feed = """
                <?xml version="1.0" encoding="UTF-8"?>
                <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
                <title>\(escaped(show.title))</title>
                \(items)</channel></rss>
                """
            let url = "https://example.com/\(number)/feed.xml"
            _ = try store.addShow(feedURL: url, parsed: try FeedParser.parse(Array(feed.utf8), url: url))
        }
        return store
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// The text of `row` over `columns` (all by default), the right halves of wide characters left out.
private func rowText(_ buffer: CellBuffer, row: Int, columns: Range<Int>? = nil) -> String {
    var line = ""
    for column in columns ?? (0..<buffer.columns) where !buffer[row, column].isContinuation {
        line += buffer[row, column].text
    }
    return line
}

/// Every row's text.
private func screenLines(_ buffer: CellBuffer) -> [String] {
    (0..<buffer.rows).map { rowText(buffer, row: $0) }
}

/// The columns of `row` whose cell holds `text`.
private func cellColumns(of text: String, in buffer: CellBuffer, row: Int) -> [Int] {
    (0..<buffer.columns).filter { buffer[row, $0].text == text }
}

/// The rows inside the panes: those with the left pane's border in the first column.
private func paneRows(_ buffer: CellBuffer) -> [Int] {
    (1..<max(1, buffer.rows)).filter { buffer[$0, 0].text == "│" }
}

/// The rows inside the panes whose cell at `column` is drawn reversed.
private func reversedRows(_ buffer: CellBuffer, column: Int) -> [Int] {
    paneRows(buffer).filter { buffer[$0, column].style.reverse }
}

/// The screen between bars, for the message of a failed expectation.
private func picture(_ buffer: CellBuffer) -> String {
    screenLines(buffer).map { "|\($0)|" }.joined(separator: "\n")
}

@MainActor
@Suite("the full-screen view's playlists")
struct FullScreenPlaylistTests {
    @Test("playlists are listed after the views; opening one lists its episodes in its order")
    func playlistsInTheSidebar() throws {
        let store = try ScreenLibrary.store(ScreenLibrary.mixed)
        let later = try store.createPlaylist(named: "later", query: nil)
        let listed = try store.episodes(EpisodeQuery())
        let picked = [listed[4], listed[0], listed[2]]
        try store.addToPlaylist(later.id, episodeIDs: picked.compactMap(\.episode.id))
        let screen = HeadlessScreen(store: store, columns: 100, rows: 30)
        let titles = screen.model.sidebar.map(\.title)
        let views = BrowseSource.views.count
        #expect(titles[views] == "≡ later", "\(titles)")
        screen.model.open(.playlist(name: "later"))
        #expect(screen.model.rows.map(\.ref) == picked.map(\.ref))
        let buffer = screen.draw()
        #expect(screenLines(buffer)[0].contains("≡ later (3)"), "\(picture(buffer))")
    }
}
