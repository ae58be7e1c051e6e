import DataFlow
import Foundation
import PodcastKit
import PodlineApp

/// The full-screen view: shows and views on the left, the episodes of the one chosen in the middle, details on the
/// right from 120 columns on, the player bar and the message or command line at the bottom; the keys' help or a
/// command's output over the lists when asked for. Below 40 by 10 it only says how small the terminal is.
struct BrowseScreen: View {
    let model: BrowseModel
    let keys: KeyMap

    static let smallest = CellSize(width: 40, height: 10)
    /// The width from which the details pane is shown.
    static let detailsFrom = 120

    var body: some View {
        if model.size.width < Self.smallest.width || model.size.height < Self.smallest.height {
            Text("The terminal is \(model.size.width)×\(model.size.height); podline tui needs at least 40×10.")
                .frame(maxWidth: .max, maxHeight: .max)
        } else {
            VStack(alignment: .leading) {
                HStack(alignment: .top, spacing: 0) {
                    SidebarPane(model: model)
                        .frame(width: max(18, model.size.width / 4))
                    EpisodePane(model: model, player: model.player)
                        .frame(maxWidth: .max, maxHeight: .max)
                    if model.size.width >= Self.detailsFrom {
                        DetailsPane(model: model, player: model.player)
                            .frame(width: model.size.width / 3)
                    }
                }
                .frame(maxWidth: .max, maxHeight: .max)
                .overlay {
                    if model.showsHelp {
                        KeysPanel(keys: keys, width: model.size.width, height: model.size.height - 3)
                    } else if model.showsOutput, model.output.count > 1 {
                        OutputPanel(lines: model.output)
                    }
                }
                PlayerBar(model: model)
                BottomLine(model: model)
            }
        }
    }
}

/// The left pane: the views, then the shows with their unplayed episodes.
struct SidebarPane: View {
    let model: BrowseModel

    var body: some View {
        let focused = model.focus == .sidebar
        LazyList(Bindable(model).sidebarWindow) { index, isSelected in
            SidebarRow(model: model, index: index, state: RowState(selected: isSelected, focused: focused))
        }
        .onTapRow { index, _ in
            model.focus = .sidebar
            model.sidebarWindow.move(.to(index))
            model.open(model.sidebar[index].source)
        }
        .onScrollWheel { rows in model.sidebarWindow.scroll(by: rows) }
        .border(title: "Podline", style: CellStyle(bold: focused, dim: !focused))
    }
}

/// How a row is shown, in one word (a row view's value has no padding bytes, so an unchanged row is recognised and
/// not evaluated again).
struct RowState: Equatable {
    let bits: Int

    init(selected: Bool, focused: Bool, playing: Bool = false, showColumn: Bool = false) {
        bits = (selected ? 1 : 0) | (focused ? 2 : 0) | (playing ? 4 : 0) | (showColumn ? 8 : 0)
    }

    var selected: Bool { bits & 1 != 0 }
    var focused: Bool { bits & 2 != 0 }
    var playing: Bool { bits & 4 != 0 }
    var showColumn: Bool { bits & 8 != 0 }

    /// How the row's line is drawn: reversed and bold when selected in the focused list, underlined when selected in
    /// the other (both visible without colours).
    var lineStyle: CellStyle {
        CellStyle(bold: selected && focused, underline: selected && !focused, reverse: selected && focused)
    }
}

/// One view or show of the left pane (a click opens it: the list's tap).
struct SidebarRow: View {
    let model: BrowseModel
    let index: Int
    let state: RowState

    var body: some View {
        let item = model.sidebar[index]
        let count = item.count.flatMap { $0 > 0 ? "\($0)" : nil } ?? ""
        Columns(
            [
                Columns.Column(item.title),
                Columns.Column(count, width: DisplayWidth.of(count), alignment: .trailing, style: CellStyle(dim: !state.selected)),
            ], style: state.lineStyle)
    }
}

/// The middle pane: the chosen source's episodes (the filter's matches), newest first.
struct EpisodePane: View {
    let model: BrowseModel
    let player: Player

    var body: some View {
        let focused = model.focus == .list
        let playing = player.current?.ref
        let showColumn = !model.source.isShow
        // Read here, once: the list lists its rows again at every move, and a read of the model there would be observed
        // once a row (this body reads them anyway, and is evaluated again when they change).
        let (rows, shown, changed) = (model.rows, model.shown, model.changedRows)
        LazyList(Bindable(model).listWindow) { index, isSelected in
            BrowseRowView(
                model: model, index: index,
                state: RowState(
                    selected: isSelected, focused: focused, playing: (changed[shown[index]] ?? rows[shown[index]]).ref == playing,
                    showColumn: showColumn))
        }
        .onTapRow { index, count in
            model.focus = .list
            model.listWindow.move(.to(index))
            if count == 2 { model.run(model.row(model.shown[index]).command) }
        }
        .onScrollWheel { rows in model.listWindow.scroll(by: rows) }
        .border(title: title, style: CellStyle(bold: focused, dim: !focused))
    }

    private var title: String {
        var text = "\(model.source.title) (\(model.shown.count)"
        if model.shown.count != model.total { text += " of \(model.total)" }
        text += model.isLoading ? "…)" : ")"
        if let filter = model.filter { text += " /\(filter)" }
        return text
    }
}

extension BrowseSource {
    var isShow: Bool {
        if case .show = self { return true }
        return false
    }
}

/// One episode: its state, title, show (in views across shows), date and length (a click selects it, a double click
/// plays it: the list's tap).
struct BrowseRowView: View {
    let model: BrowseModel
    let index: Int
    let state: RowState

    var body: some View {
        let row = model.row(model.shown[index])
        let quiet = CellStyle(dim: !state.selected)
        var columns = [
            Columns.Column(mark(row), width: 1),
            Columns.Column(
                row.title + (row.favorite ? " ★" : "") + (row.downloaded ? " ↓" : ""),
                style: CellStyle(dim: row.played && !state.selected)),
        ]
        if state.showColumn { columns.append(Columns.Column(row.show, width: 16, style: quiet)) }
        if !row.isFindResult {
            columns.append(Columns.Column(TerminalOutput.day(row.published), width: 10, alignment: .trailing, style: quiet))
            columns.append(Columns.Column(length(row), width: 7, alignment: .trailing))
        }
        return Columns(columns, style: state.lineStyle)
    }

    /// The episode's length, or how much of it a download under way has received.
    private func length(_ row: BrowseRow) -> String {
        guard let transfer = model.transfers[row.ref] else { return TerminalOutput.duration(row.duration) }
        return transfer.map { "↓\(Int(($0 * 100).rounded(.down)))%" } ?? "↓…"
    }

    private func mark(_ row: BrowseRow) -> String {
        if state.playing { return "▶" }
        if row.isFindResult { return "+" }
        if row.played { return "✓" }
        if row.position > 0 { return "◐" }
        return "●"
    }
}
