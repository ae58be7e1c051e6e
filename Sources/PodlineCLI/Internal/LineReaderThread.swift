import Foundation
import PodlineApp

/// Reads REPL lines on a thread of its own, one when asked: the line editor and `readLine` block until a line is typed,
/// and the main actor must go on serving the player meanwhile. The thread is a plain one, with the main thread's
/// signal mask (a dispatch worker's would block the terminal's signals).
final class LineReaderThread: @unchecked Sendable {
    private let source: any LineSource
    private let condition = NSCondition()
    private var asked: (prompt: String, answer: CheckedContinuation<String?, Never>)?
    private var closed = false

    /// Starts the thread that reads from `source`.
    init(_ source: any LineSource) {
        self.source = source
        Thread.detachNewThread { [self] in serve() }
    }

    /// The next line, or nil at end of input.
    func next(prompt: String) async -> String? {
        await withCheckedContinuation { answer in
            condition.withLock {
                asked = (prompt, answer)
                condition.signal()
            }
        }
    }

    /// Ends the thread once it is idle; the source is closed on it.
    func close() {
        condition.withLock {
            closed = true
            condition.signal()
        }
    }

    private func serve() {
        while true {
            condition.lock()
            while asked == nil, !closed { condition.wait() }
            let request = asked
            asked = nil
            condition.unlock()
            guard let request else { break }
            request.answer.resume(returning: source.next(prompt: request.prompt))
        }
        source.close()
    }
}
