import Foundation
import Playback
import Synchronization

/// config.toml as this process reads it: the first time a command asks, and again after `podline show SLUG set`
/// wrote it (in the REPL, the next episode of that show then starts with its new settings).
///
/// Every command reads its settings from here, so a flag, the show's own setting, config.toml and the built-in
/// default are weighed the same way everywhere; a broken file is refused by every command alike (exit 78).
public enum Configuration {
    /// The file as read (nil until a command asks, and after `reload`), and who is called with the settings each time
    /// it is read again.
    private struct State {
        var loaded: Loaded?
        var observers: [@Sendable (Settings) -> Void] = []
    }

    /// The file read, or why it was refused. (Not a `Result`: the runtime would look up the error's conformance to
    /// `Error` among every conformance of the binary to make its type, about 460,000 instructions of each command's
    /// start.)
    private enum Loaded {
        case file(ConfigFile)
        case refused(ConfigError)
    }

    private static let state = Mutex(State())

    /// The file read, or why it was refused.
    public static func file() throws(ConfigError) -> ConfigFile {
        switch current() {
        case .file(let file): file
        case .refused(let error): throw error
        }
    }

    private static func current() -> Loaded {
        state.withLock { state in
            if let loaded = state.loaded { return loaded }
            let read: Loaded
            do throws(ConfigError) {
                read = .file(try ConfigFile.load())
            } catch {
                read = .refused(error)
            }
            state.loaded = read
            return read
        }
    }

    /// The settings in force; the defaults only when the file was refused (commands have stopped by then).
    public static var settings: Settings {
        (try? file().settings) ?? Settings()
    }

    /// Reads the file again and hands its settings to whoever follows them (a running player).
    package static func reload() {
        state.withLock { $0.loaded = nil }
        let settings = settings
        for observer in state.withLock({ $0.observers }) { observer(settings) }
    }

    /// Calls `observer` with the settings each time the file is read again.
    package static func follow(_ observer: @escaping @Sendable (Settings) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Checks the file once for a command about to run: on a broken file, one line naming the file, the line and
    /// the key, and the configuration exit status.
    /// `warningOnly`: the line is a warning and the command goes on.
    public static func check(warningOnly: Bool = false) -> Int32? {
        guard checkedFile(warningOnly: warningOnly) == nil, !warningOnly else { return nil }
        return ExitStatus.config
    }

    /// The file read; nil, after one line naming the file, the line and the key, when it is broken.
    package static func checkedFile(warningOnly: Bool = false) -> ConfigFile? {
        do {
            return try file()
        } catch {
            printError((warningOnly ? "warning: " : "") + error.description)
            return nil
        }
    }
}
