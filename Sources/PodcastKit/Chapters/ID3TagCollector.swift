/// Gathers the first bytes of a stream until its ID3v2 tag is whole, so that a stream's chapters are read as
/// its first bytes arrive, without waiting for the audio.
public struct ID3TagCollector: Sendable {
    /// The largest tag gathered; a bigger one (pictures, mostly) is given up on.
    public static let cap = 16 << 20

    /// What the bytes so far tell.
    public enum Outcome: Sendable, Equatable {
        /// Not enough bytes yet.
        case needMore
        /// The whole tag, header first.
        case tag([UInt8])
        /// The stream does not start with an ID3v2 tag (or its tag is over the cap).
        case noTag
    }

    private var bytes: [UInt8] = []
    private var length: Int?

    public init() {}

    /// The bytes gathered so far.
    public var gathered: [UInt8] { bytes }

    /// Adds the next bytes of the stream.
    public mutating func add(_ chunk: some Collection<UInt8>) -> Outcome {
        bytes.append(contentsOf: chunk)
        if length == nil {
            guard bytes.count >= 10 else { return .needMore }
            guard let tagLength = ID3Chapters.tagLength(Array(bytes.prefix(10))), tagLength <= Self.cap else { return .noTag }
            length = tagLength
        }
        guard let length, bytes.count >= length else { return .needMore }
        return .tag(Array(bytes.prefix(length)))
    }
}
