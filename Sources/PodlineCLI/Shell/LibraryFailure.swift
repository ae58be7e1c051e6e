import ArgumentParser
import PodcastKit

/// Prints a library, feed or download error as one line and turns it into the documented exit code.
func libraryFailure(_ error: any Error) -> ExitCode {
    switch error {
    case let error as ExitCode:
        return error
    case let error as FeedLoadError:
        printError(error.description)
        return ExitCode(ExitStatus.unreadable)
    case let error as FeedError:
        printError(error.description)
        return ExitCode(ExitStatus.unreadable)
    case let error as DownloadError:
        printError(error.description)
        return ExitCode(ExitStatus.unreadable)
    case let error as StoreError:
        printError(error.description)
        switch error {
        case .notFound: return ExitCode(ExitStatus.unreadable)
        case .invalid: return ExitCode(ExitStatus.usage)
        case .database, .alreadySubscribed, .refused: return ExitCode(ExitStatus.failure)
        }
    default:
        printError("\(error)")
        return ExitCode(ExitStatus.failure)
    }
}

/// The show `text` names (its slug, id or feed URL), or a `notFound` error that points at `podline shows`.
func findShow(_ text: String, in store: LibraryStore) throws(StoreError) -> ShowRecord {
    guard let show = try store.show(matching: text) else { throw .notFound("\(text): no such show (see podline shows)") }
    return show
}

/// Prints each of a feed's warnings (where it is not well-formed) as one line naming `feed`.
func printFeedWarnings(_ warnings: [String], feed: String) {
    for warning in warnings { printError("warning: \(feed): \(warning)") }
}
