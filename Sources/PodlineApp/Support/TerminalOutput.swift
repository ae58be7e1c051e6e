import AudioEngine
import CLazyLibraries
import Foundation
import PodcastKit

/// Facts about where output goes, and small helpers for plain-text listings.
package enum TerminalOutput {
    /// True when standard error is a terminal (progress displays go there).
    package static var stderrIsTerminal: Bool { StandardError.isTerminal }

    /// Writes `text` to standard error without a newline (for `\r` progress lines).
    package static func writeError(_ text: String) {
        StandardError.write(text)
    }

    /// Prints one NDJSON line on standard output.
    package static func printJSON(_ value: JSONValue) {
        print(value.rendered)
    }

    /// Writes `value` and a newline to standard output in one write, without going through `String`.
    package static func writeJSON(_ value: JSONValue) {
        writeLine(value.renderedBytes)
    }

    /// Writes `bytes` and a newline to standard output.
    @discardableResult
    package static func writeLine(_ bytes: [UInt8]) -> Bool {
        var bytes = bytes
        bytes.append(UInt8(ascii: "\n"))
        return writeBytes(bytes)
    }

    /// Writes `text` to standard output at once (not buffered); false when it is gone.
    @discardableResult
    package static func write(_ text: String) -> Bool {
        writeBytes(Array(text.utf8))
    }

    /// Writes `bytes` to standard output, all of them unless it is gone; false when it is gone.
    @discardableResult
    package static func writeBytes(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(writeBytes)
    }

    /// Writes `buffer` to standard output, all of it unless it is gone (a closed pipe, a terminal hung up: EPIPE,
    /// EIO), which is never a crash; false then.
    @discardableResult
    package static func writeBytes(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        podline_flush_standard_output()
        return WholeWrite.write(UnsafeRawBufferPointer(buffer), to: 1)
    }

    /// `3725` as `1:02:05`, `65` as `1:05`.
    package static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return "-" }
        return ClockText.of(seconds)
    }

    /// The date part of an ISO timestamp, or `-`.
    package static func day(_ date: Date?) -> String {
        guard let date else { return "-" }
        return String(ISO8601.string(date).prefix(10))
    }

    /// `text` cut to `width` characters with an ellipsis.
    package static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    /// `text` padded with spaces to `width` characters.
    package static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
