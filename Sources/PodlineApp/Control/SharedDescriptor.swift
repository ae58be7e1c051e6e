import Foundation
import Synchronization

/// A descriptor watched by several dispatch sources, closed by the cancel handler of the last of them to end, so that
/// no handler of the others can use it (or a descriptor given its number) afterwards.
package final class SharedDescriptor: Sendable {
    package let fd: Int32
    private let sourcesLeft: Mutex<Int>
    private let closed: @Sendable () -> Void

    /// `fd`, watched by `sources` sources; `closed` runs right after it is closed.
    package init(_ fd: Int32, sources: Int, closed: @escaping @Sendable () -> Void) {
        self.fd = fd
        sourcesLeft = Mutex(sources)
        self.closed = closed
    }

    /// Called by each source's cancel handler.
    package func sourceEnded() {
        let last = sourcesLeft.withLock {
            $0 -= 1
            return $0 == 0
        }
        guard last else { return }
        close(fd)
        closed()
    }
}
