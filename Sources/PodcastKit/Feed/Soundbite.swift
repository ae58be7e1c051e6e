import Foundation

/// A `podcast:soundbite`: a stretch of an episode its publisher points to, to share or to sample the episode by.
public struct Soundbite: Sendable, Equatable {
    /// Where it starts and how long it lasts, in seconds.
    public var start: Double
    public var duration: Double
    public var title: String?

    public init(start: Double, duration: Double, title: String? = nil) {
        self.start = start
        self.duration = duration
        self.title = title
    }

    /// A soundbite of the `startTime` and `duration` attributes as written; nil unless both are numbers, the start
    /// not negative and the duration more than 0.
    init?(startTime: String?, duration: String?) {
        guard let start = startTime.flatMap({ Double($0.trimmingSpaces) }), start.isFinite, start >= 0,
            let length = duration.flatMap({ Double($0.trimmingSpaces) }), length.isFinite, length > 0
        else { return nil }
        self.init(start: start, duration: length)
    }

    public var end: Double { start + duration }

    /// The soundbite as `inspect --json`, `notes --json` and the library write it.
    public var json: JSONValue {
        .object([("start", .number(start)), ("duration", .number(duration)), ("title", .string(title))])
    }

    /// Soundbites read back from `json` objects; entries without a start and duration are skipped.
    public static func list(fromJSON text: String?) -> [Soundbite] {
        JSONList.objects(text).compactMap { fields in
            guard let start = (fields["start"] as? NSNumber)?.doubleValue, let duration = (fields["duration"] as? NSNumber)?.doubleValue
            else { return nil }
            return Soundbite(start: start, duration: duration, title: fields["title"] as? String)
        }
    }
}
