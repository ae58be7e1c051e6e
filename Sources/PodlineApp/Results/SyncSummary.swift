import PodcastKit

/// What a `sync` moved: subscriptions both ways, episode actions both ways, and what it skipped.
public struct SyncSummary: Codable, Equatable, Sendable {
    public var server: String
    public var device: String
    /// True for the first sync of this device, which merges instead of replacing.
    public var first: Bool
    public var subscriptions: Subscriptions
    public var actions: Actions
    /// Notes on what could not be taken over.
    public var skipped: [String]

    /// The subscriptions a sync took from the server and sent to it.
    public struct Subscriptions: Codable, Equatable, Sendable {
        public var subscribed: [String]
        public var removed: [String]
        public var sent: Int
    }

    /// The episode actions a sync received, applied, could not match, and sent.
    public struct Actions: Codable, Equatable, Sendable {
        public var received: Int
        public var applied: Int
        public var unmatched: Int
        public var sent: Int
    }

    /// What `report` says of a sync with the server of `settings`.
    public init(_ report: SyncReport, settings: SyncSettings) {
        (server, device, first) = (settings.server, SyncDevice.id(settings), report.first)
        subscriptions = Subscriptions(subscribed: report.subscribed, removed: report.unsubscribed, sent: report.sentSubscriptions)
        actions = Actions(
            received: report.receivedActions, applied: report.appliedActions, unmatched: report.unmatchedActions,
            sent: report.sentActions)
        skipped = report.notes
    }

    /// The documented JSON object, in the documented order.
    public var json: JSONValue {
        .object([
            ("server", .string(server)), ("device", .string(device)), ("first", .bool(first)),
            (
                "subscriptions",
                .object([
                    ("subscribed", .array(subscriptions.subscribed.map(JSONValue.string))),
                    ("removed", .array(subscriptions.removed.map(JSONValue.string))), ("sent", .int(subscriptions.sent)),
                ])
            ),
            (
                "actions",
                .object([
                    ("received", .int(actions.received)), ("applied", .int(actions.applied)),
                    ("unmatched", .int(actions.unmatched)), ("sent", .int(actions.sent)),
                ])
            ),
            ("skipped", .array(skipped.map(JSONValue.string))),
        ])
    }

    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}

extension SyncSummary: ResultValue {}
