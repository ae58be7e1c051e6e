import PodcastKit
import PodlineApp

/// Tab on the full-screen view's command line: the REPL's completion of the word being typed (commands, flags, shows,
/// references, words the table lists), to the one candidate, or to what all candidates share.
enum CommandLineCompletion {
    static func complete(_ line: String, paths: LibraryPaths) -> String {
        let start = line.lastIndex(of: " ").map { line.index(after: $0) } ?? line.startIndex
        let before = String(line[..<start])
        let word = String(line[start...])
        guard case .words(let candidates) = Completer(paths: paths).candidates(before: before, word: word), let first = candidates.first
        else { return line }
        if candidates.count == 1 { return before + first + (first.hasSuffix("/") ? "" : " ") }
        var shared = first
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(shared) { shared.removeLast() }
        }
        return shared.count > word.count ? before + shared : line
    }
}
