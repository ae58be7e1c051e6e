import Foundation

/// Takes the metadata an Icecast or Shoutcast server puts between a live stream's audio (asked for with
/// `Icy-MetaData: 1`, every `icy-metaint` bytes) out of it, and reads the titles it carries.
///
/// After every `interval` bytes of audio comes one length byte (times 16) and that many bytes of text such as
/// `StreamTitle='Artist - Song';StreamUrl='';`, padded with zeros; a length of 0 means nothing changed.
package struct IcyMetadata {
    /// Audio bytes between two metadata blocks.
    package let interval: Int
    /// Audio bytes still to come before the next length byte.
    private var audioLeft: Int
    /// The metadata block being read: its bytes so far and how many it has in all; nil between blocks.
    private var block: (bytes: [UInt8], length: Int)?

    /// The intervals taken: servers send 8,192 or 16,000 bytes; one beyond a megabyte is not a real server's.
    package static let intervalRange = 1...(1 << 20)

    package init?(interval: Int) {
        guard Self.intervalRange.contains(interval) else { return nil }
        self.interval = interval
        audioLeft = interval
    }

    /// The reader for an answer's `icy-metaint` header; nil when there is none or it is not a usable number.
    package init?(header: String?) {
        guard let text = header?.trimmingSpaces, let interval = Int(text) else { return nil }
        self.init(interval: interval)
    }

    /// The audio among `bytes`, and the titles of the blocks that ended in them with where they stand in that audio.
    package mutating func take(_ bytes: [UInt8]) -> (audio: [UInt8], titles: [(offset: Int, title: String)]) {
        var audio: [UInt8] = []
        audio.reserveCapacity(bytes.count)
        var titles: [(offset: Int, title: String)] = []
        var index = 0
        while index < bytes.count {
            if var reading = block {
                let count = min(reading.length - reading.bytes.count, bytes.count - index)
                reading.bytes += bytes[index..<(index + count)]
                index += count
                if reading.bytes.count == reading.length {
                    block = nil
                    audioLeft = interval
                    if let title = Self.title(in: reading.bytes) { titles.append((audio.count, title)) }
                } else {
                    block = reading
                }
            } else if audioLeft == 0 {
                let length = Int(bytes[index]) * 16
                index += 1
                if length == 0 { audioLeft = interval } else { block = ([], length) }
            } else {
                let count = min(audioLeft, bytes.count - index)
                audio += bytes[index..<(index + count)]
                index += count
                audioLeft -= count
            }
        }
        return (audio, titles)
    }

    /// The `StreamTitle` of a block, trimmed; nil when it has none (an empty title included). UTF-8, else Latin-1,
    /// which older servers send.
    package static func title(in block: [UInt8]) -> String? {
        let end = block.firstIndex(of: 0) ?? block.count
        let text = Array(block[..<end])
        let key = Array("StreamTitle='".utf8)
        guard let start = text.firstRange(of: key)?.upperBound else { return nil }
        // The value ends at the `';` before the next key, or at the block's last quote.
        var stop = text.count
        if let close = text[start...].firstRange(of: Array("';".utf8))?.lowerBound {
            stop = close
        } else if let quote = text[start...].lastIndex(of: UInt8(ascii: "'")) {
            stop = quote
        }
        let value = Array(text[start..<stop])
        let decoded = String(validating: value, as: UTF8.self) ?? String(value.map { Character(Unicode.Scalar($0)) })
        let title = String(decoded.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }).trimmingSpaces
        return title.isEmpty ? nil : title
    }
}
