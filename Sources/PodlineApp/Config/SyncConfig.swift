import Foundation
import Playback
import PodcastKit

/// `[sync]` of config.toml: the sync server and how to reach it.
package enum SyncConfig {
    package static let section = ConfigSection<SyncSettings>(
        table: "sync", summary: "the sync server (gpodder.net API or Nextcloud GPodder Sync); see podline help sync",
        keys: [
            .textKey(
                "server", summary: "the server's base URL (https; http only for 127.0.0.1, ::1 or localhost, or with allow_http)",
                example: "\"https://gpodder.example.org\"", \.server, check: ConfigSection<SyncSettings>.urlProblem),
            ConfigSection.Key(
                name: "kind", summary: "the server's protocol: \(SyncSettings.Kind.allCases.map(\.rawValue).joined(separator: " or "))",
                example: "\"gpodder\"",
                apply: { value, sync in
                    guard let kind = value.string.flatMap(SyncSettings.Kind.init(rawValue:)) else {
                        return "expected \(SyncSettings.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))"
                    }
                    sync.kind = kind
                    return nil
                }, render: { ConfigKey.quoted($0.kind.rawValue) }),
            .textKey(
                "username", summary: "the account's name", example: "\"alice\"", \.username,
                check: { $0.isEmpty || $0.contains(":") ? "expected a name (without ':')" : nil }),
            .optionalTextKey(
                "password_command",
                summary: "a command whose first line of output is the password (else PODLINE_SYNC_PASSWORD); the password is never stored",
                example: "\"pass show gpodder\"", \.passwordCommand),
            ConfigSection.Key(
                name: "device", summary: "this device's id on the server (letters, digits, '.', '-', '_'; default podline-HOSTNAME)",
                example: "\"podline-laptop\"",
                apply: { value, sync in
                    guard let text = value.string, SyncDevice.isValid(text) else { return "expected letters, digits, '.', '-' or '_'" }
                    sync.device = text
                    return nil
                }, render: { ConfigKey.quoted(SyncDevice.id($0)) }),
            .switchKey("auto", summary: "sync after update and when a player stops (true or false)", example: "true", \.auto),
            .switchKey(
                "allow_http", summary: "allow a server on plain http beyond the loopback addresses (true or false)", example: "false",
                \.allowHTTP),
        ],
        required: ["server", "username"])
}

/// This device's id on a sync server.
package enum SyncDevice {
    /// The id `settings` name, else `standard()`.
    package static func id(_ settings: SyncSettings) -> String {
        settings.device ?? standard()
    }

    /// `podline-HOSTNAME`, the host name's other characters as `-`.
    package static func standard() -> String {
        let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "host"
        let cleaned = String(host.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
        return "podline-" + (cleaned.isEmpty ? "host" : cleaned)
    }

    /// True for an id servers take: letters, digits, `.`, `-`, `_`.
    package static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64 && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
    }
}
