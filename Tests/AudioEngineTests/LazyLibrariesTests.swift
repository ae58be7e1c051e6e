import CLazyLibraries
import Foundation
import Testing

@testable import AudioEngine

/// The optional C libraries: each one's symbols are looked up together when it is loaded, and a library that lacks
/// one is refused with a message naming it (never an exit from C).
@Suite("optional C libraries")
struct LazyLibrariesTests {
    static let all: [podline_library] = (0..<PODLINE_LIBRARY_COUNT.rawValue).map { podline_library(rawValue: $0) }

    static func probe(_ library: podline_library, _ file: String) -> (Int32, String) {
        var message = [CChar](repeating: 0, count: 512)
        let result = podline_library_probe(library, file, &message, message.count)
        return (result, message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    @Test("Debian's libraries have every symbol Podline calls")
    func everySymbolIsThere() {
        for library in Self.all {
            let soname = String(cString: podline_library_soname(library))
            let (result, message) = Self.probe(library, soname)
            #expect(result == 0, "\(soname): \(message)")
        }
    }

    @Test("a library without one of the symbols is refused, naming the symbol; the library in use is untouched")
    func missingSymbol() throws {
        try AudioLibraries.require(PODLINE_LIBRARY_MPG123)
        // libao has none of libmpg123's functions: the first one listed is reported.
        let (result, message) = Self.probe(PODLINE_LIBRARY_MPG123, "libao.so.4")
        #expect(result == -1)
        #expect(message == "libao.so.4 has no mpg123_new")
        let (absent, reason) = Self.probe(PODLINE_LIBRARY_MPG123, "libpodline-absent.so.9")
        #expect(absent == -1 && reason.contains("libpodline-absent.so.9"), "\(reason)")
        // The table of the loaded libmpg123 still works: a decoder opens.
        _ = try Decoders.openFed(streamNamed: "probe")
    }
}
