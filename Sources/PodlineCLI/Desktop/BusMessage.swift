import Csdbus
import Foundation
import PodlineApp

/// Writing values into, and reading method arguments out of, sd-bus messages.
enum BusMessage {
    /// The C `char` for a D-Bus type code.
    static func code(_ letter: Unicode.Scalar) -> CChar { CChar(truncatingIfNeeded: letter.value) }

    /// Appends `value` (as it is, not in a variant) to `message`: a negative errno on failure.
    static func append(_ value: BusValue, to message: OpaquePointer) -> Int32 {
        switch value {
        case .bool(let flag):
            var number: Int32 = flag ? 1 : 0
            return podline_sd_bus_message_append_basic(message, code("b"), &number)
        case .double(let number):
            var copy = number
            return podline_sd_bus_message_append_basic(message, code("d"), &copy)
        case .int64(let number):
            var copy = number
            return podline_sd_bus_message_append_basic(message, code("x"), &copy)
        case .string(let text):
            return text.withCString { podline_sd_bus_message_append_basic(message, code("s"), $0) }
        case .objectPath(let path):
            return path.withCString { podline_sd_bus_message_append_basic(message, code("o"), $0) }
        case .strings(let texts):
            return container(message, "a", "s") {
                for text in texts {
                    let result = text.withCString { podline_sd_bus_message_append_basic(message, code("s"), $0) }
                    if result < 0 { return result }
                }
                return 0
            }
        case .dictionary(let entries):
            return container(message, "a", "{sv}") {
                for (key, entry) in entries {
                    let result = container(message, "e", "sv") {
                        let keyResult = key.withCString { podline_sd_bus_message_append_basic(message, code("s"), $0) }
                        if keyResult < 0 { return keyResult }
                        return container(message, "v", entry.signature) { append(entry, to: message) }
                    }
                    if result < 0 { return result }
                }
                return 0
            }
        }
    }

    private static func container(
        _ message: OpaquePointer, _ type: Unicode.Scalar, _ contents: String, _ body: () -> Int32
    ) -> Int32 {
        let opened = podline_sd_bus_message_open_container(message, code(type), contents)
        if opened < 0 { return opened }
        let result = body()
        if result < 0 { return result }
        return podline_sd_bus_message_close_container(message)
    }

    /// The call `member` with its arguments read from `message` (sd-bus has checked their types); nil for a
    /// member of no MPRIS interface.
    static func call(_ member: String, _ message: OpaquePointer) -> MPRISCall? {
        switch member {
        case "Raise": return .raise
        case "Quit": return .quit
        case "Next": return .next
        case "Previous": return .previous
        case "Pause": return .pause
        case "PlayPause": return .playPause
        case "Stop": return .stop
        case "Play": return .play
        case "Seek": return int64(message).map(MPRISCall.seek)
        case "SetPosition":
            guard let track = text(message, "o"), let position = int64(message) else { return nil }
            return .setPosition(track: track, microseconds: position)
        case "OpenUri": return text(message, "s").map(MPRISCall.openURI)
        default: return nil
        }
    }

    private static func int64(_ message: OpaquePointer) -> Int64? {
        var value: Int64 = 0
        return podline_sd_bus_message_read_basic(message, code("x"), &value) > 0 ? value : nil
    }

    private static func text(_ message: OpaquePointer, _ type: Unicode.Scalar) -> String? {
        var pointer: UnsafePointer<CChar>?
        guard podline_sd_bus_message_read_basic(message, code(type), &pointer) > 0, let pointer else { return nil }
        return String(cString: pointer)
    }
}
