import Foundation

/// Where a feed comes from: an HTTP(S) URL (also `feed://`, `itpc://`, `pcast://`) or a local file.
public enum FeedSource: Sendable, Equatable {
    case remote(String)
    case file(String)

    /// Reads `text` as a URL when it has an HTTP-like scheme, else as a path (`file://` allowed).
    public init(_ text: String) {
        let normalized = FeedURL.normalized(text)
        if FeedURL.isRemote(normalized) {
            self = .remote(normalized)
        } else if normalized.hasPrefix("file://"), let url = URL(string: normalized) {
            self = .file(url.path)
        } else {
            self = .file(URL(fileURLWithPath: normalized).standardizedFileURL.path)
        }
    }

    /// Reads an address a user gave, refusing a URL whose scheme is not a feed's (`ftp://…`).
    public init(checking text: String) throws(FeedLoadError) {
        if let scheme = FeedURL.unsupportedScheme(text) {
            throw FeedLoadError(location: text.trimmingSpaces, reason: FeedURL.unsupportedSchemeReason(scheme))
        }
        self.init(text)
    }

    /// The address stored for a subscription: the URL, or the absolute path.
    public var location: String {
        switch self {
        case .remote(let url): url
        case .file(let path): path
        }
    }

    /// True for HTTP(S) sources.
    public var isRemote: Bool {
        if case .remote = self { return true }
        return false
    }

    /// The base for relative URLs inside the feed.
    var baseURL: String {
        switch self {
        case .remote(let url): url
        case .file(let path): URL(fileURLWithPath: path).absoluteString
        }
    }
}

/// A feed that was loaded and parsed, with the HTTP facts to store.
public struct LoadedFeed: Sendable {
    /// The parse result; nil when the server said the feed has not changed.
    public var feed: ParsedFeed?
    public var etag: String?
    public var lastModified: String?
    /// The new address after permanent redirects.
    public var movedTo: String?
    /// Where the feed finally came from, after any redirects (a temporary one included).
    public var finalURL: String?
}

/// Why a feed could not be loaded, read or parsed.
public struct FeedLoadError: Error, Sendable, CustomStringConvertible {
    public var location: String
    public var reason: String
    /// The HTTP status the server answered with, when it refused the feed.
    public var status: Int?
    /// True when the request the server refused carried credentials.
    public var sentCredentials: Bool

    public init(location: String, reason: String, status: Int? = nil, sentCredentials: Bool = false) {
        self.location = location
        self.reason = reason
        self.status = status
        self.sentCredentials = sentCredentials
    }

    /// True when the server refused the credentials sent (HTTP 401 or 403).
    public var refusedCredentials: Bool { sentCredentials && (status == 401 || status == 403) }
    /// True when the server asks for credentials that were not sent (HTTP 401).
    public var needsCredentials: Bool { !sentCredentials && status == 401 }
    public var description: String { "\(location): \(reason)" }
}

/// Loads and parses feeds from either kind of source.
public struct FeedLoader: Sendable {
    /// The HTTP client for remote feeds; nil when only files will be read.
    public let http: HTTPFetcher?
    public var sizeCap: Int

    public init(http: HTTPFetcher?, sizeCap: Int = FeedParser.defaultSizeCap) {
        self.http = http
        self.sizeCap = sizeCap
    }

    /// Fetches (conditionally, with the validators given) and parses the feed at `source`.
    public func load(_ source: FeedSource, etag: String? = nil, lastModified: String? = nil) async throws(FeedLoadError) -> LoadedFeed {
        switch source {
        case .file:
            return LoadedFeed(feed: try loadFile(source))
        case .remote(let url):
            guard let http else { throw FeedLoadError(location: url, reason: "no HTTP client to fetch it with") }
            let document: FetchedDocument
            do {
                document = try await http.fetchDocument(url, etag: etag, lastModified: lastModified, sizeCap: sizeCap)
            } catch {
                throw FeedLoadError(location: url, reason: error.reason, status: error.status, sentCredentials: error.sentCredentials)
            }
            var loaded = LoadedFeed(
                etag: document.etag, lastModified: document.lastModified, movedTo: document.permanentURL, finalURL: document.finalURL)
            guard let body = document.body else { return loaded }
            do {
                loaded.feed = try FeedParser.parse(body, url: document.finalURL, sizeCap: sizeCap)
            } catch {
                throw FeedLoadError(location: url, reason: error.reason)
            }
            return loaded
        }
    }

    /// Reads and parses a feed file (a `.file` source) on the calling thread; a remote source is refused.
    public func loadFile(_ source: FeedSource) throws(FeedLoadError) -> ParsedFeed {
        guard case .file(let path) = source else {
            throw FeedLoadError(location: source.location, reason: "not a file")
        }
        do {
            return try LocalFile.withContents(path, sizeCap: sizeCap) { (bytes) throws(FeedError) in
                try FeedParser.parse(contentsOf: bytes, url: source.baseURL, sizeCap: sizeCap)
            }
        } catch {
            throw FeedLoadError(location: path, reason: error.reason)
        }
    }
}
