/// `[sync]` of config.toml: the server a library is kept in step with, and how.
public struct SyncSettings: Sendable, Equatable {
    /// The server's protocol.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The gpodder.net API, version 2 (gpodder.net, mygpo, gpodder-fastapi-router, opodsync).
        case gpodder
        /// Nextcloud's GPodder Sync app.
        case nextcloud
    }

    /// The server's base URL (no default: there is no server everyone should use).
    public var server: String
    public var kind: Kind = .gpodder
    public var username: String
    /// A command whose first line of output is the password; nil: `PODLINE_SYNC_PASSWORD` only.
    public var passwordCommand: String?
    /// This device's id on the server; nil: `podline-<hostname>`.
    public var device: String?
    /// Whether `update` and a player that stops sync by themselves.
    public var auto = true
    /// Whether a server may be reached over plain HTTP beyond the loopback addresses.
    public var allowHTTP = false

    public init(server: String, username: String) {
        self.server = server
        self.username = username
    }
}
