import CLazyLibraries
import Csdbus
import Dispatch
import Foundation
import PodlineApp

/// The listener's D-Bus session bus, through sd-bus (libsystemd, loaded on first use): one connection, its
/// socket watched on the main queue, closed when this object goes.
@MainActor
final class SessionBus {
    private var bus: OpaquePointer?
    private var watch: DispatchSourceRead?
    /// Called once when the connection breaks (the bus went away), with the reason.
    var onLost: ((BusError) -> Void)?

    /// Connects to the session bus: throws when libsystemd is missing or there is no session bus (a server,
    /// a text console, CI).
    init() throws(BusError) {
        var message = [CChar](repeating: 0, count: 256)
        guard podline_library_load(PODLINE_LIBRARY_SYSTEMD, &message, message.count) == 0 else {
            throw BusError("libsystemd cannot be loaded: \(String(cString: message))")
        }
        var handle: OpaquePointer?
        try BusError.check(podline_sd_bus_open_user(&handle), "sd_bus_open_user")
        bus = handle
    }

    /// Takes `name`, or when another process has it, `name.instance<pid>` (as MPRIS asks); returns the name taken.
    func requestName(_ name: String) throws(BusError) -> String {
        guard let bus else { throw BusError("the session bus is closed") }
        let result = podline_sd_bus_request_name(bus, name, 0)
        if result == -EEXIST {
            let instance = "\(name).instance\(getpid())"
            try BusError.check(podline_sd_bus_request_name(bus, instance, 0), "sd_bus_request_name")
            return instance
        }
        try BusError.check(result, "sd_bus_request_name")
        return name
    }

    /// The connection, for registering objects; nil once closed.
    var handle: OpaquePointer? { bus }

    /// Starts answering: messages are read whenever the socket has some.
    func startWatching() {
        guard let bus, watch == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: podline_sd_bus_get_fd(bus), queue: .main)
        source.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.process() } }
        source.resume()
        watch = source
        process()
    }

    /// Handles every message waiting; a broken connection is closed and reported once.
    func process() {
        while let bus {
            let result = podline_sd_bus_process(bus, nil)
            if result == 0 { return }
            if result < 0 {
                lose(BusError("the session bus went away (\(String(cString: strerror(-result))))"))
                return
            }
        }
    }

    /// Announces that `names` of `interface` at `path` changed; listeners read the new values.
    func emitPropertiesChanged(path: String, interface: String, names: [String]) {
        guard let bus, !names.isEmpty else { return }
        var pointers = names.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        let result = podline_sd_bus_emit_properties_changed_strv(bus, path, interface, &pointers)
        settle(result, "sd_bus_emit_properties_changed_strv")
    }

    /// Sends the signal `member` of `interface` with one 64-bit integer.
    func emitSignal(path: String, interface: String, member: String, value: Int64) {
        guard let bus else { return }
        settle(podline_bus_emit_int64(UnsafeMutableRawPointer(bus), path, interface, member, value), "sd_bus_emit_signal")
    }

    /// Sends what is queued, so that listeners hear of changes at once; a failure means the bus went away.
    private func settle(_ result: Int32, _ function: String) {
        guard let bus else { return }
        do {
            try BusError.check(result, function)
            try BusError.check(podline_sd_bus_flush(bus), "sd_bus_flush")
        } catch {
            lose(error)
        }
    }

    private func lose(_ error: BusError) {
        close()
        onLost?(error)
        onLost = nil
    }

    /// Stops watching and closes the connection.
    func close() {
        watch?.cancel()
        watch = nil
        if let bus { _ = podline_sd_bus_flush_close_unref(bus) }
        bus = nil
    }

    isolated deinit {
        close()
    }
}
