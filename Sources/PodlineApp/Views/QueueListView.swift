import DataFlow

/// The queue listing: `1. Title`, one line per queued episode.
package struct QueueListView: View {
    package let titles: [String]
    package let style: ListStyle

    package init(titles: [String], style: ListStyle) {
        (self.titles, self.style) = (titles, style)
    }

    package var body: some View {
        VStack {
            ForEach(0..<titles.count) { index in
                QueueRowView(position: index + 1, title: titles[index], style: style)
            }
        }
    }
}

/// One queued episode's line.
package struct QueueRowView: View {
    package let position: Int
    package let title: String
    package let style: ListStyle

    package var body: some View {
        var line = LineSegments()
        line.add("\(position).", .dim)
        line.add(" " + TerminalText.safe(title))
        return Text(line.rendered(color: style.color, columns: style.columns))
    }
}
