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
        let total = try await PartFetch(http: http).retrying(url, to: part, ref: listing.ref, expected: media.length, progress: progress)
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
        try await PartFetch(http: http).again(media.url, to: path, ref: listing.ref)
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
