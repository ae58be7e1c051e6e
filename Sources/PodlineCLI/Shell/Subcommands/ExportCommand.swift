import ArgumentParser
import Foundation
import PodcastKit

/// `podline export [PATH]`: writes the subscriptions as OPML 2.0.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: CommandTable.summary(of: "export"))

    @Argument(help: "The file to write; standard output when omitted or '-'.")
    var path: String?

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

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
        if let reason = Self.writeAtomically(Array(text.utf8), to: path) {
            printError("\(path): cannot write: \(reason)")
            throw ExitCode(ExitStatus.failure)
        }
    }

    /// Writes `bytes` to a temporary file beside `path` and renames it into place; returns errno's reason on failure.
    private static func writeAtomically(_ bytes: [UInt8], to path: String) -> String? {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            return String(cString: strerror(failure))
        }
        return nil
    }
}
