import Csdbus
import Foundation
import PodlineApp

/// A notification on the desktop, through `org.freedesktop.Notifications` on the session bus; with no bus (or no
/// libsystemd), nothing is sent and nothing is said.
@MainActor
enum DesktopNotification {
    /// The name the notification is sent under.
    static let application = "Podline"

    /// Sends `summary` and `body`, waiting at most a second for the notification server's answer; true when it took it.
    @discardableResult
    static func send(summary: String, body: String) -> Bool {
        guard let bus = try? SessionBus(), let handle = bus.handle else { return false }
        defer { bus.close() }
        var made: OpaquePointer?
        guard
            podline_sd_bus_message_new_method_call(
                handle, &made, "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                "Notify") >= 0, let message = made
        else { return false }
        defer { _ = podline_sd_bus_message_unref(message) }
        var replaces: UInt32 = 0
        var expires: Int32 = -1
        let appended = [
            BusMessage.append(.string(application), to: message),
            podline_sd_bus_message_append_basic(message, BusMessage.code("u"), &replaces),
            BusMessage.append(.string(""), to: message),  // no icon
            BusMessage.append(.string(summary), to: message), BusMessage.append(.string(body), to: message),
            BusMessage.append(.strings([]), to: message),  // no actions
            BusMessage.append(.dictionary([]), to: message),  // no hints
            podline_sd_bus_message_append_basic(message, BusMessage.code("i"), &expires),
        ]
        guard appended.allSatisfy({ $0 >= 0 }) else { return false }
        return podline_sd_bus_call(handle, message, 1_000_000, nil, nil) >= 0
    }
}

extension Notifier {
    /// Notifications on the listener's desktop.
    static let desktop = Notifier { summary, body in
        await MainActor.run { _ = DesktopNotification.send(summary: summary, body: body) }
    }
}
