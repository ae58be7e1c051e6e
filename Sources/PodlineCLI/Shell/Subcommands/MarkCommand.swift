import ArgumentParser
import PodcastKit

/// `podline mark REF played|unplayed`.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: CommandTable.summary(of: "mark"))

    /// The states an episode can be marked with.
    enum State: String, ExpressibleByArgument, CaseIterable {
        case played, unplayed
    }

    @Argument(help: "The episode: SHOW/NUMBER or its id.")
    var ref: String

    @Argument(help: "played or unplayed.")
    var state: State

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() throws {
        do {
            let reference = try parseReference(ref)
            let store = try library.openStore()
            let played = state == .played
            let name = try MainActor.assumeIsolated { () throws -> String in
                let model = Library(store: store)
                let episode = try model.episode(reference)
                try model.setPlayed(episode, played)
                return episode.ref
            }
            print("\(name): \(state.rawValue)")
        } catch {
            throw libraryFailure(error)
        }
    }
}
