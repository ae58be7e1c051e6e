import PodlineApp
import PodlineCLI

/// Drives the REPL's key decoder with what a terminal could send (pastes, control bytes, broken UTF-8): every
/// character it gives is a real one and never a key the editor reserves, and valid UTF-8 comes through whole.
enum KeysProbe {
    static func run(_ bytes: [UInt8]) {
        var decoder = TerminalKeyDecoder()
        var decoded = String.UnicodeScalarView()
        for byte in bytes {
            guard let scalar = decoder.add(byte) else { continue }
            Finding.check(!(0x80...0x9F).contains(scalar.value), "a reserved key came through: U+\(String(scalar.value, radix: 16))")
            decoded.append(scalar)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let expected = String(text.unicodeScalars.filter { !(0x80...0x9F).contains($0.value) }.map(Character.init))
        Finding.check(String(decoded) == expected, "valid UTF-8 did not come through whole: \(Array(text.unicodeScalars))")
    }
}
