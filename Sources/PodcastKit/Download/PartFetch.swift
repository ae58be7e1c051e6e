import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches a media file into a `.part` file: resumed with `Range` from where the file ends, and tried again while each
/// try brings bytes.
public struct PartFetch: Sendable {
    public let http: HTTPFetcher

    public init(http: HTTPFetcher) {
        self.http = http
    }

    /// Fetches `url` a second time into `path`, from its start, with another user agent: for comparing with a first
    /// fetch (`skip_inserted`), a download or a stream kept whole. `ref` names it in errors. The caller removes the file.
    public func again(_ url: String, to path: String, ref: String) async throws(DownloadError) {
        try? FileManager.default.removeItem(atPath: path)
        let total = try await retrying(url, to: path, ref: ref, expected: nil, userAgent: HTTPFetcher.secondUserAgent) { _ in }
        let size = OutputFile.size(of: path) ?? 0
        if let total, size != total { throw DownloadError("\(ref): second fetch incomplete, got \(size) of \(total) bytes") }
    }

    /// `fetch`, tried again from where the `.part` file ends while each try brings bytes or the fetcher's
    /// retry delays last; a first connection that fails, an HTTP error or a disk error is final.
    func retrying(
        _ url: String, to part: String, ref: String, expected: Int64?, userAgent: String = HTTPFetcher.userAgent,
        progress: @escaping @Sendable (DownloadProgress) -> Void
    ) async throws(DownloadError) -> Int64? {
        var attempt = 0
        var begun = false
        while true {
            let before = OutputFile.size(of: part) ?? 0
            do {
                let total = try await fetch(url, to: part, ref: ref, expected: expected, userAgent: userAgent, progress: progress)
                let size = OutputFile.size(of: part) ?? 0
                guard let total, size < total, size > before else { return total }
                begun = true  // the server closed early: go on from the new end
                attempt = 0
            } catch {
                let size = OutputFile.size(of: part) ?? 0
                if size > before {
                    begun = true
                    attempt = 0
                }
                // Cancelled (Ctrl-C in the REPL): the part file is kept, and nothing is tried again.
                guard error.interrupted, begun, !Task.isCancelled, let delay = http.retry.delay(before: attempt) else { throw error }
                attempt += 1
                try? await Task.sleep(for: .seconds(delay))
            }
        }
    }

    /// Streams `url` into `part`, resuming from its current size; returns the full length when known.
    private func fetch(
        _ url: String, to part: String, ref: String, expected: Int64?, userAgent: String,
        progress: @escaping @Sendable (DownloadProgress) -> Void
    ) async throws(DownloadError) -> Int64? {
        let existing = OutputFile.size(of: part) ?? 0
        // A part file as long as the feed says the episode is was complete when the last run was cut off
        // before it could rename it: nothing is left to ask for (and a server may answer oddly for a range
        // past the end).
        if existing > 0, existing == expected { return existing }
        var headers = HTTPHeaders()
        if existing > 0 { headers.add(name: "Range", value: "bytes=\(existing)-") }
        do {
            let deadline = NIODeadline.now() + .hours(12)
            let (response, _) = try await http.send(url, headers: headers, deadline: deadline, userAgent: userAgent)
            let status = response.status.code
            var offset: Int64 = 0
            var total: Int64?
            switch status {
            case 206:
                guard let range = response.headers.first(name: "Content-Range").flatMap(ContentRange.init), range.start == existing else {
                    throw DownloadError("\(ref): the server sent a partial answer for the wrong range")
                }
                offset = existing
                total = range.total
            case 200:
                total = response.headers.first(name: "Content-Length").flatMap(Int64.init)
            case 416 where existing > 0 && expected == existing:
                return existing  // the part file is already complete
            case 416:
                try? FileManager.default.removeItem(atPath: part)  // start over next time, cleanly
                throw DownloadError("\(ref): HTTP 416 Range Not Satisfiable (partial file discarded)")
            default:
                throw DownloadError("\(ref): HTTP \(status) \(response.status.reasonPhrase)")
            }
            if status == 206, total == nil, let length = response.headers.first(name: "Content-Length").flatMap(Int64.init) {
                total = existing + length
            }
            let file = try onDisk(part, ref: ref) { () throws(DownloadError) in try OutputFile(path: part, truncate: status == 200) }
            var received = offset
            var lastReport: Int64 = -1
            for try await buffer in response.body {
                try onDisk(part, ref: ref) { () throws(DownloadError) in
                    try buffer.withUnsafeReadableBytes { bytes throws(DownloadError) in try file.write(bytes) }
                }
                received += Int64(buffer.readableBytes)
                if received - lastReport >= 256 * 1024 {
                    lastReport = received
                    progress(DownloadProgress(ref: ref, received: received, total: total))
                }
            }
            try onDisk(part, ref: ref) { () throws(DownloadError) in try file.sync() }
            progress(DownloadProgress(ref: ref, received: received, total: total))
            return total
        } catch let error as DownloadError {
            throw error
        } catch {
            var failure = DownloadError(
                "\(ref): \(HTTPFailure.from(error, timeouts: http.timeouts).reason) (partial file kept for resuming)")
            failure.interrupted = true
            throw failure
        }
    }
}

/// Runs a file operation on the download's `.part` file; a failure (a full disk above all) names the episode
/// and says what was kept. The `.part` file is kept rather than removed: it holds a correct prefix of the
/// enclosure, so the next `download` resumes with a Range request instead of fetching those bytes again.
private func onDisk<T>(_ part: String, ref: String, _ body: () throws(DownloadError) -> T) throws(DownloadError) -> T {
    do {
        return try body()
    } catch {
        let kept = OutputFile.size(of: part) ?? 0
        let note = kept > 0 ? "; \(kept) bytes kept there, and the next download resumes from them" : ""
        throw DownloadError(error.reason + note).naming(ref)
    }
}
