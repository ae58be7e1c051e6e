import Foundation

/// When the sleep timer stops playback.
public enum SleepTimer: Equatable, Sendable {
    /// At this moment.
    case at(Date)
    /// When the current episode ends.
    case endOfEpisode
}

/// A request to move the play position; the serial makes two identical requests distinct changes.
public struct SeekRequest: Equatable, Sendable {
    public var serial: Int
    /// Seconds: a position, or an offset when `isRelative`.
    public var seconds: Double
    public var isRelative: Bool

    public init(serial: Int, seconds: Double, isRelative: Bool) {
        self.serial = serial
        self.seconds = seconds
        self.isRelative = isRelative
    }
}
