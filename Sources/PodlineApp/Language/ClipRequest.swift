/// What `clip` was asked for: the stretch of an episode, file or URL to write, and how.
public struct ClipRequest: Equatable, Sendable {
    /// The episode, bookmark (`bookmark/N`), file or URL.
    public var target: String
    /// Where the clip starts, in seconds; nil: the bookmark's time, or the soundbite's.
    public var from: Double?
    /// Where it ends; nil: `from` and `length`, or the soundbite's end.
    public var to: Double?
    /// How long it is, when `to` is not given.
    public var length: Double?
    /// The episode's soundbite to write (from 1), instead of times.
    public var soundbite: Int?
    /// With the listener's speed, skip silence, loudness and voice boost baked in.
    public var asHeard = false
    /// The file to write: its extension says the format.
    public var output: String

    /// The latest time taken (a thousand days): beyond any episode, within what a sample count holds.
    public static let longest = 86_400_000.0

    public init(
        target: String, from: Double? = nil, to: Double? = nil, length: Double? = nil, soundbite: Int? = nil, asHeard: Bool = false,
        output: String
    ) {
        (self.target, self.from, self.to, self.length, self.soundbite) = (target, from, to, length, soundbite)
        (self.asHeard, self.output) = (asHeard, output)
    }
}
