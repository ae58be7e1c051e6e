import Foundation
import Logging
import PodcastKit

extension LibraryTaskRunner {
    /// `sync`: keeps the library in step with the `[sync]` server; one line (or one JSON object) saying what moved.
    package func sync() async throws(CommandError) -> Int32 {
        let report = try await SyncStart.run(editor: editor)
        for note in report.notes { Logger(label: "podline.sync").info("\(note)") }
        let settings = try SyncStart.settings()
        output.value(SyncSummary(report, settings: settings))
        output.line(SyncStart.summary(report, settings: settings))
        return 0
    }

    /// `sync status`: the server, the device, the last sync and what waits to be sent.
    package func syncStatus() throws(CommandError) -> Int32 {
        let settings = try SyncStart.settings()
        let store: LibraryStore
        let waiting: (subscriptions: Int, actions: Int)
        let last: Date?
        do {
            store = try self.store
            waiting = try store.syncWaiting()
            last = try store.syncState(SyncState.lastSync).flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
        } catch {
            throw CommandError(error)
        }
        let device = SyncDevice.id(settings)
        output.value(
            .object([
                ("server", .string(settings.server)), ("kind", .string(settings.kind.rawValue)), ("username", .string(settings.username)),
                ("device", .string(device)), ("auto", .bool(settings.auto)),
                ("last_sync", last.map { .string(ISO8601.string($0)) } ?? .null),
                ("waiting", .object([("subscriptions", .int(Int64(waiting.subscriptions))), ("actions", .int(Int64(waiting.actions)))])),
            ]))
        output.line("\(settings.server) (\(settings.kind.rawValue)) as \(settings.username), device \(device)")
        output.line("last sync: \(last.map { SyncAction.timeText($0).replacingOccurrences(of: "T", with: " ") + " UTC" } ?? "never")")
        output.line(
            "waiting: \(waiting.subscriptions) subscription change\(waiting.subscriptions == 1 ? "" : "s"), \(waiting.actions) episode action\(waiting.actions == 1 ? "" : "s")"
        )
        return 0
    }
}

/// How a sync starts from the settings: the server's address checked, the password had, the run made on a front
/// end's library model; shared by `sync` and the automatic syncs.
@MainActor
package enum SyncStart {
    /// `[sync]`, or a configuration error saying what is missing.
    package static func settings() throws(CommandError) -> SyncSettings {
        guard let sync = Configuration.settings.sync else {
            throw CommandError(.configuration, "sync: no [sync] server in config.toml (see 'podline help sync')")
        }
        return sync
    }

    /// True when `[sync]` asks for automatic syncs.
    package static var isAutomatic: Bool { Configuration.settings.sync?.auto == true }

    /// Runs one sync on `editor`'s model of the library.
    package static func run(editor: LibraryEditor) async throws(CommandError) -> SyncReport {
        let settings = try settings()
        try checkAddress(settings)
        let password = try password(settings)
        let library: Library
        do {
            library = try editor.library()
        } catch {
            throw CommandError(error)
        }
        let recorder = editor.syncRecorder ?? SyncRecorder(store: library.store)
        let device = SyncDevice.id(settings)
        let configured = Configuration.settings
        do {
            return try await HTTPFetcher.with { http in
                let server = SyncServer(settings: settings, password: password, device: device, http: http!)
                let run = SyncRun(
                    library: library, recorder: recorder, server: server, loader: FeedLoader(http: http), jobs: configured.updateJobs,
                    playedMargin: configured.playedMargin, caption: "Podline on \(ProcessInfo.processInfo.hostName)")
                return try await run.run()
            }
        } catch let error as SyncError {
            throw CommandError(sync: error)
        } catch {
            throw CommandError(.failed, "sync: \(error)")
        }
    }

    /// Syncs by itself (after `update`, when a player stops) when `[sync]` asks for it; a failure is one warning line.
    package static func automatically(editor: LibraryEditor) async {
        guard isAutomatic else { return }
        do {
            let report = try await run(editor: editor)
            let line = summary(report, settings: try settings())
            Logger(label: "podline.sync").debug("\(line)")
        } catch {
            printError("warning: \(error.message)")
        }
    }

    /// Plain HTTP only to a loopback address, unless `allow_http`.
    private static func checkAddress(_ settings: SyncSettings) throws(CommandError) {
        guard let url = URL(string: settings.server), let scheme = url.scheme?.lowercased(), let host = url.host else {
            throw CommandError(.configuration, "sync: server \(settings.server) is not an http(s) URL")
        }
        let loopback = ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.")
        guard scheme == "https" || (scheme == "http" && (loopback || settings.allowHTTP)) else {
            throw CommandError(
                .configuration,
                "sync: server \(settings.server) is not https (set allow_http = true in [sync] to send the password in the clear)")
        }
    }

    /// The password: `PODLINE_SYNC_PASSWORD`, else the first line `password_command` prints. Never in a message.
    private static func password(_ settings: SyncSettings) throws(CommandError) -> String {
        do {
            return try SecretCommand.secret(variable: "PODLINE_SYNC_PASSWORD", command: settings.passwordCommand, what: "sync password")
        } catch {
            throw CommandError(error.kind, "sync: \(error.message)")
        }
    }

    /// One line saying what a sync did.
    package static func summary(_ report: SyncReport, settings: SyncSettings) -> String {
        var parts: [String] = []
        if !report.subscribed.isEmpty { parts.append("subscribed to \(report.subscribed.joined(separator: ", "))") }
        if !report.unsubscribed.isEmpty { parts.append("removed \(report.unsubscribed.joined(separator: ", "))") }
        parts.append("\(report.appliedActions) of \(report.receivedActions) episode action\(report.receivedActions == 1 ? "" : "s") taken")
        parts.append(
            "sent \(report.sentSubscriptions) subscription change\(report.sentSubscriptions == 1 ? "" : "s") and \(report.sentActions) action\(report.sentActions == 1 ? "" : "s")"
        )
        return "Synced with \(settings.server)\(report.first ? " (first sync)" : ""): " + parts.joined(separator: "; ") + "."
    }
}

extension CommandError {
    /// A sync failure with its documented exit status.
    package init(sync error: SyncError) {
        switch error {
        case .unreachable(let reason): self.init(.unreachable, "sync: \(reason)")
        case .refused(let reason): self.init(.refused, "sync: \(reason)")
        case .server(let reason), .library(let reason): self.init(.failed, "sync: \(reason)")
        }
    }
}
