/// What tells a listed child from its siblings: its place in the list, a whole-number identity (a row's index, the
/// common `id: \.self` over indices) or any other identity. Places and whole numbers are kept without `AnyHashable`,
/// whose boxing of each key was a tenth of mounting a long list.
enum ChildKey: Hashable {
    case position(Int)
    case number(Int)
    case identity(AnyHashable)

    /// `id` as a key: a whole number as it is, anything else boxed.
    init<ID: Hashable>(_ id: ID) {
        if ID.self == Int.self {
            self = .number(unsafeBitCast(id, to: Int.self))
        } else {
            self = .identity(AnyHashable(id))
        }
    }
}
