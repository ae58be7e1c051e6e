import PodcastKit

/// Drives the reader of Icecast's metadata with a stream: the first two bytes give the metadata interval (1 to
/// 65,536) and the size of the pieces the rest arrives in; checks that every byte is audio or metadata, nothing made
/// up, and that titles are single lines where the audio stands.
enum IcyProbe {
    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else {
            _ = IcyMetadata.title(in: bytes)
            return
        }
        let interval = Int(bytes[0]) << 8 | Int(bytes[1]) + 1
        let piece = max(1, Int(bytes[1]) * 7 % 4_096)
        guard var reader = IcyMetadata(interval: interval) else {
            Finding.check(false, "an interval of \(interval) was refused")
            return
        }
        let stream = Array(bytes.dropFirst(2))
        var audio = 0
        var lastTitle = 0
        for start in stride(from: 0, to: stream.count, by: piece) {
            let part = Array(stream[start..<min(stream.count, start + piece)])
            let (heard, titles) = reader.take(part)
            Finding.check(heard.count <= part.count, "more audio (\(heard.count)) than bytes (\(part.count))")
            for title in titles {
                Finding.check(title.offset >= 0 && title.offset <= heard.count, "a title at \(title.offset) of \(heard.count)")
                Finding.check(audio + title.offset >= lastTitle, "titles out of order")
                lastTitle = audio + title.offset
                Finding.check(!title.title.isEmpty, "an empty title")
                Finding.check(
                    !title.title.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a control character in a title")
            }
            audio += heard.count
        }
        // The audio is what the stream holds less its metadata blocks, and all of the stream up to the first of them.
        Finding.check(audio <= stream.count, "more audio than the stream held")
        Finding.check(audio >= min(stream.count, interval), "the first interval of audio went missing")
    }
}
