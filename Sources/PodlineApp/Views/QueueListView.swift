import DataFlow

/// The queue listing: `1. Title`, one line per queued episode.
struct QueueListView: View {
    let titles: [String]
    let style: ListStyle

    var body: some View {
        VStack {
            ForEach(0..<titles.count) { index in
                QueueRowView(position: index + 1, title: titles[index], style: style)
            }
        }
    }
}

/// One queued episode's line.
struct QueueRowView: View {
    let position: Int
    let title: String
    let style: ListStyle

    var body: some View {
        var line = LineSegments()
        line.add("\(position).", .dim)
        line.add(" " + TerminalText.safe(title))
        return Text(line.rendered(color: style.color, columns: style.columns))
    }
}
