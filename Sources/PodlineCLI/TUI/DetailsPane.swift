import DataFlow
import Foundation
import PodcastKit
import PodlineApp

/// The right pane (from 120 columns on): the selected episode's details and show notes with their links numbered;
/// for the episode playing, its chapters and the transcript following playback.
struct DetailsPane: View {
    let model: BrowseModel
    let player: Player

    var body: some View {
        VStack(alignment: .leading) {
            if let row = model.selectedRow {
                Text(row.title).bold().lineLimit(2)
                Text([row.show, TerminalOutput.day(row.published), TerminalOutput.duration(row.duration)].joined(separator: " · ")).dim()
                if row.ref == player.current?.ref {
                    PlayingDetails(player: player)
                }
                NotesView(details: model.details(of: row))
            } else {
                Text("Nothing selected").dim()
            }
            Spacer()
        }
        .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
        .border(title: "Details", style: CellStyle(dim: true))
    }
}

/// The playing episode's chapter list (the one heard marked) and the transcript's cue being heard.
struct PlayingDetails: View {
    let player: Player

    var body: some View {
        let current = player.currentChapter?.number
        let chapters = player.chapters.chapters
        VStack(alignment: .leading) {
            if !chapters.isEmpty {
                Text("Chapters").bold()
                ForEach(Array(chapters.prefix(8).enumerated()), id: \.offset) { index, chapter in
                    Text("\(index + 1 == current ? "▶" : " ") \(TerminalOutput.duration(chapter.start)) \(chapter.title ?? "")")
                        .lineLimit(1)
                }
            }
            if let cue = player.currentCue {
                Text("Transcript").bold()
                Text((cue.speaker.map { "\($0): " } ?? "") + cue.text).lineLimit(4)
            }
        }
    }
}

/// What the details pane shows of an episode below its title: the feed's people, soundbites and funding, then the
/// show notes.
struct EpisodeDetails {
    let extras: [String]
    let notes: ShowNotes
}

/// The feed's people, soundbites and funding, then the show notes as text, the links numbered in it and listed at
/// its end: one text, so that the pane holds as many views whatever the feed says.
struct NotesView: View {
    let details: EpisodeDetails

    var body: some View {
        Text(((details.extras.isEmpty ? [] : details.extras + [""]) + details.notes.lines).joined(separator: "\n"))
    }
}

/// The bottom line: the command line or the filter while typed, else the last message and the help key.
struct BottomLine: View {
    let model: BrowseModel

    var body: some View {
        let help = " ? keys"
        let helpColumn = Columns.Column(help, width: DisplayWidth.of(help), style: CellStyle(dim: true))
        if let typed = model.commandLine.map({ ":" + $0 }) ?? (model.isFiltering ? "/" + (model.filter ?? "") : nil) {
            // What is typed, its end kept in view, and a block for the cursor after it.
            let room = max(0, model.size.width - DisplayWidth.of(help) - 1)
            let shown = Self.end(of: typed, fitting: room)
            Columns(
                [
                    Columns.Column(shown, width: DisplayWidth.of(shown)), Columns.Column(" ", width: 1, style: CellStyle(reverse: true)),
                    Columns.Column(""), helpColumn,
                ], spacing: 0)
        } else {
            Columns([Columns.Column(model.message), helpColumn], spacing: 0)
        }
    }

    /// The longest end of `text` that takes at most `columns`, found from its end (a paste of thousands of characters
    /// costs what is shown of it).
    static func end(of text: String, fitting columns: Int) -> String {
        var start = text.endIndex
        var width = 0
        while start > text.startIndex {
            let before = text.index(before: start)
            let next = width + DisplayWidth.of(text[before])
            if next > columns { break }
            width = next
            start = before
        }
        return String(text[start...])
    }
}

/// The lines a typed command printed, in a box over the lists.
struct OutputPanel: View {
    let lines: [String]

    var body: some View {
        VStack(alignment: .leading) {
            ForEach(Array(lines.suffix(200).enumerated()), id: \.offset) { _, line in
                Text(line).lineLimit(1)
            }
        }
        .frame(maxWidth: .max, alignment: .topLeading)
        .padding(.horizontal, 1)
        .border(title: "Output (Escape closes)")
        .background(.standard)
    }
}
