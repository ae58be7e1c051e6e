import Foundation

/// Waits, blocking the calling thread, for something another process does that sends no notice (a player binding
/// its socket, a descriptor freed), looking again every `interval` seconds until `deadline`: the one place a thread of
/// Podline's sleeps to poll. Returns the first non-nil `attempt`, or nil when `goOn` says to stop or the time is up.
package func pollingWait<T>(
    until deadline: Date, every interval: Double, goOn: () -> Bool = { true }, attempt: () -> T?
) -> T? {
    while true {
        if let found = attempt() { return found }
        guard Date() < deadline, goOn() else { return nil }
        usleep(useconds_t(interval * 1_000_000))
    }
}
