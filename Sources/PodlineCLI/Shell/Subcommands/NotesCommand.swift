import ArgumentParser
import Foundation
import PodcastKit

/// `podline notes REF [--json]`: an episode's details and its show notes, rendered for a terminal.
struct NotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: CommandTable.summary(of: "notes"),
        discussion: """
            Paragraphs are wrapped to the terminal's width (80 elsewhere), lists shown as bullets, emphasis in bold on a \
            terminal, and links numbered and listed at the end. --json adds the raw HTML (description) and the text (notes).
            """)

    @Argument(help: "The episode: \(EpisodeLookup.forms).")
    var ref: String

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let listing: EpisodeListing
        let paths: LibraryPaths
        do {
            let store = try library.openStore()
            paths = store.paths
            listing = try EpisodeLookup.require(ref, in: store)
        } catch {
            throw libraryFailure(error)
        }
        let episode = listing.episode
        let notes = ShowNotes.forStandardOutput(episode.description, json: json)
        let file = episode.downloadPath.map { paths.file(forDownload: $0).path }
        if json {
            print(
                JSONValue.object([
                    ("ref", .string(listing.ref)), ("show", .string(listing.showSlug)), ("show_title", .string(listing.showTitle)),
                    ("title", .string(episode.title)), ("published", .string(episode.published.map(ISO8601.string))),
                    ("duration", .number(episode.duration)), ("size", .int(episode.enclosureLength)), ("file", .string(file)),
                    ("position", .number(episode.position)), ("played", .bool(episode.isPlayed)),
                    ("description", .string(episode.description)), ("notes", .string(notes.text)),
                    ("links", .array(notes.links.map { .string($0) })),
                ]).rendered)
            return
        }
        var header = ["\(TerminalText.safe(episode.title ?? listing.ref)) (\(listing.ref))"]
        header.append("Show: \(TerminalText.safe(listing.showTitle ?? listing.showSlug))")
        var facts: [String] = []
        if let published = episode.published { facts.append("Published: \(ISO8601.string(published).prefix(10))") }
        if let duration = episode.duration { facts.append("Duration: \(TerminalOutput.duration(duration))") }
        if let size = episode.enclosureLength { facts.append(String(format: "Size: %.1f MB", Double(size) / 1_000_000)) }
        if !facts.isEmpty { header.append(facts.joined(separator: "   ")) }
        header.append("File: \(file ?? "not downloaded")")
        if episode.isPlayed {
            header.append("Played")
        } else if episode.position > 0 {
            header.append("In progress: \(TerminalOutput.duration(episode.position))")
        } else {
            header.append("New")
        }
        header.forEach { print($0) }
        if !notes.lines.isEmpty {
            print("")
            notes.lines.forEach { print($0) }
        }
    }
}
