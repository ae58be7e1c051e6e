import Foundation
import PodcastKit
import PodlineApp

/// What the shell completes an argument of a command of the language to (`podline play sh<TAB>`): the REPL's
/// completion of the command table (flags, show slugs, episode references, fixed words), and file paths where the
/// table says files.
enum ShellCompletion {
    /// The candidates for the word at `index` of `words` (the shell's words, `podline` first), of which `prefix` is
    /// typed; as ArgumentParser's custom completion asks.
    @Sendable static func candidates(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let typed = words.dropFirst().prefix(max(0, index - 1))
        let before = typed.map { Tokenizer.quote($0) }.joined(separator: " ") + " "
        switch Completer(paths: LibraryPaths.configured()).candidates(before: before, word: prefix, in: .shell) {
        case .words(let candidates): return candidates
        case .files: return files(prefix)
        }
    }

    /// The entries of the folder `prefix` names whose names go on with its last part; folders end in a slash.
    static func files(_ prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let expanded = folder.hasPrefix("~") ? NSString(string: folder).expandingTildeInPath + "/" : folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: expanded.isEmpty ? "." : expanded)) ?? []
        return names.filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: expanded + name, isDirectory: &isFolder)
            return folder + name + (exists && isFolder.boolValue ? "/" : "")
        }
    }
}
