import DataFlow
import Foundation
import PodcastKit
import PodlineApp
import Synchronization

/// Keeps the latest status line for the line editor and wakes it (through a pipe) when the line changes.
@MainActor
final class StatusFeed {
    private var host: ViewHost<StatusLineView>?
    /// The latest text and the pipe, shared with the editor's thread.
    nonisolated let shared: SharedStatus

    init(player: Player) {
        let shared = SharedStatus()
        self.shared = shared
        let host = ViewHost(StatusLineView(player: player) { shared.set($0, state: $1) })
        host.updatesAutomatically = true
        self.host = host
    }

    /// Stops following the player.
    func stop() {
        host?.updatesAutomatically = false
        host = nil
    }
}

/// The status text and a wake-up pipe, safe to use from any thread.
final class SharedStatus: Sendable {
    private let latest = Mutex((text: "", state: "stopped"))
    private let fds: [Int32]

    init() {
        var pair: [Int32] = [-1, -1]
        if pipe(&pair) == 0 {
            _ = fcntl(pair[0], F_SETFL, O_NONBLOCK)
            _ = fcntl(pair[1], F_SETFL, O_NONBLOCK)
        }
        fds = pair
    }

    /// The end the editor polls.
    var readFD: Int32 { fds[0] }

    /// Stores `line` and the play state and wakes the editor.
    func set(_ line: String, state: String) {
        latest.withLock { $0 = (line, state) }
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
    }

    /// Takes the latest line and play state, emptying the pipe.
    func take() -> (line: String, state: String) {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(fds[0], &scratch, scratch.count) > 0 {}
        return latest.withLock { ($0.text, $0.state) }
    }
}
