/// A publisher's value carried from the thread it was emitted on to the main actor's next update.
///
/// `@unchecked Sendable`: `onReceive` takes publishers of any output, as SwiftUI's does, so the value need not be
/// `Sendable`; it is handed over once (the emitting thread keeps no use of it) and read on the main actor alone.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
