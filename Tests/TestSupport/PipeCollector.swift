import Foundation

/// Collects everything a pipe delivers, on a thread of its own, so a test can look while it runs.
public final class PipeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                lock.withLock { collected.append(chunk) }
            }
            done.signal()
        }
    }

    /// What has arrived so far.
    public var data: Data { lock.withLock { collected } }

    /// Waits for the end of the stream and returns everything.
    public func finish() -> Data {
        done.wait()
        return data
    }
}
