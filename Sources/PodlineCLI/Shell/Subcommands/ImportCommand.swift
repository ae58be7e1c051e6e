import ArgumentParser
import PodcastKit

/// `podline import FILE.opml`: subscribes to every feed of an OPML list.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: CommandTable.summary(of: "import"),
        discussion:
            "Only network feeds (http, https, feed, itpc, pcast) are subscribed; other outlines are skipped and counted (--verbose lists them). Feeds already subscribed are skipped. A feed that cannot be read now is still subscribed and reported; the exit status is then 2."
    )

    @Argument(help: "The OPML file.", completion: .file(extensions: ["opml", "xml"]))
    var file: String

    @OptionGroup var jobs: JobsOption

    @OptionGroup var feedOptions: FeedOptions

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        let cap = feedOptions.sizeCap
        let summary: ImportSummary
        do {
            let store = try library.openStore()
            let document = try OPMLImport.read(file)
            if Diagnostics.isVerbose {
                for warning in document.skipped { printError("\(file): \(warning)") }
            } else if !document.skipped.isEmpty {
                let count = document.skipped.count
                printError("\(file): skipped \(count) outline\(count == 1 ? "" : "s") without a network feed URL (--verbose lists them)")
            }
            summary = try await HTTPFetcher.with(decompressionLimit: cap) { [jobCount = jobs.count] http in
                try await OPMLImport(store: store, loader: FeedLoader(http: http, sizeCap: cap)).subscribe(
                    document.entries, jobs: jobCount)
            }
        } catch {
            throw libraryFailure(error)
        }
        for failure in summary.failures { printError(failure) }
        print(
            "Imported \(summary.added) feed\(summary.added == 1 ? "" : "s") (\(summary.alreadySubscribed) already subscribed, \(summary.failures.count) unreadable now)."
        )
        if !summary.failures.isEmpty { throw ExitCode(ExitStatus.unreadable) }
    }
}
