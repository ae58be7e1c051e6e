/// An item the player can play: a library episode, a local file or a URL.
public struct NowPlaying: Equatable, Hashable, Sendable, Identifiable {
    /// Identity: the episode reference, else the file path or URL.
    public var id: String { ref ?? url }
    /// The library's stable reference, for library episodes.
    public var ref: String?
    public var title: String
    public var show: String?
    /// A file path or an HTTP(S) URL.
    public var url: String
    /// Seconds, when known.
    public var duration: Double?

    public init(ref: String? = nil, title: String, show: String? = nil, url: String, duration: Double? = nil) {
        self.ref = ref
        self.title = title
        self.show = show
        self.url = url
        self.duration = duration
    }

    /// True for http and https URLs.
    public var isRemote: Bool { url.hasPrefix("http://") || url.hasPrefix("https://") }
}
