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
}
