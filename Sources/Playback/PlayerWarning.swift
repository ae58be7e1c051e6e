/// How the player runtime reports what a listener must hear about (a failed save, an episode that cannot play, the
/// sound output gone): one line each, which the front end writes (`podline: …` on standard error).
public typealias PlayerWarning = @MainActor (String) -> Void

/// A front end's part of a running player (the control socket, the desktop's media controls): started when the
/// player starts, stopped when it stops.
@MainActor
public protocol PlayerService: AnyObject {
    func start()
    func stop()
}
