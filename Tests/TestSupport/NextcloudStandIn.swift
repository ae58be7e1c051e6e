import Foundation

/// A stand-in for Nextcloud's GPodder Sync app on 127.0.0.1 (`Tests/sync/nextcloud_standin.py`), with controls to seed
/// what a phone posted, to inject faults and to read what it holds.
public final class NextcloudStandIn: Sendable {
    private let service: PythonService

    /// Starts one that takes `user` and `password`.
    public init(user: String, password: String) throws {
        let folder = try Fixtures.temporaryDirectory("nextcloud-standin")
        service = try PythonService(script: "sync/nextcloud_standin.py", arguments: [folder.path, user, password])
    }

    /// `http://127.0.0.1:PORT` (Podline adds the app's path).
    public var url: String { service.url }

    /// Sets faults, clock skew, malformed actions, or seeds actions and subscriptions (`/_control`).
    public func control(_ json: String) throws {
        _ = try service.request("/_control", body: json)
    }

    /// What it holds: `subscriptions` (url → subscribed, updated), `actions`, and `posted` (actions per POST).
    public func state() throws -> [String: Any] {
        try service.request("/_state")
    }

    /// Stops it at once (as a server that goes down).
    public func stop() { service.stop() }
}
