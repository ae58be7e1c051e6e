import Foundation

extension Process {
    /// Sends SIGKILL, as a crash would, when it still runs (never to a reaped pid, which may belong to another process
    /// by now), and waits for it to go; true when it was running.
    @discardableResult
    public func killNow() -> Bool {
        guard isRunning else { return false }
        kill(processIdentifier, SIGKILL)
        waitUntilExit()
        return true
    }

    /// Waits up to `timeout` seconds for the exit; its status, or nil when it was still running (then it is killed).
    public func exitStatus(within timeout: TimeInterval) -> Int32? {
        _ = poll(timeout: timeout, every: 0.01, { isRunning }, until: { !$0 })
        guard !killNow() else { return nil }
        waitUntilExit()
        return terminationStatus
    }
}
