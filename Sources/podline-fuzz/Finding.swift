/// Reports a broken parser promise in a way the fuzzer records as a crash.
enum Finding {
    /// Stops the process with `message` unless `condition` holds.
    static func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("podline-fuzz finding: \(message())") }
    }
}
