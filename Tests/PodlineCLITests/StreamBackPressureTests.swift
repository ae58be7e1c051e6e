import Dispatch
import Foundation
import TestSupport
import Testing

@testable import Playback

/// A stream whose decoder is far behind waits for it without holding a thread of the shared pool: the transfer is
/// suspended, not blocked, and goes on as soon as the decoder takes bytes.
@Suite("stream back pressure")
struct StreamBackPressureTests {
    /// 12 MB: three times what a stream holds before it waits for its decoder.
    static let size = 12 << 20

    /// Runs `body` with a loopback server of the file `long.mp3`, `size` bytes.
    static func serving(_ body: (SlowFileServer) async throws -> Void) async throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
        try Data(bytes).write(to: folder.appendingPathComponent("long.mp3"))
        let server = try SlowFileServer(folder: folder, chunkBytes: 256 << 10, delay: 0)
        defer { server.stop() }
        try await body(server)
    }

    @Test("more streams over their high water than the pool has threads: a new task still runs at once")
    func fullStreamsHoldNoThread() async throws {
        try await Self.serving { server in try await checkNoThreadHeld(server) }
    }

    private func checkNoThreadHeld(_ server: SlowFileServer) async throws {
        let streams = (0...ProcessInfo.processInfo.activeProcessorCount).map { _ in HTTPByteStream(url: server.url("long.mp3")) }
        let ran = try await onOwnThread { () -> Bool in
            for stream in streams { _ = stream.waitForFill(atLeast: (4 << 20) + 1, waitingAtMost: 20) }
            // Every transfer now waits for its decoder.
            let done = DispatchSemaphore(value: 0)
            Task.detached { done.signal() }
            let ran = done.wait(timeout: .now() + 5) == .success
            for stream in streams { stream.cancel() }
            return ran
        }
        #expect(ran, "a task waited for a thread of the pool while the streams were full")
    }

    @Test("a full stream goes on when its decoder reads: every byte arrives, in order")
    func fullStreamGoesOn() async throws {
        try await Self.serving { server in try await checkGoesOn(server) }
    }

    private func checkGoesOn(_ server: SlowFileServer) async throws {
        let stream = HTTPByteStream(url: server.url("long.mp3"))
        let read = try await onOwnThread { () -> [UInt8] in
            _ = stream.waitForFill(atLeast: (4 << 20) + 1, waitingAtMost: 20)
            var read: [UInt8] = []
            while let bytes = try stream.read(maxBytes: 64 << 10, waitingAtMost: 10), !bytes.isEmpty {
                read += bytes
            }
            return read
        }
        #expect(read.count == Self.size)
        // Compared whole, not element by element: a failing comparison of two 12 MB arrays would be diffed for ever.
        let inOrder = read == (0..<Self.size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
        #expect(inOrder)
    }
}
