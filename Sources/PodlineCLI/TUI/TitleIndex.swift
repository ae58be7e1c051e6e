import CLazyLibraries
import Foundation
import PodlineApp

/// The folded titles of a list's rows in one buffer, for the filter: a word is looked for across all of them with
/// `memmem` (the first keystroke over half a million titles), and a longer filter only among the rows the shorter one
/// kept.
struct TitleIndex: Sendable {
    /// Every row's text, lower-cased, each followed by a newline.
    private var bytes: [UInt8] = []
    /// Where each row's text starts in `bytes`; one more entry, the end.
    private var starts: [Int] = [0]

    init(_ texts: [String]) {
        bytes.reserveCapacity(texts.count * 48)
        starts.reserveCapacity(texts.count + 1)
        for text in texts {
            bytes += text.lowercased().utf8
            bytes.append(0x0A)
            starts.append(bytes.count)
        }
    }

    var count: Int { starts.count - 1 }

    /// The rows whose text holds every word of `filter` (case folded), in order; among `candidates` only, when given.
    func rows(matching filter: String, among candidates: [Int]? = nil) -> [Int] {
        let words = filter.lowercased().split(separator: " ").map { Array($0.utf8) }
        guard let first = words.first else { return candidates ?? Array(0..<count) }
        return bytes.withUnsafeBufferPointer { buffer -> [Int] in
            guard let base = buffer.baseAddress else { return [] }
            var found: [Int]
            if let candidates {
                found = candidates.filter { contains(first, row: $0, base) }
            } else {
                found = []
                var at = 0
                while at < buffer.count,
                    let hit = first.withUnsafeBytes({ podline_memmem(base + at, buffer.count - at, $0.baseAddress, $0.count) })
                {
                    let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    let row = self.row(at: offset)
                    found.append(row)
                    at = starts[row + 1]
                }
            }
            for word in words.dropFirst() {
                found = found.filter { contains(word, row: $0, base) }
            }
            return found
        }
    }

    private func contains(_ word: [UInt8], row: Int, _ base: UnsafePointer<UInt8>) -> Bool {
        let start = starts[row]
        let length = starts[row + 1] - start
        return word.withUnsafeBytes { podline_memmem(base + start, length, $0.baseAddress, $0.count) } != nil
    }

    /// The row whose text holds byte `offset`.
    private func row(at offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }
}
