import Foundation
import Synchronization

/// Standard error for this program's own lines, kept apart from the C libraries' chatter.
///
/// Audio libraries (ALSA through libao, sndio, libpulse's plug-ins) write to descriptor 2 whenever they fail, at any
/// time and from any thread. Once one is about to be used, descriptor 2 points at /dev/null for good and this program
/// writes its own lines to a copy of the real standard error: nothing a library says reaches the terminal, and no
/// swap of descriptor 2 back and forth can lose a line of ours.
public enum StandardError {
    /// Where this program's own lines go (`own`), and whether the libraries are to be kept quiet (`wanted`).
    private static let state = Mutex<(own: Int32, wanted: Bool)>((STDERR_FILENO, false))

    /// Where this program's own messages go.
    public static var descriptor: Int32 { state.withLock { $0.own } }

    /// Whether this program's messages reach a terminal.
    public static var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Writes `text` as it is.
    public static func write(_ text: String) {
        let fd = descriptor
        _ = Array(text.utf8).withUnsafeBytes { WholeWrite.write($0, to: fd) }
    }

    /// Asks that the audio libraries be kept quiet from their first use on: a program's front end says so (the test
    /// harness of a library's tests, which reports on descriptor 2, does not).
    public static func keepLibrariesQuiet() {
        state.withLock { $0.wanted = true }
    }

    /// Points descriptor 2 at /dev/null, keeping the real standard error for `write`, when the program asked for it
    /// (once; later calls do nothing).
    static func quietLibraries() {
        state.withLock { state in
            guard state.wanted, state.own == STDERR_FILENO else { return }
            // No fflush(nil) before the swap: it would wait for standard input's lock, which a thread blocked in
            // readLine holds (the REPL reading a pipe), and the player would stop answering. C's stderr is unbuffered,
            // and this program's own lines never go through it.
            let copy = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            guard copy >= 0, null >= 0 else {
                if copy >= 0 { close(copy) }
                if null >= 0 { close(null) }
                return
            }
            dup2(null, STDERR_FILENO)
            close(null)
            state.own = copy
        }
    }
}
