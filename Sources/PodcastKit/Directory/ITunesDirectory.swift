import Foundation

/// The iTunes Search API (no key; it throttles at about 20 requests a minute): search and lookup of podcasts.
public struct ITunesDirectory: Sendable {
    private let base: String
    private let country: String
    private let request: DirectoryRequest

    public init(settings: DirectorySettings, http: HTTPFetcher) {
        base = APIAddress.base(settings.itunesURL)
        country = settings.country
        request = DirectoryRequest(http: http, name: "iTunes")
    }

    /// The podcasts whose names or authors hold `term`, at most `limit` (the API gives at most 200).
    public func search(_ term: String, limit: Int) async throws(DirectoryError) -> [DirectoryResult] {
        let url =
            "\(base)/search?media=podcast&entity=podcast&term=\(APIAddress.component(term))&limit=\(min(limit, 200))&country=\(APIAddress.component(country))"
        return Array(Self.results(try await request.object(url)).prefix(limit))
    }

    /// The podcast with the store id `id` (as an Apple Podcasts page's address ends: `…/id<N>`); nil when none.
    public func lookup(id: Int) async throws(DirectoryError) -> DirectoryResult? {
        Self.results(try await request.object("\(base)/lookup?id=\(id)&entity=podcast")).first
    }

    /// The results of an answer: `results` with `collectionName`, `artistName`, `feedUrl`, `trackCount`, `releaseDate`
    /// and `genres` (less the catch-all "Podcasts").
    static func results(_ answer: [String: Any]) -> [DirectoryResult] {
        (answer["results"] as? [Any] ?? []).compactMap { item in
            guard let object = item as? [String: Any],
                let title = DirectoryRequest.text(object["collectionName"]) ?? DirectoryRequest.text(object["trackName"])
            else { return nil }
            var result = DirectoryResult(
                title: title, author: DirectoryRequest.text(object["artistName"]), feedURL: object["feedUrl"] as? String,
                sources: ["itunes"])
            result.episodes = JSONNumbers.integer(object["trackCount"])
            result.newest = (object["releaseDate"] as? String).flatMap(FeedDate.parse)
            result.genres = (object["genres"] as? [Any] ?? []).compactMap { $0 as? String }.filter { $0 != "Podcasts" }
            return result
        }
    }

    /// The store id in an Apple Podcasts page's address (`https://podcasts.apple.com/…/id1234567890`).
    public static func storeID(inPageURL text: String) -> Int? {
        guard let url = URL(string: text), let host = url.host?.lowercased(),
            host == "podcasts.apple.com" || host == "itunes.apple.com"
        else { return nil }
        let last = url.path.split(separator: "/").last.map(String.init) ?? ""
        guard last.hasPrefix("id"), let id = Int(last.dropFirst(2)), id > 0 else { return nil }
        return id
    }
}
