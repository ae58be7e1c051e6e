import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AudioEngine
@testable import Playback

/// A stream kept whole (`skip_inserted_streams`): every byte is written to a temporary file as fast as it comes, the
/// decoder reads it there, a move to a place that has come asks the server nothing, and the whole file is handed over
/// once it has come; a move past what has come asks for the rest and keeps it no longer.
@Suite("a stream kept whole", .serialized)
struct KeptStreamTests {
    /// 12 MB: three times what a stream holds in memory before it waits for its decoder.
    static let size = 12 << 20

    static func byte(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: index &* 31 &+ index >> 12) }

    /// Runs `body` with a loopback server of the file `long.mp3`, sending `chunkBytes` every `delay` seconds.
    static func serving(chunkBytes: Int = 256 << 10, delay: Double = 0, _ body: (SlowFileServer) async throws -> Void) async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((0..<size).map(byte)).write(to: folder.appendingPathComponent("long.mp3"))
        let server = try SlowFileServer(folder: folder, chunkBytes: chunkBytes, delay: delay)
        defer { server.stop() }
        try await body(server)
    }

    @Test("it comes whole without the decoder reading, is handed over byte for byte, and a move back asks the server nothing")
    func keptWhole() async throws {
        try await Self.serving { server in
            let handed = Mutex<KeptFile?>(nil)
            let stream = HTTPByteStream(url: server.url("long.mp3"), keepWhole: { kept in handed.withLock { $0 = kept } })
            defer { stream.cancel() }
            let fill = try await onOwnThread { stream.waitForFill(atLeast: Self.size, waitingAtMost: 20) }
            #expect(fill.held == Self.size, "\(fill)")
            let kept = try #require(poll(timeout: 5, every: 0.02, { handed.withLock { $0 } }, until: { $0 != nil }))
            #expect(kept.size == Self.size)
            let whole = try Data(contentsOf: URL(fileURLWithPath: kept.path))
            #expect(whole == Data((0..<Self.size).map(Self.byte)))
            #expect(stream.sendsParts)

            let read = try await onOwnThread { () -> [UInt8] in
                _ = try stream.read(maxBytes: 100_000, waitingAtMost: 5)
                #expect(stream.restart(at: 1_000))
                return try stream.read(maxBytes: 16, waitingAtMost: 5) ?? []
            }
            #expect(read == (1_000..<1_016).map(Self.byte))
            #expect(server.requests(for: "long.mp3") == ["-"])
        }
    }

    @Test("a move past what has come that will come soon (a resumed episode, on a fast line) waits for it, still kept")
    func moveWaitsForWhatComesSoon() async throws {
        // 256 KB every 10 ms: the 12 MB come in about half a second.
        try await Self.serving(chunkBytes: 256 << 10, delay: 0.01) { server in
            let handed = Mutex<KeptFile?>(nil)
            let stream = HTTPByteStream(url: server.url("long.mp3"), keepWhole: { kept in handed.withLock { $0 = kept } })
            defer { stream.cancel() }
            let read = try await onOwnThread { () -> [UInt8] in
                _ = try stream.read(maxBytes: 1_000, waitingAtMost: 10)
                #expect(stream.restart(at: 10 << 20))
                return try stream.read(maxBytes: 16, waitingAtMost: 10) ?? []
            }
            #expect(read == ((10 << 20)..<(10 << 20) + 16).map(Self.byte))
            #expect(server.requests(for: "long.mp3") == ["-"])
            let kept = try #require(poll(timeout: 5, every: 0.02, { handed.withLock { $0 } }, until: { $0 != nil }))
            #expect(kept.size == Self.size)
        }
    }

    @Test("a move past what has come asks the server for the rest from there, and nothing is handed over")
    func movePastWhatCame() async throws {
        // 64 KB every 50 ms: the 12 MB take over 9 s to come, and the 9 MB up to the place far longer than the wait.
        try await Self.serving(chunkBytes: 64 << 10, delay: 0.05) { server in
            let handed = Mutex(false)
            let stream = HTTPByteStream(url: server.url("long.mp3"), keepWhole: { _ in handed.withLock { $0 = true } })
            defer { stream.cancel() }
            let read = try await onOwnThread { () -> [UInt8] in
                _ = stream.waitForFill(atLeast: 1 << 20, waitingAtMost: 10)
                #expect(stream.restart(at: 10 << 20))
                var read: [UInt8] = []
                while let bytes = try stream.read(maxBytes: 256 << 10, waitingAtMost: 10), !bytes.isEmpty { read += bytes }
                return read
            }
            #expect(read.count == Self.size - (10 << 20))
            #expect(read == ((10 << 20)..<Self.size).map(Self.byte))
            #expect(server.requests(for: "long.mp3") == ["-", "bytes=\(10 << 20)-"])
            #expect(!handed.withLock { $0 })
        }
    }
}
