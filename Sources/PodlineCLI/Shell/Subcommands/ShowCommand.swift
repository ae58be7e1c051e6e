import ArgumentParser
import Foundation
import PodcastKit

/// `podline show SLUG [--json]`: one show's details, its description and its settings; `podline show SLUG set KEY
/// VALUE` and `unset KEY` change the show's own settings in config.toml.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: CommandTable.summary(of: "show"),
        discussion: "Settings: \(ShowSettingKey.all.map(\.name).joined(separator: ", ")).")

    @Argument(help: "The show: slug, id or feed URL.")
    var show: String

    @Argument(help: "set KEY VALUE, or unset KEY.")
    var change: [String] = []

    @Flag(help: "Print one JSON object.")
    var json = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        let record: ShowRecord
        do {
            record = try findShow(show, in: library.openStore())
        } catch {
            throw libraryFailure(error)
        }
        if !change.isEmpty {
            try ShowSettingChange(words: change).apply(toShow: record.slug)
            return
        }
        guard let config = Configuration.checkedFile() else { throw ExitCode(ExitStatus.config) }
        let settings = ShowSettingsListing(config: config, show: record.slug)
        let description = ShowNotes.forStandardOutput(record.description, json: json)
        if json {
            print(
                JSONValue.object([
                    ("slug", .string(record.slug)), ("title", .string(record.title)), ("author", .string(record.author)),
                    ("link", .string(record.link)), ("feed_url", .string(record.feedURL)),
                    ("episodes", .int(record.episodeCount)), ("unplayed", .int(record.unplayedCount)),
                    ("downloaded", .int(record.downloadedCount)), ("last_update", .string(record.lastUpdate.map(ISO8601.string))),
                    ("last_error", .string(record.lastError)), ("description", .string(record.description)),
                    ("notes", .string(description.text)),
                    ("settings", settings.json),
                ]).rendered)
            return
        }
        var lines = ["\(TerminalText.safe(record.displayTitle)) (\(record.slug))"]
        if let author = record.author { lines.append("Author: \(TerminalText.safe(author))") }
        if let link = record.link { lines.append("Link: \(TerminalText.safe(link))") }
        lines.append("Feed: \(TerminalText.safe(record.feedURL))")
        lines.append("Episodes: \(record.episodeCount), \(record.unplayedCount) unplayed, \(record.downloadedCount) downloaded")
        lines.append("Last update: \(record.lastUpdate.map(ISO8601.string) ?? "never")" + (record.lastError.map { " (\($0))" } ?? ""))
        lines.append("Settings (podline show \(record.slug) set KEY VALUE):")
        lines += settings.lines
        lines.forEach { print($0) }
        if !description.lines.isEmpty {
            print("")
            description.lines.forEach { print($0) }
        }
    }
}
