import ArgumentParser
import PodcastKit

/// `podline fav REF`: toggles an episode's favourite flag (or sets it with --on/--off).
struct FavCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fav",
        abstract: CommandTable.summary(of: "fav"))

    @Argument(help: "The episode: SHOW/NUMBER or its id.")
    var ref: String

    @Flag(help: CommandTable.flagHelp("fav", "on"))
    var on = false

    @Flag(help: CommandTable.flagHelp("fav", "off"))
    var off = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        if on && off { throw ValidationError("--on and --off cannot be used together") }
    }

    func run() throws {
        do {
            let reference = try parseReference(ref)
            let store = try library.openStore()
            let (on, off) = (self.on, self.off)
            let (name, favorite) = try MainActor.assumeIsolated { () throws -> (String, Bool) in
                let model = Library(store: store)
                let episode = try model.episode(reference)
                let favorite = on ? true : off ? false : !episode.isFavorite
                try model.setFavorite(episode, favorite)
                return (episode.ref, favorite)
            }
            print("\(name): \(favorite ? "favourite" : "not a favourite")")
        } catch {
            throw libraryFailure(error)
        }
    }
}
