/// The context of the current state-processing update: above all, its animation.
///
/// Changes made inside `withTransaction` or `withAnimation` carry that
/// transaction; while the host updates views and runs change handlers for
/// those changes, `Transaction.current` is that transaction.
public struct Transaction: Sendable {
    /// The animation of the changes, or `nil` for immediate changes.
    public var animation: Animation?
    /// Whether views should ignore the animations of this transaction.
    public var disablesAnimations: Bool

    /// Creates a transaction without an animation.
    public init() {
        animation = nil
        disablesAnimations = false
    }

    /// Creates a transaction with an animation.
    public init(animation: Animation?) {
        self.animation = animation
        disablesAnimations = false
    }

    /// The transaction of the changes being made or processed right now.
    @MainActor public internal(set) static var current = Transaction()

    /// True when this transaction carries no animation and no flags.
    var isPlain: Bool {
        animation == nil && !disablesAnimations
    }
}

/// Executes a closure with the specified transaction and returns the result.
///
/// Changes made before the call are processed first, in their own update,
/// so that the closure's changes are shown together, with this transaction.
@MainActor
public func withTransaction<Result>(
    _ transaction: Transaction,
    _ body: () throws -> Result
) rethrows -> Result {
    ViewGraph.flushAll()
    let outer = Transaction.current
    Transaction.current = transaction
    defer {
        Transaction.current = outer
        ViewGraph.assignTransaction(transaction)
    }
    return try body()
}

/// Executes a closure with the transaction's property at `keyPath` set to `value`.
@MainActor
public func withTransaction<Result, Value>(
    _ keyPath: WritableKeyPath<Transaction, Value>,
    _ value: Value,
    _ body: () throws -> Result
) rethrows -> Result {
    var transaction = Transaction.current
    transaction[keyPath: keyPath] = value
    return try withTransaction(transaction, body)
}

/// Returns the result of recomputing the view's body with the provided animation.
///
/// The changes made in `body` are shown in one update whose transaction
/// carries `animation`.
@MainActor
public func withAnimation<Result>(
    _ animation: Animation? = .default,
    _ body: () throws -> Result
) rethrows -> Result {
    var transaction = Transaction.current
    transaction.animation = animation
    return try withTransaction(transaction, body)
}
