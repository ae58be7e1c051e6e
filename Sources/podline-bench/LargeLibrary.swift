import Foundation

/// A library of 500,000 episodes (200 shows × 2,500), filled the way a user would: `podline add` of each
/// show's feed file.
struct LargeLibrary {
    static let shows = 200
    static let episodesPerShow = 2500

    /// The library folder (`--home`).
    let home: String
    /// The reference of one show, for listing its episodes.
    let firstShow: String

    /// Fills the library in `home`, or reuses it when a previous run completed it there.
    static func make(in home: String, workspace: Workspace) throws -> LargeLibrary {
        let marker = home + "/complete"
        if let slug = try? String(contentsOfFile: marker, encoding: .utf8), !slug.isEmpty {
            return LargeLibrary(home: home, firstShow: slug)
        }
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-library"))
        var firstShow = ""
        let start = Date()
        for show in 0..<shows {
            // Each show has its own file: the path is the feed's address, and a second add of it would refresh.
            let feed = home + "/show-\(show).xml"
            defer { try? FileManager.default.removeItem(atPath: feed) }
            if show % 20 == 0 { Progress.say("filling the library: show \(show + 1) of \(shows)") }
            try BenchFeeds.libraryShow(show, episodes: episodesPerShow).write(toFile: feed, atomically: true, encoding: .utf8)
            let said = try Subprocess.capture(workspace.podline, ["add", feed, "--home", home], environment: environment)
            if show == 0 {
                // "Added SLUG: Title (N episodes)"
                guard said.hasPrefix("Added "), let colon = said.firstIndex(of: ":") else {
                    throw BenchError("podline add said '\(said)', not 'Added SLUG: …'")
                }
                firstShow = String(said[said.index(said.startIndex, offsetBy: 6)..<colon])
            }
        }
        Progress.say(String(format: "library filled in %.0f s", Date().timeIntervalSince(start)))
        try firstShow.write(toFile: marker, atomically: true, encoding: .utf8)
        return LargeLibrary(home: home, firstShow: firstShow)
    }
}
