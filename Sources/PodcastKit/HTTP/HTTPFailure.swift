import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// Why an HTTP request failed, worded for a one-line error message.
public struct HTTPFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    /// The HTTP status, when the server answered with an error.
    public var status: Int?
    /// True when the request that got that answer carried a private feed's credentials.
    public var sentCredentials: Bool

    public init(_ reason: String, status: Int? = nil, sentCredentials: Bool = false) {
        self.reason = reason
        self.status = status
        self.sentCredentials = sentCredentials
    }

    public var description: String { reason }

    private static let truncated = "the server closed the connection before the response ended (truncated)"

    /// A failure for whatever the HTTP client or the network threw.
    public static func from(_ error: any Error, timeouts: HTTPTimeouts) -> HTTPFailure {
        if let failure = error as? HTTPFailure { return failure }
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout: return HTTPFailure("timed out connecting (after \(timeouts.connect) s)")
            case .readTimeout: return HTTPFailure("timed out waiting for data (after \(timeouts.read) s)")
            case .deadlineExceeded: return HTTPFailure("timed out (no complete answer within \(timeouts.total) s)")
            case .remoteConnectionClosed: return HTTPFailure(truncated)
            case .cancelled: return HTTPFailure("cancelled")
            case .invalidURL, .emptyHost, .emptyScheme: return HTTPFailure("invalid URL")
            default: break
            }
        }
        if error is CancellationError { return HTTPFailure("cancelled") }
        if let parser = error as? HTTPParserError, parser == .invalidEOFState { return HTTPFailure(truncated) }
        if let io = error as? IOError { return HTTPFailure(Self.errnoReason(io.errnoCode)) }
        // NIOHTTPCompression's error (a module this one does not import) says only "limit".
        if String(reflecting: type(of: error)).contains("DecompressionError") {
            return HTTPFailure("larger than the size limit once decompressed")
        }
        let text = String(describing: error)
        for (needle, reason) in [
            ("Connection refused", "connection refused"), ("connectTimeout", "timed out connecting"),
            ("UnknownHost", "host not found"), ("DNS error", "host not found"),
            ("No address", "host not found"), ("lookup", "host not found"),
            ("Network is unreachable", "network unreachable"), ("Connection reset", "connection reset"),
            ("uncleanShutdown", "the connection was closed early"), ("handshake", "TLS handshake failed"),
        ]
        where text.contains(needle) {
            return HTTPFailure(reason)
        }
        return HTTPFailure(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    private static func errnoReason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

#if canImport(Glibc)
    import Glibc
#endif
