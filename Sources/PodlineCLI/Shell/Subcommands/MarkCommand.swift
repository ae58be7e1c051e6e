import ArgumentParser
import Foundation
import PodcastKit

/// `podline mark REF|SHOW… played|unplayed [--older-than AGE] [--before DATE]`: one episode, several, whole shows,
/// or a catch-up by date.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: CommandTable.summary(of: "mark"),
        discussion: """
            A show (its slug) stands for all its episodes. --older-than (30d, 2w, 12h) and --before (YYYY-MM-DD) keep \
            only episodes published before then; with no episode or show named they apply to every show (catch up).
            """)

    /// The states an episode can be marked with.
    enum State: String, CaseIterable {
        case played, unplayed
    }

    @Argument(help: ArgumentHelp("Episodes (SHOW/NUMBER or ids) or shows, then played or unplayed.", valueName: "ref|show… state"))
    var words: [String]

    @Option(help: CommandTable.flagHelp("mark", "older-than"))
    var olderThan: String?

    @Option(help: CommandTable.flagHelp("mark", "before"))
    var before: String?

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        guard let last = words.last, State(rawValue: last) != nil else {
            throw ValidationError("the last word must be played or unplayed")
        }
        if words.count == 1, olderThan == nil, before == nil {
            throw ValidationError("name an episode or a show, or catch up with --older-than or --before")
        }
        if let olderThan, Self.age(olderThan) == nil {
            throw ValidationError("--older-than takes an age such as 30d, 2w or 12h, not '\(olderThan)'")
        }
        if let before, Self.date(before) == nil {
            throw ValidationError("--before takes a date YYYY-MM-DD, not '\(before)'")
        }
    }

    func run() throws {
        let state = State(rawValue: words.last!)!
        let targets = Array(words.dropLast())
        var cutoff: Date?
        if let olderThan, let age = Self.age(olderThan) { cutoff = Date().addingTimeInterval(-age) }
        if let before, let date = Self.date(before) { cutoff = min(cutoff ?? date, date) }
        do {
            let store = try library.openStore()
            var episodeIDs: [Int64] = []
            var showIDs: [Int64] = []
            var single: String?
            for target in targets {
                if let reference = EpisodeReference(target) {
                    let listing = try store.episode(reference)
                    if let id = listing.episode.id { episodeIDs.append(id) }
                    single = targets.count == 1 && cutoff == nil ? listing.ref : nil
                } else if target.contains("/") {
                    _ = try parseReference(target)
                } else if let show = try store.show(matching: target), let id = show.id {
                    showIDs.append(id)
                } else {
                    throw StoreError.notFound("\(target): no such episode or show")
                }
            }
            if !showIDs.isEmpty || targets.isEmpty {
                episodeIDs += try store.episodeIDs(showIDs: showIDs, publishedBefore: cutoff)
            }
            let changed = try store.setPlayed(episodeIDs: Array(Set(episodeIDs)).sorted(), state == .played)
            if let single {
                print("\(single): \(state.rawValue)")
            } else {
                print("Marked \(changed) episode\(changed == 1 ? "" : "s") \(state.rawValue)")
            }
        } catch {
            throw libraryFailure(error)
        }
    }

    /// Seconds in an age: `30d`, `2w`, or a TIME (`12h`, `90m`).
    static func age(_ text: String) -> Double? {
        let units: [Character: Double] = ["d": 86_400, "w": 604_800]
        if let last = text.last, let scale = units[last], let value = Double(text.dropLast()), value >= 0, value.isFinite {
            return value * scale
        }
        return TimeSpec.seconds(text)
    }

    /// Midnight UTC of a `YYYY-MM-DD` date.
    static func date(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }
}
