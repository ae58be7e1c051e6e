import CLazyLibraries
import Cedit
import Foundation

/// What libedit's C callbacks reach: they cannot capture, so their state lives here, used only by the editor's thread
/// (and, for the interrupt pipe, by the signal handler).
enum EditorCallbacks {
    /// What the line handler received.
    enum Result {
        case pending
        case line(String)
        case endOfInput
    }

    nonisolated(unsafe) static var result: Result = .pending
    nonisolated(unsafe) static var completer: Completer?
    nonisolated(unsafe) static var matches: [String] = []
    nonisolated(unsafe) static var interruptWriteFD: Int32 = -1

    /// Receives a finished line (nil at Ctrl-D on an empty line).
    static let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
        guard let line else {
            EditorCallbacks.result = .endOfInput
            return
        }
        EditorCallbacks.result = .line(String(decoding: UnsafeRawBufferPointer(start: line, count: strlen(line)), as: UTF8.self))
        free(line)
    }

    /// Chooses what Tab completes: words from the completer, or file names (by leaving it to libedit).
    static let complete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = {
        text, start, _ in
        let word = text.map { String(cString: $0) } ?? ""
        let buffer = podline_rl_line_buffer().map { String(cString: $0) } ?? ""
        let before = String(decoding: Array(buffer.utf8.prefix(Int(start))), as: UTF8.self)
        guard let completer = EditorCallbacks.completer else { return nil }
        switch completer.candidates(before: before, word: word) {
        case .files:
            podline_rl_set_completion_over(0)
            return nil
        case .words(let words):
            podline_rl_set_completion_over(1)
            // A show slug completes to `slug/`: the episode number follows without a space.
            podline_rl_set_completion_append_character(words.allSatisfy { $0.hasSuffix("/") } ? 0 : 32)
            EditorCallbacks.matches = words
            guard !words.isEmpty else { return nil }
            return rl_completion_matches(text, EditorCallbacks.generate)
        }
    }

    /// Hands libedit the matches one by one, as malloc'd strings.
    static let generate: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
        let index = Int(state)
        guard index < EditorCallbacks.matches.count else { return nil }
        return strdup(EditorCallbacks.matches[index])
    }

    /// Ctrl-C: tells the editor's loop through a pipe.
    static let interrupt: @convention(c) (Int32) -> Void = { _ in
        var byte: UInt8 = 1
        _ = write(EditorCallbacks.interruptWriteFD, &byte, 1)
    }
}
