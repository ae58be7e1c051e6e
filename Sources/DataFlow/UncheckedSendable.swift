/// Carries a value across an isolation boundary the caller knows is safe.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
