import Foundation

/// Parses RSS 2.0 (with iTunes, content, Atom, Media RSS and Podcasting 2.0 tags), RSS 1.0 and Atom feeds.
public enum FeedParser {
    /// Documents larger than this are refused unless a caller passes another cap.
    public static let defaultSizeCap = 50 * 1024 * 1024

    /// Parses `data`, resolving relative URLs against `url` (the address the feed was fetched from).
    public static func parse(_ data: [UInt8], url: String? = nil, sizeCap: Int = defaultSizeCap) throws(FeedError) -> ParsedFeed {
        guard data.count <= sizeCap else {
            throw FeedError(SizeLimit.exceeded(sizeCap, actual: data.count))
        }
        let text = TextDecoding.utf8(data)
        guard !text.isEmpty else { throw FeedError("empty document") }
        let base = url.flatMap { URL(string: FeedURL.normalized($0)) }
        return try text.withUnsafeBufferPointer { (buffer) throws(FeedError) -> ParsedFeed in
            let tokenizer = XMLTokenizer(bytes: buffer)
            var builder = FeedBuilder(base: base)
            tokenizer.tokenize(into: &builder)
            builder.finish()
            guard let root = builder.root else {
                let (line, column) = tokenizer.position(of: 0)
                throw FeedError("not XML: no element found (line \(line), column \(column))")
            }
            guard ["rss", "atom:feed", "rdf:RDF", "feed"].contains(root.name) else {
                let (line, column) = tokenizer.position(of: root.offset)
                throw FeedError("not a feed: the root element is <\(root.rawName)> (line \(line), column \(column))")
            }
            return builder.feed
        }
    }
}

/// Builds a `ParsedFeed` from tokenizer events.
struct FeedBuilder: XMLEventHandler {
    /// An open element.
    private struct Frame {
        var name: String
        var textStart: Int
    }

    /// The first element of the document.
    struct Root {
        var name: String
        var rawName: String
        var offset: Int
    }

    let base: URL?
    private(set) var feed = ParsedFeed()
    private(set) var root: Root?
    private var namespaces = XMLNamespaces()
    private var stack: [Frame] = []
    private var text: [UInt8] = []
    private var item: ItemDraft?
    private var channelDraft = ChannelDraft()
    private var indexByGUID: [String: Int] = [:]
    /// How many rich-text elements are open; text nested in them is kept for them.
    private var richDepth = 0

    init(base: URL?) {
        self.base = base
        text.reserveCapacity(64 * 1024)
    }

    /// Fields of the show that are chosen among alternatives once the document has been read.
    private struct ChannelDraft {
        var link: String?
        var atomLink: String?
        var description: String?
        var summary: String?
        var itunesImage: String?
        var rssImage: String?
        var atomImage: String?
        var author: String?
        var fallbackAuthor: String?
    }

    /// An item being read, with alternatives for the fields several tags can give.
    private struct ItemDraft {
        var episode = ParsedEpisode()
        var guid: String?
        var title: String?
        var atomTitle: String?
        var itunesTitle: String?
        var link: String?
        var atomLink: String?
        var encoded: String?
        var description: String?
        var summary: String?
        var mediaEnclosure: Enclosure?
    }

    /// Element names whose text may contain unescaped HTML elements, whose text they keep.
    private static let richText: Set<String> = [
        "description", "content:encoded", "itunes:summary", "atom:content", "atom:summary", "atom:subtitle", "title",
    ]

    /// Elements that never hold content; their end tag, if any, is then a stray one and ignored.
    private static let emptyElements: Set<String> = ["enclosure", "itunes:image"]

    // MARK: - Events

    mutating func startElement(_ rawName: String, attributes: [XMLAttribute], offset: Int) {
        let name = namespaces.enter(rawName, attributes: attributes)
        if root == nil { root = Root(name: name, rawName: rawName, offset: offset) }
        if name == "item" || name == "atom:entry" { item = ItemDraft() }
        if !attributes.isEmpty { readAttributes(of: name, attributes) }
        if Self.richText.contains(name) { richDepth += 1 }
        stack.append(Frame(name: name, textStart: text.count))
        if Self.emptyElements.contains(name) { close() } // written `<enclosure …>` without the slash, it must not swallow the item's fields
    }

    mutating func endElement(_ rawName: String) {
        let name = namespaces.cachedCanonical(rawName)
        guard let match = stack.lastIndex(where: { $0.name == name }) else { return } // a stray end tag
        while stack.count > match { close() }
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    /// Closes what a truncated document left open.
    mutating func finish() {
        while !stack.isEmpty { close() }
        let draft = channelDraft
        feed.link = draft.link ?? draft.atomLink
        feed.description = draft.description ?? draft.summary
        feed.image = draft.itunesImage ?? draft.rssImage ?? draft.atomImage
        feed.author = draft.author ?? draft.fallbackAuthor
    }

    // MARK: - Closing elements

    private mutating func close() {
        let frame = stack.removeLast()
        namespaces.leave()
        if Self.richText.contains(frame.name) { richDepth -= 1 }
        let parent = stack.last?.name ?? ""
        if frame.name == "item" || frame.name == "atom:entry" {
            finishItem()
        } else if item != nil {
            readItemText(frame, parent: parent)
        } else {
            readChannelText(frame, parent: parent)
        }
        if richDepth == 0 { text.removeSubrange(frame.textStart...) }
    }

    /// The element's text without surrounding whitespace, or nil when there is none.
    private func textOf(_ frame: Frame) -> String? {
        var start = frame.textStart
        var end = text.count
        while start < end, XMLTokenizer.isSpace(text[start]) { start += 1 }
        while end > start, XMLTokenizer.isSpace(text[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        return text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    private mutating func readItemText(_ frame: Frame, parent: String) {
        guard parent == "item" || parent == "atom:entry", item != nil, let value = textOf(frame) else { return }
        // Fields are set in place (`item!.…`): copying the draft would copy every string it holds.
        switch frame.name {
        case "guid", "atom:id": if item!.guid == nil { item!.guid = value }
        case "title": if item!.title == nil { item!.title = value }
        case "atom:title": if item!.atomTitle == nil { item!.atomTitle = value }
        case "itunes:title": item!.itunesTitle = value
        case "link": if item!.link == nil { item!.link = value }
        case "content:encoded", "atom:content": if item!.encoded == nil { item!.encoded = value }
        case "description": if item!.description == nil { item!.description = value }
        case "itunes:summary", "atom:summary": if item!.summary == nil { item!.summary = value }
        case "atom:published", "atom:issued":
            if let date = FeedDate.parse(value) { item!.episode.published = date }
        case "pubDate", "pubdate", "dc:date", "atom:updated":
            if item!.episode.published == nil { item!.episode.published = FeedDate.parse(value) }
        case "itunes:duration": item!.episode.duration = FeedDuration.seconds(value)
        case "itunes:season", "podcast:season": if item!.episode.season == nil { item!.episode.season = Self.integer(value) }
        case "itunes:episode", "podcast:episode": if item!.episode.number == nil { item!.episode.number = Self.integer(value) }
        default: return
        }
    }

    private mutating func readChannelText(_ frame: Frame, parent: String) {
        let inChannel = parent == "channel" || parent == "atom:feed"
        guard let value = textOf(frame) else { return }
        switch (frame.name, inChannel) {
        case ("title", true), ("atom:title", true): feed.title = feed.title ?? value
        case ("link", true): channelDraft.link = channelDraft.link ?? resolve(value)
        case ("description", true), ("atom:subtitle", true): channelDraft.description = channelDraft.description ?? value
        case ("itunes:summary", true): channelDraft.summary = value
        case ("language", true), ("dc:language", true): feed.language = feed.language ?? value
        case ("itunes:author", true): channelDraft.author = value
        case ("managingEditor", true), ("dc:creator", true): channelDraft.fallbackAuthor = channelDraft.fallbackAuthor ?? value
        case ("itunes:new-feed-url", true): feed.newURL = resolve(value)
        case ("podcast:guid", true): feed.podcastGUID = value
        case ("podcast:locked", true):
            feed.locked = value.lowercased() == "yes" || value.lowercased() == "true"
        case ("atom:logo", true), ("atom:icon", true): channelDraft.atomImage = channelDraft.atomImage ?? resolve(value)
        case ("url", _) where parent == "image":
            channelDraft.rssImage = channelDraft.rssImage ?? resolve(value)
        case ("atom:name", _) where parent == "atom:author" && stack.count <= 2:
            channelDraft.fallbackAuthor = channelDraft.fallbackAuthor ?? value
        case ("podcast:funding", true):
            if let index = feed.funding.indices.last, feed.funding[index].title == nil {
                feed.funding[index].title = value
            }
        default: break
        }
    }

    // MARK: - Attributes

    private mutating func readAttributes(of name: String, _ attributes: [XMLAttribute]) {
        func value(_ key: String) -> String? {
            attributes.first { $0.name == key || $0.name.lowercased() == key }?.value
        }
        let inItem = item != nil
        switch name {
        case "enclosure":
            guard inItem, item!.episode.enclosure == nil, let url = resolve(value("url")) else { return }
            item!.episode.enclosure = Enclosure(url: url, length: Self.length(value("length")), type: Self.nonEmpty(value("type")))
        case "media:content":
            guard inItem, item!.mediaEnclosure == nil, let url = resolve(value("url")) else { return }
            let type = Self.nonEmpty(value("type"))
            let medium = value("medium")
            guard medium == "audio" || medium == "video" || type?.hasPrefix("audio") == true || type?.hasPrefix("video") == true else { return }
            item!.mediaEnclosure = Enclosure(url: url, length: Self.length(value("fileSize")), type: type)
        case "atom:link", "link":
            guard let href = resolve(value("href")) else { return }
            let rel = value("rel")?.lowercased() ?? "alternate"
            if inItem {
                if rel == "enclosure", item!.episode.enclosure == nil {
                    item!.episode.enclosure = Enclosure(url: href, length: Self.length(value("length")), type: Self.nonEmpty(value("type")))
                } else if rel == "alternate", item!.atomLink == nil {
                    item!.atomLink = href
                }
            } else if rel == "alternate", stack.last?.name == "channel" || stack.last?.name == "atom:feed" {
                channelDraft.atomLink = channelDraft.atomLink ?? href
            }
        case "itunes:image":
            guard let href = resolve(value("href") ?? value("url")) else { return }
            if inItem {
                if item!.episode.image == nil { item!.episode.image = href }
            } else {
                channelDraft.itunesImage = channelDraft.itunesImage ?? href
            }
        case "media:thumbnail":
            guard inItem, item!.episode.image == nil else { return }
            item!.episode.image = resolve(value("url"))
        case "podcast:chapters":
            guard inItem, item!.episode.chaptersURL == nil else { return }
            item!.episode.chaptersURL = resolve(value("url"))
        case "podcast:transcript":
            guard inItem, item!.episode.transcriptURL == nil else { return }
            item!.episode.transcriptURL = resolve(value("url"))
        case "podcast:funding":
            if !inItem, let url = resolve(value("url")) { feed.funding.append(Funding(url: url, title: nil)) }
        default:
            return
        }
    }

    // MARK: - Items

    private mutating func finishItem() {
        guard let draft = item else { return }
        item = nil
        var episode = draft.episode
        episode.title = draft.title ?? draft.atomTitle ?? draft.itunesTitle
        episode.link = resolve(draft.link) ?? draft.atomLink
        episode.description = draft.encoded ?? draft.description ?? draft.summary
        if episode.enclosure == nil { episode.enclosure = draft.mediaEnclosure }
        episode.guid = draft.guid ?? episode.link ?? episode.enclosure?.url
        if let guid = episode.guid, let existing = indexByGUID[guid] {
            feed.episodes[existing].merge(episode)
            return
        }
        if let guid = episode.guid { indexByGUID[guid] = feed.episodes.count }
        feed.episodes.append(episode)
    }

    // MARK: - Values

    private func resolve(_ reference: String?) -> String? {
        FeedURL.resolve(reference, against: base)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let value = text?.trimmingSpaces, !value.isEmpty else { return nil }
        return value
    }

    /// A positive byte count; feeds often put 0, -1 or garbage in `length`.
    private static func length(_ text: String?) -> Int64? {
        guard let text, let value = Int64(text.trimmingSpaces), value > 0 else { return nil }
        return value
    }

    private static func integer(_ text: String) -> Int? {
        if let value = Int(text) { return value }
        if let value = Double(text), value.isFinite, abs(value) < 1e9 { return Int(value) }
        return nil
    }
}
