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
}
