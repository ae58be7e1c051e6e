import Foundation

/// Reads a value again and again, `every` seconds apart, until `condition` holds or `timeout` seconds pass; returns the
/// last value read (which may not satisfy `condition`: the caller's expectation says what was wanted).
public func poll<Value>(
    timeout: TimeInterval, every interval: TimeInterval = 0.1, _ read: () throws -> Value, until condition: (Value) -> Bool
) rethrows -> Value {
    let deadline = Date().addingTimeInterval(timeout)
    var last = try read()
    while !condition(last), Date() < deadline {
        usleep(useconds_t(interval * 1_000_000))
        last = try read()
    }
    return last
}
