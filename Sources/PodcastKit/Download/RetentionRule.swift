/// Which downloads of a show are deleted: played ones beyond the `keep` newest, and played ones heard to the end
/// longer ago than `deletePlayedAfter`. A favourite, an episode not played or one in progress is never deleted.
public struct RetentionRule: Sendable, Equatable {
    /// The newest downloads kept (0: all).
    public var keep: Int
    /// Seconds after an episode was played that its download is deleted (nil: never).
    public var deletePlayedAfter: Double?

    public init(keep: Int, deletePlayedAfter: Double? = nil) {
        self.keep = keep
        self.deletePlayedAfter = deletePlayedAfter
    }

    /// True when the rule never deletes anything.
    public var keepsAll: Bool { keep == 0 && deletePlayedAfter == nil }
}
