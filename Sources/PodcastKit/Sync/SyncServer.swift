import Foundation
import Logging

/// One sync server as Podline speaks to it: the gpodder.net API (v2) or Nextcloud's GPodder Sync app, with HTTP Basic
/// credentials sent on every request and JSON both ways.
public struct SyncServer: Sendable {
    public let settings: SyncSettings
    /// This device's id.
    public let device: String
    private let authorization: String
    private let http: HTTPFetcher
    /// The largest answer read (a page of 10,000 actions is about 3 MB).
    public static let sizeCap = 64 * 1024 * 1024

    public init(settings: SyncSettings, password: String, device: String, http: HTTPFetcher) {
        self.settings = settings
        self.device = device
        self.http = http
        authorization = "Basic " + Data("\(settings.username):\(password)".utf8).base64EncodedString()
    }

    private var base: String { APIAddress.base(settings.server) }

    private var user: String { APIAddress.component(settings.username) }

    /// Registers this device (caption and type), so that other devices see it (gpodder only).
    public func registerDevice(caption: String) async throws(SyncError) {
        guard settings.kind == .gpodder else { return }
        let body = JSONValue.object([("caption", .string(caption)), ("type", .string("desktop"))])
        _ = try await send("POST", "/api/2/devices/\(user)/\(APIAddress.component(device)).json", body: body)
    }

    /// Puts every device of the account in one sync group with this one, so that subscriptions reach them all, as
    /// Kasts does (gpodder only; nothing to do with one device, or when they already are). The groups' answer lists
    /// every device, grouped or not: one request when nothing is to be done.
    public func linkDevices() async throws(SyncError) {
        guard settings.kind == .gpodder else { return }
        let groups = try await send("GET", "/api/2/sync-devices/\(user).json") as? [String: Any]
        let synchronized = groups?["synchronized"] as? [[String]] ?? []
        let alone = (groups?["not-synchronized"] as? [Any] ?? []).compactMap { $0 as? String }
        let ids = Set(synchronized.flatMap { $0 } + alone + [device])
        guard ids.count >= 2, !synchronized.contains(where: { Set($0) == ids }) else { return }
        let body = JSONValue.object([
            ("synchronize", .array([.array(ids.sorted().map(JSONValue.string))])), ("stop-synchronize", .array([])),
        ])
        _ = try await send("POST", "/api/2/sync-devices/\(user).json", body: body)
    }

    /// The subscription changes since `since` (the server's time of a previous answer; 0: all).
    public func pullSubscriptions(since: Int) async throws(SyncError) -> (add: [String], remove: [String], timestamp: Int) {
        let path =
            settings.kind == .gpodder
            ? "/api/2/subscriptions/\(user)/\(APIAddress.component(device)).json?since=\(since)"
            : "/index.php/apps/gpoddersync/subscriptions?since=\(since)"
        guard let answer = try await send("GET", path) as? [String: Any] else {
            throw .server("the subscriptions answer is not a JSON object")
        }
        return (Self.strings(answer["add"]), Self.strings(answer["remove"]), JSONNumbers.integer(answer["timestamp"]) ?? since)
    }

    /// Sends subscription changes; returns the server's time and the URLs it rewrote (`[old, new]`, new empty when
    /// refused).
    public func pushSubscriptions(add: [String], remove: [String]) async throws(SyncError) -> (
        timestamp: Int?, updateURLs: [(String, String)]
    ) {
        let path =
            settings.kind == .gpodder
            ? "/api/2/subscriptions/\(user)/\(APIAddress.component(device)).json" : "/index.php/apps/gpoddersync/subscription_change/create"
        let body = JSONValue.object([("add", .array(add.map(JSONValue.string))), ("remove", .array(remove.map(JSONValue.string)))])
        let answer = try await send("POST", path, body: body) as? [String: Any]
        let rewritten = (answer?["update_urls"] as? [[Any]] ?? []).compactMap { pair -> (String, String)? in
            guard pair.count == 2, let old = pair[0] as? String, let new = pair[1] as? String else { return nil }
            return (old, new)
        }
        return (JSONNumbers.integer(answer?["timestamp"]), rewritten)
    }

    /// The episode actions since `since` (inclusive on both servers' action times: an action at `since` comes again),
    /// with a line for each one skipped as malformed.
    public func pullActions(since: Int) async throws(SyncError) -> (actions: [SyncAction], skipped: [String], timestamp: Int) {
        let path =
            settings.kind == .gpodder
            ? "/api/2/episodes/\(user).json?since=\(since)" : "/index.php/apps/gpoddersync/episode_action?since=\(since)"
        guard let answer = try await send("GET", path) as? [String: Any] else {
            throw .server("the episode actions answer is not a JSON object")
        }
        var actions: [SyncAction] = []
        var skipped: [String] = []
        for (index, item) in (answer["actions"] as? [Any] ?? []).enumerated() {
            switch Self.action(item) {
            case .success(let action): actions.append(action)
            case .failure(let problem): skipped.append("episode action \(index + 1) skipped: \(problem.reason)")
            }
        }
        return (actions, skipped, JSONNumbers.integer(answer["timestamp"]) ?? since)
    }

    /// Sends episode actions; returns the server's time.
    public func pushActions(_ actions: [SyncAction]) async throws(SyncError) -> Int? {
        let path = settings.kind == .gpodder ? "/api/2/episodes/\(user).json" : "/index.php/apps/gpoddersync/episode_action/create"
        let answer = try await send("POST", path, body: .array(actions.map(json)))
        return JSONNumbers.integer((answer as? [String: Any])?["timestamp"])
    }

    /// An action as the server reads it: times in UTC without a zone, positions only with `play` (a phone's client
    /// refuses them on other actions); Nextcloud wants every key and the action's name as it stores it. A play whose
    /// episode's length is not known carries its position alone: the gpodder API takes started, position and total
    /// together or position alone, and a made-up total would tell other devices the episode ended there (Nextcloud
    /// gets -1 for the two, its own "not given").
    private func json(_ action: SyncAction) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("podcast", .string(action.podcast)), ("episode", .string(action.episode)), ("action", .string(action.kind.rawValue)),
            ("timestamp", .string(SyncAction.timeText(action.timestamp))),
        ]
        if let guid = action.guid { members.append(("guid", .string(guid))) }
        if settings.kind == .gpodder { members.append(("device", .string(device))) }
        if action.kind == .play, let total = action.total {
            members += [
                ("started", .int(Int64(action.started ?? 0))), ("position", .int(Int64(action.position ?? 0))),
                ("total", .int(Int64(total))),
            ]
        } else if action.kind == .play {
            members.append(("position", .int(Int64(action.position ?? 0))))
            if settings.kind == .nextcloud { members += [("started", .int(-1)), ("total", .int(-1))] }
        } else if settings.kind == .nextcloud {
            members += [("started", .int(-1)), ("position", .int(-1)), ("total", .int(-1))]
        }
        return .object(members)
    }

    private struct Malformed: Error {
        var reason: String
    }

    /// A remote action read, or why it cannot be used.
    private static func action(_ item: Any) -> Result<SyncAction, Malformed> {
        guard let object = item as? [String: Any] else { return .failure(Malformed(reason: "not a JSON object")) }
        guard let podcast = object["podcast"] as? String, FeedURL.isRemote(podcast) else {
            return .failure(Malformed(reason: "no http(s) podcast URL"))
        }
        guard let episode = object["episode"] as? String, FeedURL.isRemote(episode) else {
            return .failure(Malformed(reason: "no http(s) episode URL"))
        }
        guard let name = object["action"] as? String, let kind = SyncAction.Kind(rawValue: name.lowercased()) else {
            return .failure(Malformed(reason: "an unknown action \(object["action"].map { "\($0)" } ?? "(none)")"))
        }
        guard let text = object["timestamp"] as? String, let timestamp = SyncAction.time(text) else {
            return .failure(Malformed(reason: "no timestamp YYYY-MM-DDTHH:MM:SS"))
        }
        func seconds(_ key: String) -> Int? { JSONNumbers.integer(object[key]).flatMap { $0 >= 0 ? $0 : nil } }
        return .success(
            SyncAction(
                podcast: podcast, episode: episode, guid: object["guid"] as? String, kind: kind, device: object["device"] as? String,
                timestamp: timestamp, started: seconds("started"), position: seconds("position"), total: seconds("total")))
    }

    private static func strings(_ value: Any?) -> [String] {
        (value as? [Any] ?? []).compactMap { $0 as? String }
    }

    /// Sends one request and reads its JSON answer (nil for an empty body); a failure is worded by what it means for
    /// the listener: unreachable, refused credentials, or a server that answered wrongly.
    private func send(_ method: String, _ path: String, body: JSONValue? = nil) async throws(SyncError) -> Any? {
        var headers = [("Authorization", authorization), ("Accept", "application/json")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let answer: HTTPAnswer
        let started = ContinuousClock.now
        do {
            answer = try await http.exchange(method, base + path, headers: headers, body: body?.renderedBytes, sizeCap: Self.sizeCap)
            let took = (ContinuousClock.now - started) / .milliseconds(1)
            Logger(label: "podline.sync").debug("\(method) \(path): HTTP \(answer.status), \(answer.body.count) bytes, \(Int(took)) ms")
        } catch {
            if let status = error.status { throw .server("\(settings.server): HTTP \(status): \(error.reason)") }
            throw .unreachable("\(settings.server): \(error.reason)")
        }
        switch answer.status {
        case 200..<300:
            break
        case 401, 403:
            throw .refused("\(settings.server): the server refused the username or password (HTTP \(answer.status))")
        case 500...:
            throw .unreachable("\(settings.server): the server failed (HTTP \(answer.status))")
        default:
            let detail = Self.detail(answer.body).map { ": \($0)" } ?? ""
            throw .server("\(settings.server): \(method) \(path.split(separator: "?")[0]) answered HTTP \(answer.status)\(detail)")
        }
        if answer.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return nil }
        guard let value = try? JSONSerialization.jsonObject(with: Data(answer.body), options: [.fragmentsAllowed]) else {
            throw .server("\(settings.server): \(path.split(separator: "?")[0]) answered with something else than JSON")
        }
        return value
    }

    /// The `detail` of a FastAPI-style error body, on one line and short.
    private static func detail(_ body: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], let detail = object["detail"] else {
            return nil
        }
        let text = (detail as? String) ?? "\(detail)"
        return String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(200))
    }
}
