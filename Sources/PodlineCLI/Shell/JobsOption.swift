import ArgumentParser

/// `--jobs N` of the commands that fetch several feeds at once; without it, config.toml's `update_jobs`.
struct JobsOption: ParsableArguments {
    @Option(help: "How many feeds to fetch at once.")
    var jobs: Int?

    /// `--jobs`, else config.toml's `update_jobs`, else its default.
    var count: Int { jobs ?? Configuration.settings.updateJobs }

    func validate() throws {
        guard (jobs ?? 1) >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }
}
