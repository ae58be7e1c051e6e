/// C pointers a bus callback got on the main thread, carried into `MainActor.assumeIsolated` on that same thread.
///
/// `@unchecked Sendable`: the pointers never leave the thread that got them (the callback runs on the main thread,
/// where the bus is read, and `assumeIsolated` runs its body there at once); the compiler cannot see that the
/// isolation boundary it checks is crossed without a change of thread.
struct SameThread<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
