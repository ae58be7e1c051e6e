/// A library operation that could not be done, with its reason.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database could not be opened or written (path and SQLite's reason).
    case database(String)
    /// A reference that names nothing in the library.
    case notFound(String)
    /// A reference or argument that is malformed.
    case invalid(String)
    /// The feed is already in the library.
    case alreadySubscribed(String)
    /// The change cannot be made now (the episode is playing, say).
    case refused(String)
    /// The library was written by a newer Podline: its schema has migrations this one does not know.
    case newer(String)

    public var description: String {
        switch self {
        case .database(let reason), .notFound(let reason), .invalid(let reason), .alreadySubscribed(let reason), .refused(let reason),
            .newer(let reason):
            reason
        }
    }
}
