import Foundation
import Logging
import PodcastKit

extension LibraryTaskRunner {
    /// `chapters TARGET`: the chapters of a local file, a URL (its tag only), or a library episode (its chapters file
    /// fetched and kept when not kept yet), with where they come from.
    package func chapters(of target: String) async throws -> Int32 {
        let list = try await chapterList(of: target)
        output.value(Self.json(list))
        Self.table(list).forEach(output.line)
        return 0
    }

    func chapterList(of target: String) async throws -> ChapterList {
        let warn: @Sendable (String) -> Void = { Logger(label: "podline.chapters").warning("\($0)") }
        if FileManager.default.fileExists(atPath: target) { return ChapterFinder.chapters(feed: [], file: target, warn: warn) }
        if target.hasPrefix("http://") || target.hasPrefix("https://") {
            // The URL is the only source asked for: what went wrong is the answer (a private feed's host gets the
            // credentials the library keeps).
            useKeptCredentials()
            return try await HTTPFetcher.with { http in
                do throws(ChapterError) {
                    return try await RemoteChapters.any(target, http: http!)
                } catch {
                    throw CommandError(.unreadable, "\(target): \(error.reason)")
                }
            }
        }
        let store = try self.store
        let listing = try EpisodeLookup.require(target, in: store)
        let episode = listing.episode
        let fetched = try await HTTPFetcher.with(needed: ChaptersKeeper.needsFetch(episode)) { http in
            guard let http else { return episode.keptChapters }
            return await ChaptersKeeper(store: store, http: http).chapters(of: episode) { warn("\(listing.ref): \($0)") }
        }
        let file = episode.downloadPath.map { store.paths.file(forDownload: $0).path }
        return ChapterFinder.chapters(fetched: fetched, feed: episode.feedChapters, file: file, warn: warn)
    }

    /// The JSON form: the source and the chapters, numbered from 1.
    package static func json(_ list: ChapterList) -> JSONValue {
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
    package static func table(_ list: ChapterList) -> [String] {
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
