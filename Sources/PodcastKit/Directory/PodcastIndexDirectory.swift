import Crypto
import Foundation

/// The Podcast Index API: search, trending and a feed by its id, each request signed with the key, the secret and
/// the time (the API refuses a time more than 3 minutes off).
public struct PodcastIndexDirectory: Sendable {
    private let base: String
    private let key: String
    private let secret: String
    private let request: DirectoryRequest
    private let now: @Sendable () -> Date

    public init(settings: DirectorySettings, secret: String, http: HTTPFetcher, now: @escaping @Sendable () -> Date = Date.init) {
        base = APIAddress.base(settings.podcastIndexURL)
        key = settings.podcastIndexKey ?? ""
        self.secret = secret
        request = DirectoryRequest(http: http, name: "Podcast Index")
        self.now = now
    }

    /// The headers that sign a request made at `date`: `X-Auth-Key`, `X-Auth-Date` (whole seconds since 1970) and
    /// `Authorization`, the lowercase hex SHA-1 of key, secret and date.
    public static func headers(key: String, secret: String, at date: Date) -> [(String, String)] {
        let time = String(Int(date.timeIntervalSince1970.rounded(.down)))
        let digest = Insecure.SHA1.hash(data: Data((key + secret + time).utf8))
        return [("X-Auth-Key", key), ("X-Auth-Date", time), ("Authorization", digest.map { String(format: "%02x", $0) }.joined())]
    }

    private func get(_ path: String) async throws(DirectoryError) -> [String: Any] {
        do {
            return try await request.object(base + path, headers: Self.headers(key: key, secret: secret, at: now()))
        } catch .refused(let reason) {
            throw .refused("\(reason); if the key and secret are right, this machine's clock may be more than 3 minutes off")
        }
    }

    /// The podcasts that match `term`, at most `limit`.
    public func search(_ term: String, limit: Int) async throws(DirectoryError) -> [DirectoryResult] {
        Array(Self.results(try await get("/search/byterm?q=\(APIAddress.component(term))&max=\(limit)")).prefix(limit))
    }

    /// The podcasts trending now, in a language (`en`) and a category (`News`) when given.
    public func trending(limit: Int, language: String?, category: String?) async throws(DirectoryError) -> [DirectoryResult] {
        var path = "/podcasts/trending?max=\(limit)"
        if let language { path += "&lang=\(APIAddress.component(language))" }
        if let category { path += "&cat=\(APIAddress.component(category))" }
        return Array(Self.results(try await get(path)).prefix(limit))
    }

    /// The podcast with the index's feed id `id` (as a podcastindex.org page's address ends); nil when none.
    public func feed(id: Int) async throws(DirectoryError) -> DirectoryResult? {
        try await oneFeed("/podcasts/byfeedid?id=\(id)")
    }

    /// The podcast whose `podcast:guid` is `guid` (as a podroll's `podcast:remoteItem` names it); nil when none.
    public func feed(guid: String) async throws(DirectoryError) -> DirectoryResult? {
        try await oneFeed("/podcasts/byguid?guid=\(APIAddress.component(guid))")
    }

    /// The `feed` an answer about one podcast holds (an empty list when the index has none).
    private func oneFeed(_ path: String) async throws(DirectoryError) -> DirectoryResult? {
        guard let feed = try await get(path)["feed"] else { return nil }
        return Self.results(["feeds": [feed]]).first
    }

    /// The results of an answer: `feeds` with `title`, `author`, `url`, `episodeCount`, `newestItemPubdate` (or
    /// `newestItemPublishTime`), `language` and `categories` (id → name).
    static func results(_ answer: [String: Any]) -> [DirectoryResult] {
        (answer["feeds"] as? [Any] ?? []).compactMap { item in
            guard let object = item as? [String: Any], let title = DirectoryRequest.text(object["title"]) else { return nil }
            var result = DirectoryResult(
                title: title, author: DirectoryRequest.text(object["author"]) ?? DirectoryRequest.text(object["ownerName"]),
                feedURL: object["url"] as? String, sources: ["podcastindex"])
            result.episodes = JSONNumbers.integer(object["episodeCount"])
            let newest = JSONNumbers.integer(object["newestItemPubdate"]) ?? JSONNumbers.integer(object["newestItemPublishTime"])
            result.newest = newest.flatMap { $0 > 0 ? Date(timeIntervalSince1970: Double($0)) : nil }
            result.language = DirectoryRequest.text(object["language"])
            if let categories = object["categories"] as? [String: Any] {
                result.genres = categories.sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }.compactMap { $0.value as? String }
            }
            return result
        }
    }

    /// The feed id in a Podcast Index page's address (`https://podcastindex.org/podcast/920666`).
    public static func feedID(inPageURL text: String) -> Int? {
        guard let url = URL(string: text), url.host?.lowercased() == "podcastindex.org" else { return nil }
        let parts = url.path.split(separator: "/")
        guard parts.count == 2, parts[0] == "podcast", let id = Int(parts[1]), id > 0 else { return nil }
        return id
    }
}
