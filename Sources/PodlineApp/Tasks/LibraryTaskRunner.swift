import Foundation
import PodcastKit

/// Runs library tasks (`add`, `update`, `download`, `import`, `inspect`, `chapters`, `transcript`, `config`) on the
/// library's model of one front end: the shell's, the REPL's or the player's behind the control socket. What the tasks
/// change goes through `editor`, so a player (here or elsewhere) shows it and its observers hear of it.
@MainActor
package struct LibraryTaskRunner {
    /// The library's model the tasks change.
    package let editor: LibraryEditor
    /// Where they say what they did.
    package let output: TaskOutput
    /// What the player plays now (its episode's reference, else its file or URL), for `chapters` and `transcript` named
    /// nothing; nil when it plays nothing. Throws when no player runs.
    package let playing: @MainActor () throws(CommandError) -> String?
    /// Where `update --notify` says what was new: the desktop's notifications, where the front end has them.
    package let notifier: Notifier
    /// Where the player is in what it plays, for `link` named nothing; nil when it plays nothing.
    package let position: @MainActor () -> Double?

    package init(
        editor: LibraryEditor, output: TaskOutput, notifier: Notifier = .silent,
        position: @escaping @MainActor () -> Double? = { nil },
        playing: @escaping @MainActor () throws(CommandError) -> String?
    ) {
        (self.editor, self.output, self.notifier, self.playing) = (editor, output, notifier, playing)
        self.position = position
    }

    /// Runs `task`; returns the exit status (2 when part of it could not be read and the rest went on). A failure of
    /// the whole task is thrown.
    package func run(_ task: LibraryTask) async throws(CommandError) -> Int32 {
        do {
            switch task {
            case .add(let feed, let sizeCap, let user, let passwordCommand):
                return try await add(feed, sizeCap: sizeCap, user: user, passwordCommand: passwordCommand)
            case .update(let shows, let jobs, let sizeCap, let notify):
                return try await update(shows, jobs: jobs, sizeCap: sizeCap, notify: notify)
            case .schedule(let action): return try schedule(action)
            case .download(let targets, let new, let limit, let keep):
                return try await download(targets, new: new, limit: limit, keep: keep)
            case .importOPML(let file, let jobs, let sizeCap): return try await importOPML(file, jobs: jobs, sizeCap: sizeCap)
            case .inspect(let feed, let sizeCap): return try await inspect(feed, sizeCap: sizeCap)
            case .chapters(let target): return try await chapters(of: try target ?? requirePlaying())
            case .transcript(let target, let at, let follow): return try await transcript(target, at: at, follow: follow)
            case .config(let defaults): return try config(defaults: defaults)
            case .link(let target, let time): return try link(target, at: time)
            case .clip(let request): return try await clip(request)
            case .bookmark(let words): return try bookmark(words)
            case .removeBookmark(let id): return try removeBookmark(id)
            case .sync(let status): return try await status ? syncStatus() : sync()
            case .find(let terms, let limit, let directory, let language, let category):
                return try await find(terms, limit: limit, directory: directory, language: language, category: category)
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError(library: error)
        }
    }

    /// The library's store, opened on first use.
    package var store: LibraryStore {
        get throws(StoreError) { try editor.library().store }
    }

    /// Makes the credentials the library keeps for private feeds known to this process's HTTP requests (they are loaded
    /// when the library opens), for a task that fetches a URL it was given; a library not made yet is not made.
    package func useKeptCredentials() {
        guard FileManager.default.fileExists(atPath: editor.paths.database.path) else { return }
        _ = try? store
    }

    /// What plays now; one error line when nothing does.
    package func requirePlaying() throws(CommandError) -> String {
        guard let playing = try playing() else { throw CommandError(.noPlayer, "nothing is playing: give an episode, a file or a URL") }
        return playing
    }

    /// Problem lines for each of a feed's warnings (where it is not well-formed), naming `feed`.
    package func warn(_ warnings: [String], feed: String) {
        for warning in warnings { output.problem("warning: \(feed): \(warning)") }
    }
}

extension CommandError {
    /// A library, feed or download failure as one line and its documented exit status: what cannot be read is
    /// unreadable (2), a store's refusal a failure (1).
    package init(library error: any Error) {
        switch error {
        case let error as CommandError: self = error
        case let error as StoreError: self.init(error)
        case let error as FeedLoadError where error.refusedCredentials:
            self.init(.refused, "\(error.location): the server refused the username or password (HTTP \(error.status ?? 401))")
        case let error as FeedLoadError where error.needsCredentials:
            self.init(
                .refused,
                "\(error.location): the feed needs a username and password (HTTP 401): give them with add --user NAME, or in its URL as NAME:PASSWORD@ before the host"
            )
        case let error as FeedLoadError: self.init(.unreadable, error.description)
        case let error as FeedError: self.init(.unreadable, error.description)
        case let error as DownloadError: self.init(.unreadable, error.description)
        default: self.init(.failed, "\(error)")
        }
    }
}
