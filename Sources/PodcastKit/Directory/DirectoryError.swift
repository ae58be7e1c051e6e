/// Why a directory gave no results, each with the exit status the command reports.
public enum DirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory could not be reached, failed, throttled or took too long (69).
    case unreachable(String)
    /// The directory refused the key (77).
    case refused(String)
    /// `[directory]` lacks what the directory needs (78).
    case settings(String)
    /// The directory answered outside its API (1).
    case answer(String)

    public var description: String {
        switch self {
        case .unreachable(let reason), .refused(let reason), .settings(let reason), .answer(let reason): reason
        }
    }
}
