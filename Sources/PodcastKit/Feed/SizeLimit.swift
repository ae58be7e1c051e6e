/// Words for the size cap on feeds and OPML files.
enum SizeLimit {
    /// `larger than the 50 MB limit (52428900 bytes)`; the size is left out when unknown.
    static func exceeded(_ cap: Int, actual: Int? = nil) -> String {
        let limit = cap >= 1024 * 1024 && cap % (1024 * 1024) == 0 ? "\(cap / (1024 * 1024)) MB" : "\(cap)-byte"
        return "larger than the \(limit) limit" + (actual.map { " (\($0) bytes)" } ?? "")
    }
}
