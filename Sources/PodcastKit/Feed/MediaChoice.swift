/// Which file to play or download when a feed offers an episode in several: the formats the listener prefers, in
/// order (`prefer_format`), and the highest bit rate wanted (`max_bitrate`).
public struct MediaChoice: Sendable, Equatable {
    /// Formats, the most wanted first; none: the feed's order.
    public var formats: [MediaFormat]
    /// Bits a second; nil: no limit.
    public var maxBitrate: Double?

    public init(formats: [MediaFormat] = [], maxBitrate: Double? = nil) {
        self.formats = formats
        self.maxBitrate = maxBitrate
    }

    /// The file of `files` (the enclosure first) to use. With a limit, the files known to be within it come first,
    /// the highest bit rate first, then those of unknown bit rate; when none is within it, the lowest one alone. Of
    /// those, the first in the first preferred format one of them has, else the first.
    public func choose(_ files: [Enclosure]) -> Enclosure? {
        var candidates = files
        if let maxBitrate {
            let within = files.filter { $0.bitrate.map { $0 <= maxBitrate } ?? false }.sorted { $0.bitrate! > $1.bitrate! }
            let unknown = files.filter { $0.bitrate == nil }
            candidates = within + unknown
            if candidates.isEmpty, let lowest = files.min(by: { $0.bitrate! < $1.bitrate! }) { candidates = [lowest] }
        }
        for format in formats {
            if let found = candidates.first(where: format.matches) { return found }
        }
        return candidates.first
    }
}
