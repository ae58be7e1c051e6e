import Foundation
import Synchronization

/// Which process is the player: an exclusive lock on `player.lock` beside the control socket, taken before the
/// socket is bound and held while this process serves it. Taking it is atomic, so of two players started in the same
/// instant exactly one plays; the lock goes with the process (kill -9 included), so a stale socket is safe to replace.
package final class PlayerLock: Sendable {
    /// This process's lock, if it holds one.
    package static let shared = PlayerLock()

    /// The lock file's descriptor (-1 when not held) and its path.
    private let held = Mutex<(fd: Int32, path: String)>((-1, ""))

    /// Takes the lock in `directory` (already made safe); true when this process holds it now (or already did).
    package func acquire(in directory: String) -> Bool {
        held.withLock { held in
            let wanted = directory + "/player.lock"
            if held.fd >= 0 { return held.path == wanted }
            let opened = open(wanted, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard opened >= 0 else { return false }
            guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
                close(opened)
                return false
            }
            held = (opened, wanted)
            return true
        }
    }

    /// Lets another process become the player.
    package func release() {
        held.withLock { held in
            guard held.fd >= 0 else { return }
            close(held.fd)
            held.fd = -1
        }
    }

    /// Whether another process holds the lock in `directory` (it is the player, or about to be).
    package static func isHeldElsewhere(in directory: String) -> Bool {
        let opened = open(directory + "/player.lock", O_RDWR | O_CLOEXEC)
        guard opened >= 0 else { return false }
        defer { close(opened) }
        if flock(opened, LOCK_EX | LOCK_NB) == 0 {
            flock(opened, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }
}
