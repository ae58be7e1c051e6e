import ArgumentParser
import Foundation
import PodcastKit

/// `podline export [PATH]`: writes the subscriptions as OPML 2.0.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the subscriptions as OPML 2.0 (to standard output, or to PATH).")

    @Argument(help: "The file to write; standard output when omitted or '-'.")
    var path: String?

    @OptionGroup var library: LibraryOptions

    func run() throws {
        let text: String
        do {
            let store = try library.openStore()
            text = OPMLWriter.write(try OPMLImport.document(of: store))
        } catch {
            throw libraryFailure(error)
        }
        guard let path, path != "-" else {
            print(text, terminator: "")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            printError("\(path): cannot write: \((error as NSError).localizedDescription)")
            throw ExitCode(ExitStatus.failure)
        }
    }
}
