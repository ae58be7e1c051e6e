import Foundation
import PodlineApp

/// Reads REPL lines on a thread of its own, one when asked: the line editor and `readLine` block until a line is typed,
/// and the main actor must go on serving the player meanwhile. The thread is a plain one, with the main thread's
/// signal mask (a dispatch worker's would block the terminal's signals).
///
/// `@unchecked Sendable`: the source (a line editor holding C handles) is used on this thread alone, from start to
/// close; the requests that reach it (a line to read, a line to record, the end) are held under the condition's lock.
final class LineReaderThread: @unchecked Sendable {
    private let source: any LineSource
    private let condition = NSCondition()
    private var asked: (prompt: String, answer: CheckedContinuation<String?, Never>)?
    private var recorded: [(line: String, failed: Bool)] = []
    private var closed = false
    /// Signalled once the source is closed (its history written).
    private let finished = DispatchSemaphore(value: 0)
    /// Where Ctrl-C arrives while no line is read, as the source says.
    let interruptFD: Int32?

    /// Starts the thread that reads from `source`, which is this thread's from now on.
    init(_ source: sending any LineSource) {
        interruptFD = source.interruptFD
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

    /// Notes a line that was run (for the history), on the reading thread before the next line is read.
    func record(_ line: String, failed: Bool) {
        condition.withLock {
            recorded.append((line, failed))
            condition.signal()
        }
    }

    /// Ends the thread once it is idle and waits (2 s at most) until the source is closed on it: a process that exited
    /// meanwhile could leave the history file cut short, truncated and not yet written.
    func close() {
        condition.withLock {
            closed = true
            condition.signal()
        }
        _ = finished.wait(timeout: .now() + 2)
    }

    private func serve() {
        while true {
            condition.lock()
            while asked == nil, recorded.isEmpty, !closed { condition.wait() }
            let request = asked
            let lines = recorded
            asked = nil
            recorded = []
            let ending = closed
            condition.unlock()
            for entry in lines { source.record(entry.line, failed: entry.failed) }
            if let request {
                request.answer.resume(returning: source.next(prompt: request.prompt))
            } else if ending {
                break
            }
        }
        source.close()
        finished.signal()
    }
}
