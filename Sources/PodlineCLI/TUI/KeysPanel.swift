import DataFlow
import Foundation
import PodlineApp

/// The keys, in a box over the lists: each action's keys and what it does, in as many columns as the height needs,
/// the descriptions wrapped (as little as the width allows) rather than cut.
struct KeysPanel: View {
    let keys: KeyMap
    /// The columns the lists have (the box's own borders included).
    let width: Int
    /// The rows the lists have (the box's own lines included).
    let height: Int

    var body: some View {
        let entries = KeyAction.allCases.map { action in
            KeysLayout.Entry(keys: keys.keys(of: action).map(\.name).joined(separator: " "), summary: action.summary)
        }
        // The box takes two columns of border and two of padding, and two rows of border.
        let layout = KeysLayout(entries: entries, width: width - 4, rows: height - 2)
        HStack(alignment: .top, spacing: KeysLayout.gap) {
            ForEach(Array(layout.columns.enumerated()), id: \.offset) { _, column in
                VStack(alignment: .leading) {
                    ForEach(Array(column.lines.enumerated()), id: \.offset) { _, line in
                        Columns(
                            [
                                Columns.Column(line.keys, width: column.keysWidth, style: CellStyle(bold: true)),
                                Columns.Column(line.summary),
                            ], spacing: 1)
                    }
                }
                .frame(width: column.width)
            }
        }
        .padding(.horizontal, 1)
        .border(title: "Keys (any key closes)")
        .background(.standard)
    }
}

/// How the keys' help is laid out in `width` by `rows` cells: entries in order down each column, an entry never split
/// between columns, each column as wide as its keys and its longest line. Descriptions are wrapped at the widest
/// measure for which the columns fit (and then the columns take the whole width); when none does (a very small
/// terminal), each takes one line and is cut.
struct KeysLayout: Equatable {
    /// One action: its keys' names and what it does.
    struct Entry: Equatable {
        let keys: String
        let summary: String
    }

    /// A line of a column: the keys on an entry's first line only.
    struct Line: Equatable {
        let keys: String
        let summary: String
    }

    struct Column: Equatable {
        let lines: [Line]
        /// The cells of the keys (the widest keys of the column).
        let keysWidth: Int
        /// The column's cells: its keys, a space and its descriptions.
        let width: Int
    }

    /// The cells between two columns.
    static let gap = 2
    /// The narrowest measure descriptions are wrapped at (no word of theirs is longer, so none is broken).
    static let narrowest = 10

    let columns: [Column]

    init(entries: [Entry], width: Int, rows: Int) {
        let rows = max(1, rows)
        let widest = entries.map { DisplayWidth.of($0.summary) }.max() ?? 0
        for measure in stride(from: widest, through: Self.narrowest, by: -1) {
            let columns = Self.columns(of: entries, wrappedAt: measure, rows: rows)
            let slack = width - columns.reduce(0, { $0 + $1.width }) - Self.gap * (columns.count - 1)
            // A column taller than the rows (an entry wrapped to more lines than there are) does not fit either.
            guard slack >= 0, columns.allSatisfy({ $0.lines.count <= rows }) else { continue }
            // Wrapped descriptions fill the width: the columns share what is left over, and the box covers the lists.
            let spread = measure < widest ? slack : 0
            self.columns = columns.enumerated().map { index, column in
                let extra = spread / columns.count + (index < spread % columns.count ? 1 : 0)
                return Column(lines: column.lines, keysWidth: column.keysWidth, width: column.width + extra)
            }
            return
        }
        // Nothing fits: one line an entry, the columns sharing the width alike, their descriptions cut.
        let count = (entries.count + rows - 1) / rows
        let share = max(0, (width - Self.gap * max(0, count - 1)) / max(1, count))
        columns = stride(from: 0, to: entries.count, by: rows).map { start in
            let chunk = entries[start..<min(entries.count, start + rows)]
            return Column(
                lines: chunk.map { Line(keys: $0.keys, summary: $0.summary) },
                keysWidth: min(share, chunk.map { DisplayWidth.of($0.keys) }.max() ?? 0), width: share)
        }
    }

    /// `entries` with their descriptions wrapped at `measure`, filled down columns of `rows` lines.
    private static func columns(of entries: [Entry], wrappedAt measure: Int, rows: Int) -> [Column] {
        var chunks: [[(keys: String, lines: [String])]] = [[]]
        var used = 0
        for entry in entries {
            let lines = DisplayWidth.wrap(entry.summary, columns: measure)
            if used + lines.count > rows, used > 0 {
                chunks.append([])
                used = 0
            }
            chunks[chunks.count - 1].append((entry.keys, lines))
            used += lines.count
        }
        return chunks.map { chunk in
            let keysWidth = chunk.map { DisplayWidth.of($0.keys) }.max() ?? 0
            let lines = chunk.flatMap { entry in
                entry.lines.enumerated().map { Line(keys: $0.offset == 0 ? entry.keys : "", summary: $0.element) }
            }
            return Column(lines: lines, keysWidth: keysWidth, width: keysWidth + 1 + (lines.map { DisplayWidth.of($0.summary) }.max() ?? 0))
        }
    }
}
