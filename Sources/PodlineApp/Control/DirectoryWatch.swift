import Foundation

/// Wakes a waiting thread when an entry is created in a folder or moved into it (inotify).
final class DirectoryWatch {
    private let fd: Int32

    /// Watches `directory`; nil when it does not exist or the kernel allows no more watches.
    init?(_ directory: String) {
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        guard inotify_add_watch(fd, directory, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    /// Blocks the calling thread until an entry appears or `deadline` passes; true when one appeared.
    func wait(until deadline: ContinuousClock.Instant) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, Self.milliseconds(until: deadline))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            discardEvents()
            return true
        }
    }

    /// Reads the events that woke the wait, so that the next wait waits for new ones.
    private func discardEvents() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// The time left until `deadline`, rounded up to whole milliseconds (0 once past).
    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
