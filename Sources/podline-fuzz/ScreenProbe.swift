import PodlineApp
import PodlineCLI

/// Drives the full-screen view's input decoder with what a terminal could send (escape sequences cut anywhere, pastes,
/// mouse reports, broken UTF-8): the events do not depend on where a read ends, and no character key is a control
/// character.
enum ScreenProbe {
    static func run(_ bytes: [UInt8]) {
        var whole = FullScreenInputDecoder()
        let events = whole.decode(bytes)
        for case .key(.character(let character)) in events {
            Finding.check(
                !character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0xFFFD },
                "a control or broken character came through as a key: \(Array(character.unicodeScalars))")
        }
        for case .mouse(let mouse) in events {
            Finding.check(mouse.row >= 0 && mouse.column >= 0, "a mouse report off the screen: \(mouse)")
        }
        // Cut where the first byte says, the second read ending the input: the same events.
        guard let first = bytes.first, bytes.count > 1 else { return }
        let cut = 1 + Int(first) % (bytes.count - 1)
        var split = FullScreenInputDecoder()
        let pieces = split.decode(Array(bytes[..<cut]), final: false) + split.decode(Array(bytes[cut...]))
        Finding.check(pieces == events, "cut after \(cut) bytes, the events differ: \(pieces) against \(events)")
    }
}
