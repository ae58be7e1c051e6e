import Foundation

/// Chapters from a Podcasting 2.0 JSON chapters file (`application/json+chapters`): `{"version", "chapters":
/// [{"startTime", "endTime"?, "title"?, "img"?, "url"?, "toc"?}]}`. Chapters marked `"toc": false` are hidden
/// from listing and navigation, so they are left out here.
public enum JSONChapters {
    /// The largest chapters file read; a bigger one is refused unread.
    public static let sizeCap = 2 * 1024 * 1024

    /// The visible chapters of `bytes`, in order; a file that is not such JSON, or whose chapters are out of
    /// order, overlap or end before they start, throws.
    public static func parse(_ bytes: [UInt8]) throws(ChapterError) -> [Chapter] {
        guard bytes.count <= sizeCap else { throw ChapterError("the chapters file is larger than \(sizeCap / 1024 / 1024) MB") }
        guard let first = bytes.first(where: { !Self.isSpace($0) }) else { throw ChapterError("the chapters file is empty") }
        guard first == UInt8(ascii: "{") else {
            throw ChapterError(first == UInt8(ascii: "<") ? "the chapters file is HTML or XML, not JSON" : "the chapters file is not JSON")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw ChapterError("the chapters file is not valid JSON")
        }
        guard let root = object as? [String: Any], let list = root["chapters"] as? [Any] else {
            throw ChapterError("the chapters file has no \"chapters\" list")
        }
        var chapters: [Chapter] = []
        for (index, entry) in list.enumerated() {
            guard let fields = entry as? [String: Any] else { throw ChapterError("chapter \(index + 1) is not an object") }
            guard let start = JSONSeconds.from(fields["startTime"]) else { throw ChapterError("chapter \(index + 1) has no startTime") }
            if (fields["toc"] as? Bool) == false { continue }
            chapters.append(
                Chapter(
                    start: start, end: JSONSeconds.from(fields["endTime"]), title: text(fields["title"]), url: text(fields["url"]),
                    image: text(fields["img"])))
        }
        return try ChapterList.validated(chapters, sorting: false).get()
    }

    /// A non-empty string field.
    private static func text(_ value: Any?) -> String? {
        guard let string = value as? String, !string.isEmpty else { return nil }
        return string
    }

    /// JSON's white space, and the bytes of a UTF-8 byte order mark.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }
}
