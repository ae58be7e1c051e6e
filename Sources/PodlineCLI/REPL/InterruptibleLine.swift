import CLazyLibraries
import Dispatch
import Foundation
import PodlineApp

/// Runs a REPL line's command so that Ctrl-C cancels it at once: the command runs as a task of its own on the main
/// actor, and while it runs the main actor watches the pipe that Ctrl-C writes to (`TerminalSignals`; the line editor
/// polls it only while it reads a line). Ctrl-C cancels the task: network work (add, update, download, find, …) ends at
/// once, as its requests are cancelled with it. The REPL and its player go on.
@MainActor
enum InterruptibleLine {
    /// Runs `command`, watching `interruptFD` for Ctrl-C (no watching when nil); returns what it returned and whether
    /// Ctrl-C cancelled it.
    static func run<Value: Sendable>(
        watching interruptFD: Int32?, _ command: @escaping @MainActor () async -> Value
    ) async -> (value: Value, interrupted: Bool) {
        guard let interruptFD else { return (await command(), false) }
        let task = Task { @MainActor in await command() }
        let watch = Watch(task: task)
        let source = DispatchSource.makeReadSource(fileDescriptor: interruptFD, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { watch.signalled() } }
        source.resume()
        let value = await task.value
        source.cancel()
        // The line editor takes the pipe back, with a resize that came meanwhile.
        if watch.resized { TerminalSignals.postResize() }
        return (value, watch.interrupted)
    }

    /// What the pipe said while one command ran.
    @MainActor
    private final class Watch {
        let cancel: () -> Void
        private(set) var interrupted = false
        private(set) var resized = false

        init<Value>(task: Task<Value, Never>) {
            cancel = { task.cancel() }
        }

        func signalled() {
            let signals = TerminalSignals.take()
            resized = resized || signals.resized
            guard signals.interrupted, !interrupted else { return }
            interrupted = true
            // The terminal echoed ^C; what the command says next goes on a line of its own.
            podline_flush_standard_output()
            TerminalOutput.write("\n")
            cancel()
        }
    }
}
