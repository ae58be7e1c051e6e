import Foundation
import Synchronization

/// A client's socket as two descriptors, one for its read source and one (a duplicate) for its write source: each
/// source's cancel handler closes its own, and the connection is over once both are closed. (Two sources on one
/// descriptor share one epoll registration in libdispatch, where a reader's readiness was seen to go unreported while
/// a writer waited for room.)
package final class SharedDescriptor: Sendable {
    package let readFD: Int32
    package let writeFD: Int32
    private let open: Mutex<Int>
    private let closed: @Sendable () -> Void

    /// `fd` and a duplicate of it; nil when no descriptor is left for the duplicate. `closed` runs once both are
    /// closed.
    package init?(_ fd: Int32, closed: @escaping @Sendable () -> Void) {
        let duplicate = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { return nil }
        readFD = fd
        writeFD = duplicate
        open = Mutex(2)
        self.closed = closed
    }

    /// Closes `fd` (one of the two), from its source's cancel handler.
    package func sourceEnded(closing fd: Int32) {
        close(fd)
        let last = open.withLock {
            $0 -= 1
            return $0 == 0
        }
        if last { closed() }
    }
}
