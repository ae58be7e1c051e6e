import Foundation

/// Accepts a listening socket's clients on a thread of its own: accept(2) blocks, so neither the main actor nor a
/// thread of the shared pool waits in it. `stop` shuts the socket down and waits (a semaphore) until the thread has
/// left accept, so that the descriptor is closed only when nothing uses it any more.
package final class AcceptThread: Sendable {
    private let fd: Int32
    private let done = DispatchSemaphore(value: 0)

    /// Starts accepting on `fd`; `accepted` takes each client's descriptor (false: accept no more), and `stopping` says
    /// whether a failing accept is the socket being stopped.
    package init(fd: Int32, stopping: @escaping @Sendable () -> Bool, accepted: @escaping @Sendable (Int32) -> Bool) {
        self.fd = fd
        Thread.detachNewThread { [done] in
            defer { done.signal() }
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    if stopping() { return }
                    if errno == EMFILE || errno == ENFILE {
                        // Out of descriptors: one frees when a client leaves.
                        usleep(10_000)
                        continue
                    }
                    return
                }
                if !accepted(client) { return }
            }
        }
    }

    /// Wakes the thread out of accept and waits until it has ended.
    package func stop() {
        shutdown(fd, Int32(SHUT_RDWR))
        done.wait()
    }
}
