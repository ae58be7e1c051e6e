/// Writes an ID3v2.4 tag (UTF-8 text): title, album, artist and a comment, chapters (a CHAP frame each, listed in
/// order by one CTOC), and a front-cover picture.
public struct ID3TagWriter: Sendable {
    public var title: String?
    public var album: String?
    public var artist: String?
    public var comment: String?
    /// The chapters, in seconds from the start of the file (one without an end ends where it starts).
    public var chapters: [Chapter] = []
    /// The picture's MIME type and bytes.
    public var picture: (mime: String, data: [UInt8])?

    /// A CTOC lists at most this many chapters.
    public static let chapterLimit = 255

    public init() {}

    /// The whole tag, header included.
    public func bytes() -> [UInt8] {
        var frames: [UInt8] = []
        if let title { frames += Self.frame("TIT2", Self.text(title)) }
        if let album { frames += Self.frame("TALB", Self.text(album)) }
        if let artist { frames += Self.frame("TPE1", Self.text(artist)) }
        if let comment { frames += Self.frame("COMM", [3] + Array("eng".utf8) + [0] + Array(comment.utf8)) }
        let listed = chapters.prefix(Self.chapterLimit)
        if !listed.isEmpty {
            var children: [UInt8] = []
            for (index, chapter) in listed.enumerated() {
                let id = Array("ch\(index)".utf8) + [0]
                children += id
                var body = id
                body += Self.bigEndian(Self.milliseconds(chapter.start))
                body += Self.bigEndian(Self.milliseconds(chapter.end ?? chapter.start))
                body += [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]  // no byte offsets
                body += Self.frame("TIT2", Self.text(chapter.title ?? ""))
                frames += Self.frame("CHAP", body)
            }
            // Top-level and ordered.
            frames += Self.frame("CTOC", Array("toc".utf8) + [0, 0x03, UInt8(listed.count)] + children)
        }
        if let picture {
            // UTF-8, the MIME type, a front cover, no description.
            frames += Self.frame("APIC", [3] + Array(picture.mime.utf8) + [0, 3, 0] + picture.data)
        }
        return Array("ID3".utf8) + [4, 0, 0] + Self.syncsafe(frames.count) + frames
    }

    /// The picture type `data` starts like (JPEG or PNG); nil for anything else.
    public static func imageType(of data: [UInt8]) -> String? {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        return nil
    }

    private static func frame(_ id: String, _ body: [UInt8]) -> [UInt8] {
        Array(id.utf8) + syncsafe(body.count) + [0, 0] + body
    }

    private static func text(_ value: String) -> [UInt8] { [3] + Array(value.utf8) }

    private static func milliseconds(_ seconds: Double) -> Int { max(0, Int((seconds * 1000).rounded())) }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * (3 - $0))) }
    }

    /// Seven bits a byte, as ID3v2.4 writes sizes.
    private static func syncsafe(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8((value >> (7 * (3 - $0))) & 0x7F) }
    }
}
