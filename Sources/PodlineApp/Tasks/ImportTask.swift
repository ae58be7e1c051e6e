import PodcastKit

extension LibraryTaskRunner {
    /// `import FILE.opml`: subscribes to every network feed of an OPML list; each new show goes through the library's
    /// model. A feed that cannot be read now is subscribed all the same and reported (status 2).
    package func importOPML(_ file: String, jobs: Int?, sizeCap: Int) async throws -> Int32 {
        let store = try self.store
        let document = try OPMLImport.read(file)
        if Diagnostics.isVerbose {
            for warning in document.skipped { output.problem("\(file): \(warning)") }
        } else if !document.skipped.isEmpty {
            let count = document.skipped.count
            output.problem("\(file): skipped \(count) outline\(count == 1 ? "" : "s") without a network feed URL (--verbose lists them)")
        }
        let jobCount = jobs ?? Configuration.settings.updateJobs
        let summary = try await HTTPFetcher.with(decompressionLimit: sizeCap) { http in
            try await OPMLImport(store: store, loader: FeedLoader(http: http, sizeCap: sizeCap)).subscribe(
                document.entries, jobs: jobCount)
        }
        let library = try editor.library()
        for show in summary.subscribed {
            if let id = show.id { library.show(.subscribed(showID: id, feedURL: show.feedURL)) }
        }
        for failure in summary.failures { output.problem(failure) }
        output.line(
            "Imported \(summary.added) feed\(summary.added == 1 ? "" : "s") (\(summary.alreadySubscribed) already subscribed, \(summary.failures.count) unreadable now)."
        )
        output.value(
            .object([
                ("added", .int(summary.added)), ("already_subscribed", .int(summary.alreadySubscribed)),
                ("unreadable", .array(summary.failures.map(JSONValue.string))),
            ]))
        return summary.failures.isEmpty ? 0 : ExitStatus.unreadable
    }
}
