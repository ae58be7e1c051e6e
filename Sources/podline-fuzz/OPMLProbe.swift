import PodcastKit

/// Drives `OPMLParser` and checks the list it returns: size cap, each feed once, no empty URLs.
enum OPMLProbe {
    static func run(_ bytes: [UInt8]) {
        let document: OPMLDocument
        do {
            document = try OPMLParser.parse(bytes)
        } catch {
            Finding.check(!error.reason.isEmpty && !error.reason.contains("\n"), "an OPML error is not one line: \(error.reason)")
            return
        }
        if !bytes.isEmpty {
            Finding.check((try? OPMLParser.parse(bytes, sizeCap: bytes.count - 1)) == nil, "an OPML file above the size cap was read")
        }
        var urls = Set<String>()
        for entry in document.entries {
            Finding.check(!entry.feedURL.isEmpty, "an OPML entry has an empty feed URL")
            Finding.check(urls.insert(entry.feedURL).inserted, "the feed \(entry.feedURL) is listed twice")
        }
    }
}
