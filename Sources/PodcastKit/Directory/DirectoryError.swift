/// Why a directory gave no results, each with the exit status the command reports. (What `[directory]` lacks is the
/// command's own configuration error, found before any request.)
public enum DirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory could not be reached, failed, throttled or took too long (69).
    case unreachable(String)
    /// The directory refused the key (77).
    case refused(String)
    /// The directory answered outside its API (an HTML page, a 404, JSON that is not its own): it failed (69).
    case answer(String)

    public var description: String {
        switch self {
        case .unreachable(let reason), .refused(let reason), .answer(let reason): reason
        }
    }
}
