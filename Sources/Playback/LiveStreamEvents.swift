/// What a live stream tells the player as it plays: that it is live, each title where the decoder reaches it, that it
/// broke off (and is being opened again, until it answers).
struct LiveStreamEvents: Sendable {
    var began: @Sendable () -> Void = {}
    var title: @Sendable (String) -> Void = { _ in }
    var brokeOff: @Sendable (String) -> Void = { _ in }
}
