import CLazyLibraries
import Foundation
import PodlineApp
import Synchronization

/// While the full-screen view owns the terminal, standard output and standard error go into a pipe instead: what
/// commands print (and any warning of a library) becomes the view's message, never stray bytes over the frame. A
/// thread of its own reads the pipe, line by line.
final class OutputCapture: Sendable {
    private let savedOutput: Int32
    private let savedError: Int32
    private let readEnd: Int32
    private let restored = Atomic<Bool>(false)

    /// Takes fds 1 and 2; each complete line is handed to `line` on the main actor.
    init?(line: @escaping @MainActor @Sendable (String) -> Void) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        podline_flush_all()
        savedOutput = dup(1)
        savedError = dup(2)
        readEnd = fds[0]
        dup2(fds[1], 1)
        dup2(fds[1], 2)
        close(fds[1])
        let readEnd = readEnd
        Thread.detachNewThread {
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &chunk, chunk.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending += chunk[0..<count]
                while let newline = pending.firstIndex(of: 0x0A) {
                    let text = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeFirst(newline + 1)
                    DispatchQueue.main.async { MainActor.assumeIsolated { line(text) } }
                }
            }
            close(readEnd)
        }
    }

    /// Gives fds 1 and 2 back (what is still buffered goes to the pipe first).
    func restore() {
        guard !restored.exchange(true, ordering: .relaxed) else { return }
        podline_flush_all()
        dup2(savedOutput, 1)
        dup2(savedError, 2)
        close(savedOutput)
        close(savedError)
    }
}

/// Flushes the buffered standard output (standard error is not buffered).
private func podline_flush_all() {
    podline_flush_standard_output()
}
