import CLazyLibraries
import Csdbus
import Foundation
import Logging
import Observation
import PodcastKit
import PodlineApp

/// Podline on the session bus as an MPRIS media player, so that media keys, desktop media widgets and
/// `playerctl` drive it. Reads come from the Player model (`MPRISModel`); calls and property writes become
/// player commands through the dispatcher, as every front end's do; `MPRISView` announces the model's changes.
/// Without a session bus it says so under `--verbose` and stays out of the way.
@Observable
@MainActor
final class MPRISService {
    @ObservationIgnored private let dispatcher: CommandDispatcher
    @ObservationIgnored private let quit: () -> Void
    @ObservationIgnored private var bus: SessionBus?
    /// True while the player is on the bus: only then does `MPRISView` watch the model.
    private(set) var isOnBus = false
    private static let logger = Logger(label: "podline.mpris")

    /// A service for `dispatcher`'s player; `quit` ends the player when a client calls Quit.
    init(dispatcher: CommandDispatcher, quit: @escaping () -> Void) {
        self.dispatcher = dispatcher
        self.quit = quit
    }

    private var player: Player { dispatcher.player }

    /// True when a session bus may be there to connect to: it is named, or the usual socket exists. Saves
    /// loading libsystemd where there is none (a server, a text console).
    static var sessionBusMayExist: Bool {
        if let address = ProcessEnvironment.value("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty { return true }
        guard let runtime = ProcessEnvironment.value("XDG_RUNTIME_DIR"), !runtime.isEmpty else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/bus")
    }

    /// Connects, takes the bus name and answers from now on; without a session bus, one line under --verbose.
    func start() {
        guard bus == nil else { return }
        guard Self.sessionBusMayExist else {
            Self.logger.info("no D-Bus session bus: media keys and playerctl will not reach this player")
            return
        }
        do {
            let connection = try SessionBus()
            guard let handle = connection.handle else { return }
            let context = Unmanaged.passUnretained(self).toOpaque()
            try BusError.check(
                podline_mpris_serve(UnsafeMutableRawPointer(handle), MPRISModel.objectPath, Self.callbacks, context),
                "sd_bus_add_object_vtable")
            let name = try connection.requestName(MPRISModel.busName)
            connection.onLost = { [weak self] error in
                Self.logger.info("\(error); media keys and playerctl no longer reach this player")
                self?.bus = nil
                self?.isOnBus = false
            }
            connection.startWatching()
            bus = connection
            isOnBus = true
            Self.logger.debug("on the session bus as \(name)")
        } catch {
            Self.logger.info("no D-Bus session bus (\(error)): media keys and playerctl will not reach this player")
        }
    }

    /// Leaves the bus.
    func stop() {
        bus?.close()
        bus = nil
        isOnBus = false
    }

    /// Tells listeners that these properties of `interface` (the Player's unless said) changed.
    func changed(_ names: [String], of interface: String = MPRISModel.playerInterface) {
        bus?.emitPropertiesChanged(path: MPRISModel.objectPath, interface: interface, names: names)
    }

    /// Tells listeners that the position jumped to `seconds`.
    func seeked(to seconds: Double) {
        bus?.emitSignal(
            path: MPRISModel.objectPath, interface: MPRISModel.playerInterface, member: "Seeked",
            value: MPRISModel.microseconds(seconds))
    }

    // MARK: - Answers to the bus

    private func get(interface: String, property: String, reply: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        guard let value = MPRISModel.value(of: property, interface: interface, player: player) else {
            return podline_sd_bus_error_set(error, "org.freedesktop.DBus.Error.UnknownProperty", "no property \(property)")
        }
        return BusMessage.append(value, to: reply)
    }

    private func set(
        interface: String, property: String, value: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?
    ) -> Int32 {
        if interface == MPRISModel.podlineInterface {
            // D-Bus booleans are read as 32-bit integers.
            var flag: Int32 = 0
            let read = podline_sd_bus_message_read_basic(value, BusMessage.code("b"), &flag)
            guard read > 0, let action = MPRISModel.action(forSetting: property, to: flag != 0) else {
                return podline_sd_bus_error_set(error, "org.freedesktop.DBus.Error.InvalidArgs", "\(property) takes true or false")
            }
            return perform(action, error: error)
        }
        var number = 0.0
        let read = podline_sd_bus_message_read_basic(value, BusMessage.code("d"), &number)
        guard read > 0, number.isFinite, let action = MPRISModel.action(forSetting: property, to: number) else {
            return podline_sd_bus_error_set(error, "org.freedesktop.DBus.Error.InvalidArgs", "\(property) takes a finite number")
        }
        return perform(action, error: error)
    }

    private func call(member: String, message: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        guard let call = BusMessage.call(member, message) else {
            return podline_sd_bus_error_set(error, "org.freedesktop.DBus.Error.InvalidArgs", "cannot read the arguments of \(member)")
        }
        let result = perform(MPRISModel.action(for: call, player: player), error: error)
        guard result >= 0 else { return result }
        return podline_bus_reply_empty(UnsafeMutableRawPointer(message))
    }

    private func perform(_ action: MPRISAction, error busError: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
        switch action {
        case .nothing:
            return 0
        case .quit:
            dispatcher.player.stop()
            quit()
            return 0
        case .command(let command):
            do {
                _ = try dispatcher.run(command)
                return 0
            } catch {
                return podline_sd_bus_error_set(busError, MPRISModel.failedError, error.message)
            }
        }
    }

    /// The C callbacks: each finds this service from its context, on the main thread (the bus is read there).
    private static let callbacks = podline_mpris_callbacks(
        get: { context, interface, property, reply, error in
            let (interface, property) = (String(cString: interface!), String(cString: property!))
            let service = service(context)
            let pointers = SameThread((OpaquePointer(reply!), typed(error)))
            return MainActor.assumeIsolated {
                service.get(interface: interface, property: property, reply: pointers.value.0, error: pointers.value.1)
            }
        },
        set: { context, interface, property, value, error in
            let (interface, property) = (String(cString: interface!), String(cString: property!))
            let service = service(context)
            let pointers = SameThread((OpaquePointer(value!), typed(error)))
            return MainActor.assumeIsolated {
                service.set(interface: interface, property: property, value: pointers.value.0, error: pointers.value.1)
            }
        },
        call: { context, member, message, error in
            let member = String(cString: member!)
            let service = service(context)
            let pointers = SameThread((OpaquePointer(message!), typed(error)))
            return MainActor.assumeIsolated { service.call(member: member, message: pointers.value.0, error: pointers.value.1) }
        })

    private nonisolated static func typed(_ error: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<sd_bus_error>? {
        error?.assumingMemoryBound(to: sd_bus_error.self)
    }

    private nonisolated static func service(_ context: UnsafeMutableRawPointer?) -> MPRISService {
        Unmanaged<MPRISService>.fromOpaque(context!).takeUnretainedValue()
    }
}
