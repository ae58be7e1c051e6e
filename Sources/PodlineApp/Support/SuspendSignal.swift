import Dispatch
import Foundation
import PodcastKit

/// Ctrl-Z in the interactive REPL or under `podline play`. A stopped process can neither play nor answer its clients,
/// so its own player is paused first (the engine ramps down, the place is saved, `status` says paused), one line says
/// so, and then the process stops with the default action. After `fg` it stays paused. The handler only writes a byte
/// on a pipe; the main actor does the rest.
@MainActor
package final class SuspendSignal {
    private var source: DispatchSourceRead?
    private let pause: @MainActor () -> Bool
    private let note: String
    private let beforeStop: @MainActor () -> Void
    private let afterContinue: @MainActor () -> Void

    /// Takes SIGTSTP; `pause` pauses the player and says whether it was playing, and `note` is the line then shown.
    /// `beforeStop` gives the terminal back as the shell expects it; `afterContinue` takes it again after `fg`.
    package init(
        note: String, pause: @escaping @MainActor () -> Bool, beforeStop: @escaping @MainActor () -> Void = {},
        afterContinue: @escaping @MainActor () -> Void = {}
    ) {
        self.pause = pause
        self.note = note
        self.beforeStop = beforeStop
        self.afterContinue = afterContinue
        let source = DispatchSource.makeReadSource(fileDescriptor: Self.pipeFDs.read, queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.suspend() } }
        source.resume()
        self.source = source
        signal(SIGTSTP, Self.onStop)
    }

    /// Pauses `player` through `dispatcher` and brings the change to the engine (`update`); true when it was playing.
    package static func pause(_ player: Player, with dispatcher: CommandDispatcher, update: () -> Void) -> Bool {
        guard player.state == .playing, (try? dispatcher.run(.pause)) != nil else { return false }
        update()
        return true
    }

    /// Gives SIGTSTP back its default action.
    package func cancel() {
        source?.cancel()
        source = nil
        signal(SIGTSTP, SIG_DFL)
    }

    private func suspend() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(Self.pipeFDs.read, &bytes, bytes.count) > 0 {}
        guard source != nil else { return }
        if pause() {
            // The engine takes the pause in (its short fade), and the line editor shows it, before the process stops.
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { [weak self] in
                MainActor.assumeIsolated { self?.stop(saying: self?.note) }
            }
        } else {
            stop()
        }
    }

    /// Stops the process as Ctrl-Z would have, after a line saying `note`; returns once it is continued.
    private func stop(saying note: String? = nil) {
        guard source != nil else { return }
        beforeStop()
        if let note { TerminalOutput.writeError("\r\npodline: \(note)\r\n") }
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        signal(SIGTSTP, Self.onStop)
        afterContinue()
    }

    nonisolated private static let pipeFDs: (read: Int32, write: Int32) = {
        var pair: [Int32] = [-1, -1]
        _ = pipe(&pair)
        for fd in pair {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (pair[0], pair[1])
    }()

    nonisolated private static let onStop: @convention(c) (Int32) -> Void = { _ in
        var byte: UInt8 = 1
        _ = write(SuspendSignal.pipeFDs.write, &byte, 1)
    }
}
