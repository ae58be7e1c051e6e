import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// How far a download has got.
public struct DownloadProgress: Sendable {
    public var ref: String
    public var received: Int64
    public var total: Int64?
}

/// Downloads episodes to `episodes/<show>/<file>`: written to `<file>.part`, resumed with `Range`,
/// renamed into place only when complete, and only then recorded as downloaded (a `downloaded` change).
public struct EpisodeDownloader: Sendable {
    public let store: LibraryStore
    public let http: HTTPFetcher
    /// Keeps a change: by default the store's own `persist`; a front end passes its library model's `apply`.
    public let record: @Sendable (LibraryChange) async throws -> Void

    public init(store: LibraryStore, http: HTTPFetcher, record: (@Sendable (LibraryChange) async throws -> Void)? = nil) {
        self.store = store
        self.http = http
        self.record = record ?? { try store.persist($0) }
    }

    /// Downloads `listing`'s media file (the one in `preferred` format when the feed offers several) or finds it
    /// already done, and returns the file.
    public func download(
        _ listing: EpisodeListing, choosing choice: MediaChoice = MediaChoice(),
        progress: @escaping @Sendable (DownloadProgress) -> Void = { _ in }
    ) async throws(DownloadError) -> URL {
        let episode = listing.episode
        guard let episodeID = episode.id else { throw DownloadError("\(listing.ref): not stored") }
        guard let media = episode.mediaFile(choosing: choice) else {
            throw DownloadError("\(listing.ref): not playable (the feed gives no media file)")
        }
        let url = media.url
        let root = store.paths.downloads
        if let existing = episode.downloadPath {
            let file = store.paths.file(forDownload: existing)
            if FileManager.default.fileExists(atPath: file.path) { return file }
        }
        let folderName = DownloadFileName.sanitize(listing.showSlug).isEmpty ? "show" : DownloadFileName.sanitize(listing.showSlug)
        let folder = root.appendingPathComponent(folderName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DownloadError("cannot create \(folder.path): \(error.localizedDescription)")
        }
        let baseName = DownloadFileName.make(number: episode.number, title: episode.title, url: url, type: media.type)
        let basePath = folder.appendingPathComponent(baseName)
        if FileManager.default.fileExists(atPath: basePath.path), !FileManager.default.fileExists(atPath: basePath.path + ".part"),
            let length = media.length, OutputFile.size(of: basePath.path) == length,
            (try? store.isDownloadPathRecorded(store.paths.storedPath(for: basePath))) == false
        {
            // Complete but not recorded: the last run stopped between the rename and the database update.
            do {
                try await record(.downloaded(episodeID, path: store.paths.storedPath(for: basePath)))
            } catch {
                throw DownloadError("\(listing.ref): downloaded but not recorded: \(error)")
            }
            return basePath
        }
        let name = DownloadFileName.unique(baseName) { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        let target = folder.appendingPathComponent(name)
        let part = target.path + ".part"
        let total = try await fetchRetrying(url, to: part, ref: listing.ref, expected: media.length, progress: progress)
        let size = OutputFile.size(of: part) ?? 0
        if let total, size != total {
            throw DownloadError("\(listing.ref): incomplete, got \(size) of \(total) bytes (will resume)")
        }
        if let integrity = media.integrity.flatMap(Integrity.init), integrity.matches(fileAt: part) != true {
            // Not what the feed vouches for (altered, or another file): not kept, and the next download starts over.
            try? FileManager.default.removeItem(atPath: part)
            throw DownloadError(
                "\(listing.ref): the file does not match the feed's \(integrity.algorithm.rawValue) integrity hash; not kept")
        }
        if rename(part, target.path) != 0 { throw DownloadError.system("rename", path: part).naming(listing.ref) }
        do {
            try await record(.downloaded(episodeID, path: store.paths.storedPath(for: target)))
        } catch {
            throw DownloadError("\(listing.ref): downloaded but not recorded: \(error)")
        }
        return target
    }

    /// Fetches `listing`'s media file (the one in `preferred` format) a second time into `path`, from its start, with
    /// another user agent: for comparing with the download (`skip_inserted`). The caller removes the file.
    public func fetchAgain(_ listing: EpisodeListing, choosing choice: MediaChoice, to path: String) async throws(DownloadError) {
        guard let media = listing.episode.mediaFile(choosing: choice) else {
            throw DownloadError("\(listing.ref): not playable (the feed gives no media file)")
        }
        try? FileManager.default.removeItem(atPath: path)
        let total = try await fetchRetrying(
            media.url, to: path, ref: listing.ref, expected: nil, userAgent: HTTPFetcher.secondUserAgent
        ) { _ in }
        let size = OutputFile.size(of: path) ?? 0
        if let total, size != total { throw DownloadError("\(listing.ref): second fetch incomplete, got \(size) of \(total) bytes") }
    }

    /// `fetch`, tried again from where the `.part` file ends while each try brings bytes or the fetcher's
    /// retry delays last; a first connection that fails, an HTTP error or a disk error is final.
    private func fetchRetrying(
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

/// A `Content-Range: bytes start-end/total` header.
struct ContentRange: Equatable {
    var start: Int64
    var end: Int64
    var total: Int64?

    init?(_ header: String) {
        let trimmed = header.trimmingSpaces
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst(6)
        let halves = spec.split(separator: "/", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-")
        guard bounds.count == 2, let start = Int64(bounds[0]), let end = Int64(bounds[1]), end >= start else { return nil }
        self.start = start
        self.end = end
        total = halves[1] == "*" ? nil : Int64(halves[1])
    }
}
