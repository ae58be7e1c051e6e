import Foundation

/// A format a listener may prefer when a feed offers an episode in several files (`prefer_format`), and how an
/// enclosure is recognised as one: by its declared type, else by its file name.
public enum MediaFormat: String, CaseIterable, Sendable {
    case mp3, m4a, opus, vorbis, flac, wav

    /// The names `prefer_format` takes, for messages.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// The format `name` names (any case): its own name, or `aac` and `mp4` for m4a, `ogg` for vorbis.
    public init?(name: String) {
        switch name.lowercased() {
        case "aac", "mp4": self = .m4a
        case "ogg": self = .vorbis
        case let other: self.init(rawValue: other)
        }
    }

    /// MIME types of the format (lowercased, parameters left out).
    private var types: [String] {
        switch self {
        case .mp3: ["audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg", "audio/x-mp3"]
        case .m4a: ["audio/mp4", "audio/x-m4a", "audio/m4a", "audio/aac", "audio/x-aac", "video/mp4", "audio/mp4a-latm"]
        case .opus: ["audio/opus", "audio/ogg; codecs=opus"]
        case .vorbis: ["audio/vorbis", "audio/ogg", "audio/x-vorbis+ogg"]
        case .flac: ["audio/flac", "audio/x-flac"]
        case .wav: ["audio/wav", "audio/x-wav", "audio/wave", "audio/vnd.wave"]
        }
    }

    /// File name extensions of the format.
    private var extensions: [String] {
        switch self {
        case .mp3: ["mp3"]
        case .m4a: ["m4a", "m4b", "mp4", "aac"]
        case .opus: ["opus"]
        case .vorbis: ["ogg", "oga"]
        case .flac: ["flac"]
        case .wav: ["wav"]
        }
    }

    /// The format whose files end as `url`'s path does (its query left out), if any.
    public init?(fileNameOf url: String) {
        let path = URL(string: url)?.path ?? url
        let name = (path as NSString).pathExtension.lowercased()
        guard let format = MediaFormat.allCases.first(where: { $0.extensions.contains(name) }) else { return nil }
        self = format
    }

    /// True when `enclosure` is in this format: its type says so (an Opus type naming the codec wins over Ogg), else
    /// its URL's file name ends so.
    public func matches(_ enclosure: Enclosure) -> Bool {
        if let type = enclosure.type?.lowercased() {
            let bare = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? type
            if type.contains("opus") { return self == .opus }
            if types.contains(type) || types.contains(bare) { return true }
            if MediaFormat.allCases.contains(where: { $0.types.contains(bare) }) { return false }
        }
        return MediaFormat(fileNameOf: enclosure.url) == self
    }
}
