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

    /// The standard location for this user and environment.
    public static func standard(environment: [String: String] = ProcessEnvironment.values("XDG_RUNTIME_DIR")) -> ControlLocation {
        // A runtime folder that does not exist is passed over for the replacement XDG advises.
        var isFolder: ObjCBool = false
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
            FileManager.default.fileExists(atPath: runtime, isDirectory: &isFolder), isFolder.boolValue
        {
            return ControlLocation(directory: runtime + "/podline")
        }
        return ControlLocation(directory: "/tmp/podline-\(geteuid())")
    }
}
