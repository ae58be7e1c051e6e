import Foundation

/// Looking after the 500,000-episode library, each a fresh podline process: `remove` of a show of
/// 10,000 episodes (goal: at most 100 ms) and `notes` of one of its episodes (goal: at most 20 ms).
enum LibraryCareBench {
    /// Episodes of the show that is removed.
    static let removedEpisodes = 10_000

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let base = try CareLibrary.make(workspace)
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-care"))
        let scratch = workspace.path("care-run")
        let notes = ["notes", base.slug + "/1", "--home", base.home]
        let said = try Subprocess.capture(workspace.podline, notes, environment: environment)
        guard said.contains("[1] https://") else {
            throw BenchError("podline notes printed no numbered links:\n\(said.prefix(400))")
        }
        let removeName = "`remove` of a \(Quantity.grouped(removedEpisodes))-episode show"
        let notesName = "`notes REF` (HTML show notes with links and a list)"
        let medians = try Alternation.measure(
            "library care", runs: workspace.options.runs,
            [
                Contender(name: removeName) {
                    try base.copy(to: scratch)
                    let sample = try Subprocess.run(workspace.podline, ["remove", base.slug, "--home", scratch], environment: environment)
                    let left = try Subprocess.capture(workspace.podline, ["shows", "--home", scratch], environment: environment)
                    guard !left.contains(base.slug) else { throw BenchError("podline remove left \(base.slug) in the library") }
                    return sample
                },
                Contender(name: notesName) { try Subprocess.run(workspace.podline, notes, environment: environment) },
            ])
        for (name, goal) in [(removeName, 0.1), (notesName, 0.02)] {
            guard let measured = medians[name] else { continue }
            report.add(
                BenchRow(
                    group: "library", what: "same library: " + name, podline: .seconds(measured.wall), cpu: .seconds(measured.cpu),
                    goal: .atMost(.seconds(goal)), runs: measured.runs))
        }
    }
}

/// The 500,000-episode library with one more show of 10,000 episodes whose notes are HTML, kept in its
/// own folder so that each `remove` run starts from a copy of it.
struct CareLibrary {
    let home: String
    let slug: String

    static func make(_ workspace: Workspace) throws -> CareLibrary {
        let library = try workspace.largeLibrary()
        let home = workspace.path("care-library")
        let marker = home + "/complete"
        if let slug = try? String(contentsOfFile: marker, encoding: .utf8), !slug.isEmpty {
            return CareLibrary(home: home, slug: slug)
        }
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: library.home + "/library.sqlite", toPath: home + "/library.sqlite")
        let feed = home + "/care-show.xml"
        defer { try? FileManager.default.removeItem(atPath: feed) }
        try BenchFeeds.htmlShow(episodes: LibraryCareBench.removedEpisodes).write(toFile: feed, atomically: true, encoding: .utf8)
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-care"))
        let said = try Subprocess.capture(workspace.podline, ["add", feed, "--home", home], environment: environment)
        // "Added SLUG: Title (N episodes)"
        guard said.hasPrefix("Added "), let colon = said.firstIndex(of: ":") else {
            throw BenchError("podline add said '\(said)', not 'Added SLUG: …'")
        }
        let slug = String(said[said.index(said.startIndex, offsetBy: 6)..<colon])
        try slug.write(toFile: marker, atomically: true, encoding: .utf8)
        return CareLibrary(home: home, slug: slug)
    }

    /// Replaces `folder` with a copy of this library's database.
    func copy(to folder: String) throws {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/library.sqlite"
        try FileManager.default.copyItem(atPath: home + "/library.sqlite", toPath: copy)
        // Written out now, so that the measured command's own fsync does not pay for the copy.
        let descriptor = open(copy, O_RDONLY)
        guard descriptor >= 0, fsync(descriptor) == 0 else { throw BenchError("\(copy): cannot sync the copy") }
        close(descriptor)
    }
}
