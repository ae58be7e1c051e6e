import DataFlow
import Foundation
import PodcastKit

/// The full-screen view: shows and views on the left, the episodes of the one chosen in the middle, details on the
/// right from 120 columns on, the player bar and the message or command line at the bottom; the keys' help or a
/// command's output over the lists when asked for. Below 40 by 10 it only says how small the terminal is.
struct BrowseScreen: View {
    let model: BrowseModel
    let keys: KeyMap

    static let smallest = CellSize(width: 40, height: 10)

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
                    if model.size.width >= 120 {
                        DetailsPane(model: model, player: model.player)
                            .frame(width: model.size.width / 3)
                    }
                }
                .frame(maxWidth: .max, maxHeight: .max)
                .overlay {
                    if model.showsHelp {
                        KeysPanel(keys: keys, height: model.size.height - 3)
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
            SidebarRow(item: model.sidebar[index], isSelected: isSelected, isFocused: focused)
                .onTapGesture { _ in
                    model.focus = .sidebar
                    model.sidebarWindow.move(.to(index))
                    model.open(model.sidebar[index].source)
                }
        }
        .onScrollWheel { rows in model.sidebarWindow.scroll(by: rows) }
        .border(title: "Podline", style: CellStyle(bold: focused, dim: !focused))
    }
}

/// One view or show of the left pane.
struct SidebarRow: View {
    let item: SidebarItem
    let isSelected: Bool
    let isFocused: Bool

    var body: some View {
        HStack(spacing: 1) {
            Text(item.title)
            Spacer()
            if let count = item.count, count > 0 { Text("\(count)").dim(!isSelected) }
        }
        .frame(maxWidth: .max, alignment: .leading)
        .highlighted(isSelected && isFocused)
        .underline(isSelected && !isFocused)
    }
}

/// The middle pane: the chosen source's episodes (the filter's matches), newest first.
struct EpisodePane: View {
    let model: BrowseModel
    let player: Player

    var body: some View {
        let focused = model.focus == .list
        let playing = player.current?.ref
        let showColumn = !(model.source.isShow)
        LazyList(Bindable(model).listWindow) { index, isSelected in
            BrowseRowView(
                row: model.rows[model.shown[index]], isSelected: isSelected, isFocused: focused,
                isPlaying: model.rows[model.shown[index]].ref == playing, showColumn: showColumn
            )
            .onTapGesture { _ in
                model.focus = .list
                model.listWindow.move(.to(index))
            }
            .onTapGesture(count: 2) { _ in
                model.focus = .list
                model.listWindow.move(.to(index))
                model.run(model.rows[model.shown[index]].command)
            }
        }
        .onScrollWheel { rows in model.listWindow.scroll(by: rows) }
        .border(title: title, style: CellStyle(bold: focused, dim: !focused))
    }

    private var title: String {
        var text = "\(model.source.title) (\(model.shown.count)"
        if model.shown.count != model.rows.count { text += " of \(model.rows.count)" }
        text += ")"
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

/// One episode: its state, title, show (in views across shows), date and length.
struct BrowseRowView: View {
    let row: BrowseRow
    let isSelected: Bool
    let isFocused: Bool
    let isPlaying: Bool
    let showColumn: Bool

    private var mark: String {
        if isPlaying { return "▶" }
        if row.isFindResult { return "+" }
        if row.played { return "✓" }
        if row.position > 0 { return "◐" }
        return "●"
    }

    var body: some View {
        HStack(spacing: 1) {
            Text(mark)
            Text(row.title + (row.favorite ? " ★" : "") + (row.downloaded ? " ↓" : ""))
                .frame(maxWidth: .max, alignment: .leading)
                .dim(row.played && !isSelected)
            if showColumn { Text(row.show).frame(width: 16, alignment: .leading).dim(!isSelected) }
            if !row.isFindResult {
                Text(TerminalOutput.day(row.published)).frame(width: 10, alignment: .trailing).dim(!isSelected)
                Text(TerminalOutput.duration(row.duration)).frame(width: 7, alignment: .trailing)
            }
        }
        .frame(maxWidth: .max, alignment: .leading)
        .highlighted(isSelected && isFocused)
        .underline(isSelected && !isFocused)
    }
}
