import ArgumentParser
import Foundation
import Logging
import PodcastKit

/// `podline chapters REF|FILE [--json]`: an episode's chapters, with their source.
struct ChaptersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapters",
        abstract: CommandTable.summary(of: "chapters"),
        discussion: """
            An episode's chapters come from its feed (Podlove Simple Chapters), else from the MP3's ID3v2 tag (CHAP frames, \
            in the order of a top-level CTOC) of a file or of a downloaded episode; only the tag is read. Chapters that cannot be used (a broken frame, an end before its \
            start, chapters that overlap) are left out, with a warning under --verbose. JSON: {"source", "chapters": \
            [{"number", "title", "start", "end", "url", "image"}]}, times in seconds.
            """)

    @Argument(help: "An episode (SHOW/NUMBER or its id) or an MP3 file.", completion: .file(extensions: ["mp3"]))
    var target: String

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let file: String?
        var fromFeed: [Chapter] = []
        if FileManager.default.fileExists(atPath: target) {
            file = target
        } else {
            do {
                let store = try library.openStore()
                let listing = try store.episode(try parseReference(target))
                file = listing.episode.downloadPath.map { store.paths.file(forDownload: $0).path }
                fromFeed = listing.episode.feedChapters
            } catch {
                throw libraryFailure(error)
            }
        }
        let list = ChapterFinder.chapters(feed: fromFeed, file: file) { Logger(label: "podline.chapters").warning("\($0)") }
        if json {
            print(Self.json(list).rendered)
        } else {
            Self.table(list).forEach { print($0) }
        }
    }

    /// The JSON form: the source and the chapters, numbered from 1.
    static func json(_ list: ChapterList) -> JSONValue {
        .object([
            ("source", .string(list.source?.rawValue)),
            (
                "chapters",
                .array(
                    list.chapters.enumerated().map { index, chapter in
                        .object([("number", .int(Int64(index + 1)))] + chapter.jsonFields)
                    })
            ),
        ])
    }

    /// The table form: number, start, duration and title; one line saying so when there are none.
    static func table(_ list: ChapterList) -> [String] {
        guard let source = list.source, !list.chapters.isEmpty else { return ["No chapters."] }
        var lines = ["Chapters (\(source.rawValue)):"]
        for (index, chapter) in list.chapters.enumerated() {
            let next = index + 1 < list.chapters.count ? list.chapters[index + 1].start : nil
            let length = (chapter.end ?? next).map { $0 - chapter.start }
            let number = String(index + 1).leftPadded(to: 3)
            let start = TerminalOutput.duration(chapter.start).leftPadded(to: 8)
            let duration = TerminalOutput.duration(length).leftPadded(to: 8)
            lines.append("\(number)  \(start)  \(duration)  \(TerminalText.safe(chapter.title ?? "(untitled)"))")
        }
        return lines
    }
}

extension String {
    /// The string with spaces in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
