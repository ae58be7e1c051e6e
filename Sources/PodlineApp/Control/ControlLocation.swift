import Foundation
import PodcastKit

/// Where the control socket lives: `$XDG_RUNTIME_DIR/podline/control.sock`, else a private folder under /tmp.
public struct ControlLocation: Sendable, Equatable {
    /// The folder holding the socket (kept at mode 0700).
    public var directory: String
    /// The socket's path.
    public var socketPath: String { directory + "/control.sock" }

    public init(directory: String) {
        self.directory = directory
    }

    /// The standard location for this user and `$XDG_RUNTIME_DIR` (read as a single variable: a dictionary of the
    /// environment would cost a client's start-up the runtime's first look for `String: Hashable`).
    public static func standard(runtimeFolder: String? = ProcessEnvironment.value("XDG_RUNTIME_DIR")) -> ControlLocation {
        // A runtime folder that does not exist is passed over for the replacement XDG advises.
        var isFolder: ObjCBool = false
        if let runtime = runtimeFolder, runtime.hasPrefix("/"),
            FileManager.default.fileExists(atPath: runtime, isDirectory: &isFolder), isFolder.boolValue
        {
            return ControlLocation(directory: runtime + "/podline")
        }
        return ControlLocation(directory: "/tmp/podline-\(geteuid())")
    }
}
