import Foundation

/// Ends the long-lived helpers this benchmark started (sound server, player, HTTP server) and removes its
/// working folder when the benchmark is interrupted (SIGINT, SIGTERM, SIGHUP), then exits 130.
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()

    private let lock = NSLock()
    private var helpers: Set<pid_t> = []
    private var folder: String?
    private var sources: [any DispatchSourceSignal] = []

    /// Starts listening for the termination signals; `folder` is removed on interruption (nil keeps it).
    func install(removing folder: String?) {
        lock.withLock { self.folder = folder }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in interrupted() }
            source.resume()
            sources.append(source)
        }
    }

    /// Remembers a helper process to end on interruption.
    func track(_ pid: pid_t) {
        lock.withLock { _ = helpers.insert(pid) }
    }

    /// Forgets a helper that has ended.
    func forget(_ pid: pid_t) {
        lock.withLock { _ = helpers.remove(pid) }
    }

    private func interrupted() {
        let (pids, folder) = lock.withLock { (helpers, self.folder) }
        for pid in pids { kill(pid, SIGTERM) }
        usleep(200_000)
        for pid in pids where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
        FileHandle.standardError.write(Data("podline-bench: interrupted\n".utf8))
        exit(130)
    }
}
