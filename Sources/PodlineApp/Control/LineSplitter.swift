/// Cuts a byte stream into lines, refusing lines longer than a limit without losing the ones after them.
package struct LineSplitter {
    /// One piece of the stream.
    package enum Piece: Equatable, Sendable {
        /// A complete line, without its newline (a trailing `\r` is removed too).
        case line([UInt8])
        /// A line longer than the limit was dropped.
        case tooLong
    }

    /// The longest line accepted, in bytes.
    package let limit: Int
    private var buffer: [UInt8] = []
    private var discarding = false

    package init(limit: Int = 1 << 20) {
        self.limit = limit
    }

    /// Adds `bytes` and returns the pieces now complete.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Piece] {
        var pieces: [Piece] = []
        var start = 0
        for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
            if discarding {
                discarding = false
            } else if buffer.count + (index - start) > limit {
                pieces.append(.tooLong)
            } else {
                buffer.append(contentsOf: bytes[start..<index])
                if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
                pieces.append(.line(buffer))
            }
            buffer.removeAll(keepingCapacity: true)
            start = index + 1
        }
        if !discarding {
            buffer.append(contentsOf: bytes[start..<bytes.count])
            if buffer.count > limit {
                pieces.append(.tooLong)
                buffer.removeAll()
                discarding = true
            }
        }
        return pieces
    }

    /// The last line when the stream ends without a newline.
    package mutating func finish() -> [Piece] {
        defer { buffer.removeAll() }
        return discarding || buffer.isEmpty ? [] : [.line(buffer)]
    }
}
