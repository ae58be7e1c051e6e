import ArgumentParser
import Foundation
import Logging
import PodcastKit

/// `podline chapters REF|FILE [--json]`: an episode's chapters, with their source.
struct ChaptersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapters",
        abstract: CommandTable.summary(of: "chapters"),
        discussion: """
            Chapters come from the feed's podcast:chapters file (fetched once and kept in the library), else its \
            Podlove Simple Chapters, else the MP3's ID3v2 tag (CHAP frames, in the order of a top-level CTOC); of a \
            URL only the tag is read, never the audio. Chapters that cannot be used (a broken file or frame, an end \
            before its start, chapters that overlap or are out of order) are passed over for the next source, with a \
            warning under --verbose. Without an argument, the running player's episode. JSON: {"source", \
            "chapters": [{"number", "title", "start", "end", "url", "image"}]}, times in seconds.
            """)

    @Argument(
        help: "An episode (\(EpisodeLookup.forms)), an MP3 file, or a URL of an MP3 or a chapters file (default: what plays).",
        completion: .file(extensions: ["mp3"]))
    var target: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        let list = try await chapters(of: try target ?? RunningPlayer.currentTarget())
        if json {
            print(Self.json(list).rendered)
        } else {
            Self.table(list).forEach { print($0) }
        }
    }

    /// The chapters of `target`: a local file, a URL, or a library episode (its chapters file fetched and kept
    /// when not kept yet).
    private func chapters(of target: String) async throws -> ChapterList {
        let warn: @Sendable (String) -> Void = { Logger(label: "podline.chapters").warning("\($0)") }
        if FileManager.default.fileExists(atPath: target) { return ChapterFinder.chapters(feed: [], file: target, warn: warn) }
        if target.hasPrefix("http://") || target.hasPrefix("https://") {
            return try await HTTPFetcher.with { http in
                do throws(ChapterError) {
                    return try await RemoteChapters.any(target, http: http!)
                } catch {
                    warn("\(target): chapters left out: \(error.reason)")
                    return ChapterList.none
                }
            }
        }
        do {
            let store = try library.openStore()
            let listing = try EpisodeLookup.require(target, in: store)
            let episode = listing.episode
            let fetched = try await HTTPFetcher.with(needed: ChaptersKeeper.needsFetch(episode)) { http in
                guard let http else { return episode.keptChapters }
                return await ChaptersKeeper(store: store, http: http).chapters(of: episode) { warn("\(listing.ref): \($0)") }
            }
            let file = episode.downloadPath.map { store.paths.file(forDownload: $0).path }
            return ChapterFinder.chapters(fetched: fetched, feed: episode.feedChapters, file: file, warn: warn)
        } catch {
            throw libraryFailure(error)
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
            let length = list.end(ofChapterAt: index, duration: nil).map { $0 - chapter.start }
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
