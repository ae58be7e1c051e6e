/// A stable way to name an episode on the command line: `<show-slug>/<number>` or the database id.
public enum EpisodeReference: Sendable, Equatable, CustomStringConvertible {
    case showNumber(slug: String, number: Int)
    case id(Int64)

    /// Reads `text`; nil when it is neither form.
    public init?(_ text: String) {
        let trimmed = text.trimmingSpaces
        if let id = Int64(trimmed), id > 0 {
            self = .id(id)
            return
        }
        guard let slash = trimmed.lastIndex(of: "/") else { return nil }
        let slug = String(trimmed[..<slash])
        guard !slug.isEmpty, let number = Int(trimmed[trimmed.index(after: slash)...]), number > 0 else { return nil }
        self = .showNumber(slug: slug, number: number)
    }

    public var description: String {
        switch self {
        case .showNumber(let slug, let number): "\(slug)/\(number)"
        case .id(let id): String(id)
        }
    }
}
