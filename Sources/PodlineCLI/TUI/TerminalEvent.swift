import PodlineApp
import TerminalCanvas

/// What the terminal sends the full-screen view: a key, a paste, or a mouse report.
public enum TerminalEvent: Equatable, Sendable {
    case key(KeyPress)
    /// Text pasted (bracketed paste), newlines and all.
    case paste(String)
    case mouse(MouseEvent)
}

/// Turns the terminal's bytes into events: UTF-8 text, control keys, the escape sequences of the arrows and the
/// editing keys (CSI and SS3 forms), bracketed pastes and SGR mouse reports. A sequence cut at the end of a read waits
/// for the rest; an escape alone at the end of a read is the Escape key.
public struct FullScreenInputDecoder {
    public init() {}

    private var pending: [UInt8] = []
    private var paste: [UInt8]?

    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The events in `bytes` (with what an earlier read left over); `final` says no more bytes follow at once, so a
    /// lone escape is a key.
    public mutating func decode(_ bytes: [UInt8], final: Bool = true) -> [TerminalEvent] {
        pending += bytes
        var events: [TerminalEvent] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                if let end = find(Self.pasteEnd, from: index) {
                    paste! += pending[index..<end]
                    events.append(.paste(String(decoding: paste!, as: UTF8.self)))
                    paste = nil
                    index = end + Self.pasteEnd.count
                } else {
                    // Keep a possible start of the end marker for the next read.
                    let keep = min(Self.pasteEnd.count - 1, pending.count - index)
                    paste! += pending[index..<(pending.count - keep)]
                    index = pending.count - keep
                    break
                }
                continue
            }
            let byte = pending[index]
            if byte == 0x1B {
                let rest = pending[index...]
                if rest.starts(with: Self.pasteStart) {
                    paste = []
                    index += Self.pasteStart.count
                    continue
                }
                if let (mouse, length) = MouseEvent.parse(rest) {
                    events.append(.mouse(mouse))
                    index += length
                    continue
                }
                switch escapeSequence(rest) {
                case .key(let key, let length):
                    events.append(.key(key))
                    index += length
                case .incomplete where !final || rest.count > 1 && Self.mayGrow(rest):
                    pending.removeFirst(index)
                    return events
                case .incomplete, .unknown(1):
                    events.append(.key(.escape))
                    index += 1
                case .unknown(let length):
                    index += length
                }
                continue
            }
            if byte < 0x20 || byte == 0x7F {
                events.append(.key(Self.control(byte)))
                index += 1
                continue
            }
            // A UTF-8 character: its length from the lead byte, its other bytes continuation bytes; a cut one waits for
            // the rest, and a byte that starts no character (or whose character breaks off) is dropped alone.
            let length = byte < 0x80 ? 1 : byte >= 0xF8 ? 0 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            let available = min(length, pending.count - index)
            let continued = (1..<max(1, available)).allSatisfy { (0x80...0xBF).contains(pending[index + $0]) }
            guard length > 0, continued else {
                index += 1
                continue
            }
            guard available == length else { break }
            // Continuation bytes that still make no character (an overlong form, a surrogate): the lead byte goes.
            guard let text = String(validating: pending[index..<(index + length)], as: UTF8.self) else {
                index += 1
                continue
            }
            for character in text { events.append(.key(.character(character))) }
            index += length
        }
        pending.removeFirst(min(index, pending.count))
        return events
    }

    /// A mouse report still arriving: it may grow into a whole one.
    private static func mayGrow(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count < 32
    }

    private static func control(_ byte: UInt8) -> KeyPress {
        switch byte {
        case 0x0D, 0x0A: .enter
        case 0x09: .tab
        case 0x7F, 0x08: .backspace
        case 0x00: .character(" ")
        case 0x1C...0x1F: .control(Character(Unicode.Scalar(byte + 0x40)))
        default: .control(Character(Unicode.Scalar(byte + 0x60)))
        }
    }

    private enum Sequence {
        case key(KeyPress, Int)
        case incomplete
        case unknown(Int)
    }

    private func escapeSequence(_ bytes: ArraySlice<UInt8>) -> Sequence {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return .incomplete }
        let second = bytes[start + 1]
        if second == UInt8(ascii: "O") {
            guard bytes.count >= 3 else { return .incomplete }
            let keys: [UInt8: KeyPress] = [
                UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
                UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
            ]
            return keys[bytes[start + 2]].map { .key($0, 3) } ?? .unknown(3)
        }
        guard second == UInt8(ascii: "[") else {
            // Alt with a key: the key alone.
            return .unknown(1)
        }
        var index = start + 2
        while index < bytes.endIndex, (0x30...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return .incomplete }
        let final = bytes[index]
        let length = index - start + 1
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        switch final {
        case UInt8(ascii: "A"): return .key(.up, length)
        case UInt8(ascii: "B"): return .key(.down, length)
        case UInt8(ascii: "C"): return .key(.right, length)
        case UInt8(ascii: "D"): return .key(.left, length)
        case UInt8(ascii: "H"): return .key(.home, length)
        case UInt8(ascii: "F"): return .key(.end, length)
        case UInt8(ascii: "Z"): return .key(.backTab, length)
        case UInt8(ascii: "~"):
            let keys: [String: KeyPress] = ["1": .home, "7": .home, "4": .end, "8": .end, "3": .delete, "5": .pageUp, "6": .pageDown]
            let first = parameters.split(separator: ";").first.map(String.init) ?? ""
            return keys[first].map { .key($0, length) } ?? .unknown(length)
        default:
            return .unknown(length)
        }
    }

    private func find(_ marker: [UInt8], from start: Int) -> Int? {
        guard pending.count - start >= marker.count else { return nil }
        for index in start...(pending.count - marker.count) where pending[index] == marker[0] {
            if pending[index..<(index + marker.count)].elementsEqual(marker) { return index }
        }
        return nil
    }
}
