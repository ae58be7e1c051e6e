import AsyncHTTPClient
import NIOHTTP1
import Testing

@testable import Playback

/// Which answers are a radio server's live stream: metadata between the audio, or a named stream without a length;
/// a file that carries an `icy-name` and says its length is a file.
@Suite("live streams told from files by their headers")
struct IcyHeadersTests {
    static func answer(_ headers: [(String, String)], status: HTTPResponseStatus = .ok) -> HTTPClientResponse {
        HTTPClientResponse(status: status, headers: HTTPHeaders(headers))
    }

    @Test("icy-metaint, or icy- names without a length: live; with a length, or none at all: a file")
    func liveOrFile() {
        #expect(HTTPByteStream.saysLive(Self.answer([("icy-metaint", "16000"), ("Content-Type", "audio/mpeg")])))
        #expect(HTTPByteStream.saysLive(Self.answer([("icy-name", "Radio"), ("Content-Type", "audio/aac")])))
        #expect(HTTPByteStream.saysLive(Self.answer([("ice-audio-info", "bitrate=128")])))
        #expect(!HTTPByteStream.saysLive(Self.answer([("icy-name", "Show"), ("Content-Length", "1000000")])))
        #expect(!HTTPByteStream.saysLive(Self.answer([("icy-name", "Show")], status: .partialContent)))
        #expect(!HTTPByteStream.saysLive(Self.answer([("Content-Type", "audio/mpeg")])))
    }
}
