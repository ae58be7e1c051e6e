/// What the engine plays: a local file, or a byte stream fed to the decoder as it arrives.
public enum EngineSource: Sendable {
    case file(path: String)
    case stream(name: String, ByteStream)
}

/// Bytes arriving from elsewhere (an HTTP download); read blocks until some arrive or the stream ends.
public protocol ByteStream: AnyObject, Sendable {
    /// Up to `maxBytes` bytes, waiting at most `seconds`: nil when none arrived yet, empty at the end.
    /// Throws the transfer's failure.
    func read(maxBytes: Int, waitingAtMost seconds: Double) throws -> [UInt8]?
    /// Asks the stream to start again at `byteOffset`; false when the server cannot do that.
    func restart(at byteOffset: Int) -> Bool
    /// Stops the transfer.
    func cancel()
    /// False once the server's answer showed it sends no part of a file (no `Accept-Ranges: bytes`, no 206): a move
    /// then means reading from the start again.
    var sendsParts: Bool { get }
    /// The whole resource's length in bytes, once an answer said it.
    var length: Int? { get }
    /// True for a live stream (a radio server's): it has no end and no place to move to, and nothing of it is kept.
    var isLive: Bool { get }
    /// How much is held and has arrived, once `bytes` are held or the stream ended, or after `seconds` in any case.
    func waitForFill(atLeast bytes: Int, waitingAtMost seconds: Double) -> StreamFill
}

/// What a byte stream holds for its reader and what has arrived so far.
public struct StreamFill: Sendable, Equatable {
    /// Bytes arrived and not read yet.
    public var held: Int
    /// Bytes arrived since the stream was made, over every restart.
    public var received: Int
    /// True when the stream has ended or failed: nothing more will arrive until a restart.
    public var ended: Bool

    public init(held: Int, received: Int, ended: Bool) {
        self.held = held
        self.received = received
        self.ended = ended
    }
}
