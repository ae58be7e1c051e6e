/// Reads OPML 1.0 and 2.0 subscription lists, nested folders included.
public enum OPMLParser {
    /// Parses `data`; a document that is not OPML is refused with the reason.
    public static func parse(_ data: [UInt8], sizeCap: Int = FeedParser.defaultSizeCap) throws(FeedError) -> OPMLDocument {
        guard data.count <= sizeCap else { throw FeedError(SizeLimit.exceeded(sizeCap, actual: data.count)) }
        let text = TextDecoding.utf8(data)
        guard !text.isEmpty else { throw FeedError("empty document") }
        return try text.withUnsafeBufferPointer { (buffer) throws(FeedError) -> OPMLDocument in
            let tokenizer = XMLTokenizer(bytes: buffer)
            var builder = OPMLBuilder()
            tokenizer.tokenize(into: &builder)
            guard let root = builder.rootName, root.lowercased() == "opml" else {
                if ContentSniff.looksBinary(buffer) { throw FeedError("not OPML: binary data") }
                guard let root = builder.rootName else { throw FeedError("not OPML: no XML element found (line 1, column 1)") }
                let (line, column) = tokenizer.position(of: builder.rootOffset)
                throw FeedError("not OPML: the root element is <\(root)> (line \(line), column \(column))")
            }
            guard builder.sawBody else { throw FeedError("not OPML: no <body> element") }
            return OPMLDocument(
                title: builder.title, entries: builder.entries, playlists: builder.playlists, skipped: builder.skipped)
        }
    }
}

/// Collects outlines from tokenizer events.
struct OPMLBuilder: XMLEventHandler {
    private(set) var rootName: String?
    private(set) var rootOffset = 0
    private(set) var title: String?
    private(set) var entries: [OPMLDocument.Entry] = []
    private(set) var playlists: [OPMLDocument.Playlist] = []
    private(set) var skipped: [String] = []
    private(set) var sawBody = false
    private var seen: Set<String> = []
    private var stack: [String] = []
    private var text: [UInt8] = []
    /// Outlines without a feed URL, waiting to learn whether they are folders (have children).
    private var pendingOutlines: [(depth: Int, label: String, hasChildren: Bool)] = []

    mutating func startElement(_ name: String, attributes: [XMLAttribute], offset: Int) {
        if rootName == nil {
            rootName = name
            rootOffset = offset
        }
        let lower = name.lowercased()
        if lower == "body" { sawBody = true }
        if lower == "outline" { outline(attributes) }
        stack.append(lower)
        text.removeAll(keepingCapacity: true)
    }

    mutating func endElement(_ name: String, offset: Int) {
        let lower = name.lowercased()
        guard let match = stack.lastIndex(of: lower) else { return }
        while stack.count > match {
            let closing = stack.removeLast()
            if closing == "title", stack.last == "head", title == nil {
                let value = String(decoding: text, as: UTF8.self).trimmingSpaces
                title = value.isEmpty ? nil : value
            }
            if closing == "outline", let pending = pendingOutlines.last, pending.depth == stack.count {
                pendingOutlines.removeLast()
                if !pending.hasChildren { skipped.append("skipped outline \"\(pending.label)\": it has no xmlUrl") }
            }
        }
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    private mutating func outline(_ attributes: [XMLAttribute]) {
        if !pendingOutlines.isEmpty { pendingOutlines[pendingOutlines.count - 1].hasChildren = true }
        func value(_ key: String) -> String? {
            guard let found = attributes.first(where: { $0.name.lowercased() == key })?.value.trimmingSpaces,
                !found.isEmpty
            else { return nil }
            return found
        }
        let title = value("title") ?? value("text")
        switch value("type")?.lowercased() {
        case OPMLDocument.playlistsType:
            return
        case OPMLDocument.playlistType:
            if let title { playlists.append(OPMLDocument.Playlist(name: title, query: value("query"))) }
            return
        case OPMLDocument.episodeType:
            if let feed = value("feed"), !playlists.isEmpty {
                playlists[playlists.count - 1].episodes.append(
                    OPMLDocument.EpisodeKey(feedURL: feed, guid: value("guid"), enclosureURL: value("enclosure"), title: title))
            }
            return
        default:
            break
        }
        guard let url = value("xmlurl") ?? value("url").flatMap({ FeedURL.isRemote($0) ? $0 : nil }) else {
            pendingOutlines.append((depth: stack.count, label: title ?? "(untitled)", hasChildren: false))
            return
        }
        // A list from elsewhere names feeds on the network; a path or a command (`|script`) is never read.
        guard FeedURL.isRemote(url) else {
            skipped.append("skipped outline \"\(title ?? "(untitled)")\": '\(url)' is not a network feed URL")
            return
        }
        let normalized = FeedURL.normalized(url)
        guard seen.insert(normalized).inserted else { return }
        entries.append(OPMLDocument.Entry(title: title, feedURL: normalized, siteURL: value("htmlurl")))
    }
}
