import Foundation

/// Parses RSS 2.0 (with iTunes, content, Atom, Media RSS and Podcasting 2.0 tags), RSS 1.0 and Atom feeds.
public enum FeedParser {
    /// Documents larger than this are refused unless a caller passes another cap.
    public static let defaultSizeCap = 50 * 1024 * 1024

    /// Parses `data`, resolving relative URLs against `url` (the address the feed was fetched from).
    public static func parse(_ data: [UInt8], url: String? = nil, sizeCap: Int = defaultSizeCap) throws(FeedError) -> ParsedFeed {
        try data.withUnsafeBufferPointer { (buffer) throws(FeedError) -> ParsedFeed in
            try parse(contentsOf: buffer, url: url, sizeCap: sizeCap)
        }
    }

    /// Parses the document in `buffer` (for instance a mapped file), resolving relative URLs against `url`.
    public static func parse(
        contentsOf data: UnsafeBufferPointer<UInt8>, url: String? = nil,
        sizeCap: Int = defaultSizeCap
    ) throws(FeedError) -> ParsedFeed {
        guard data.count <= sizeCap else {
            throw FeedError(SizeLimit.exceeded(sizeCap, actual: data.count))
        }
        let base = url.flatMap { URL(string: FeedURL.normalized($0)) }
        return try TextDecoding.withUTF8(data) { (buffer) throws(FeedError) -> ParsedFeed in
            guard buffer.contains(where: { !XMLTokenizer.isSpace($0) }) else { throw FeedError("empty document") }
            let tokenizer = XMLTokenizer(bytes: buffer)
            var builder = FeedBuilder(base: base)
            tokenizer.tokenize(into: &builder)
            builder.finish(end: buffer.count)
            guard let root = builder.root, ["rss", "atom:feed", "rdf:RDF", "feed"].contains(root.name) else {
                // Said in words: an element name read out of binary data would print its bytes.
                if ContentSniff.looksBinary(buffer) { throw FeedError("not a feed: binary data") }
                guard let root = builder.root else {
                    let (line, column) = tokenizer.position(of: 0)
                    throw FeedError("not XML: no element found (line \(line), column \(column))")
                }
                let (line, column) = tokenizer.position(of: root.offset)
                throw FeedError("not a feed: the root element is <\(root.rawName)> (line \(line), column \(column))")
            }
            var feed = builder.feed
            feed.warnings = warnings(builder.malformations, count: builder.malformationCount, in: tokenizer) + feed.warnings
            return feed
        }
    }

    /// One line per malformation, with lines and columns.
    private static func warnings(_ malformations: [FeedBuilder.Malformation], count: Int, in tokenizer: XMLTokenizer) -> [String] {
        guard !malformations.isEmpty else { return [] }
        var offsets: [Int] = []
        for malformation in malformations {
            switch malformation {
            case .unclosed(_, let opened, _, let at): offsets += [opened, at]
            case .stray(_, let at): offsets.append(at)
            }
        }
        var positions = tokenizer.positions(of: offsets).makeIterator()
        func place() -> String {
            let (line, column) = positions.next() ?? (1, 1)
            return "line \(line), column \(column)"
        }
        var lines = malformations.map { malformation -> String in
            switch malformation {
            case .unclosed(let name, _, let closer?, _):
                let opened = place()
                return "<\(name)> (\(opened)) is not closed before </\(closer)> (\(place()))"
            case .unclosed(let name, _, nil, _):
                let opened = place()
                return "truncated: the document ends (\(place())) inside <\(name)> (\(opened))"
            case .stray(let name, _):
                return "</\(name)> (\(place())) closes nothing and was ignored"
            }
        }
        if count > malformations.count { lines.append("\(count - malformations.count) more like these") }
        return lines
    }
}

/// Builds a `ParsedFeed` from tokenizer events.
struct FeedBuilder: XMLEventHandler {
    /// An open element.
    private struct Frame {
        var rawName: String
        var name: String
        var element: FeedElement
        var textStart: Int
        /// Where its start tag is.
        var offset: Int
        /// True inside rich text, where HTML that is not well-formed XML is common and harmless.
        var inRichText: Bool
        /// Its base for relative URLs, an index into `bases`: its own `xml:base`, else its parent's, else the
        /// feed's address (index 0). An index, not a URL, so that opening an element retains nothing.
        var base: Int
    }

    /// What a tag name, as written, stands for under the namespace declarations in scope.
    private struct Name {
        var canonical: String
        var element: FeedElement
    }

    /// Where the document is not well-formed, as byte offsets; the parser reads past each.
    enum Malformation: Equatable {
        /// `<name>` at `opened` was closed by the end tag `</closer>` at `at` (or by the end of the document).
        case unclosed(name: String, opened: Int, closer: String?, at: Int)
        /// An end tag `</name>` at `at` that matches no open element.
        case stray(name: String, at: Int)
    }

    /// At most this many malformations are kept; `malformationCount` counts them all.
    static let malformationLimit = 10

    /// The first element of the document.
    struct Root {
        var name: String
        var rawName: String
        var offset: Int
    }

    let base: URL?
    private(set) var feed = ParsedFeed()
    private(set) var root: Root?
    private(set) var malformations: [Malformation] = []
    private(set) var malformationCount = 0
    private var namespaces = XMLNamespaces()
    /// Names as written, worked out under `namesGeneration` of the namespace declarations; feeds repeat
    /// the same few names thousands of times.
    private var names: [String: Name] = [:]
    private var namesGeneration = 0
    private var stack: [Frame] = []
    private var text: [UInt8] = []
    private var item: ItemDraft?
    private var channelDraft = ChannelDraft()
    private var indexByGUID: [String: Int] = [:]
    /// The feed's address, then every `xml:base` met, resolved.
    private var bases: [URL?]
    /// The base of the element whose attributes or text are being read, an index into `bases`.
    private var currentBase = 0
    /// How many rich-text elements are open; text nested in them is kept for them.
    private var richDepth = 0
    /// The attributes of the `podcast:person`, `podcast:soundbite`, `podcast:trailer` or `podcast:funding` being read,
    /// whose text (a name, a title) completes it when it closes; nil when they are not usable.
    private var tagged: Tagged?

    /// An element read from its attributes and then its text.
    private enum Tagged {
        case person(FeedPerson)
        case soundbite(Soundbite)
        case trailer(FeedTrailer)
        case funding(Funding)
        case contentLink(Funding)
    }

    init(base: URL?) {
        self.base = base
        bases = [base]
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
        var atomLogo: String?
        var atomIcon: String?
        var author: String?
        var fallbackAuthor: String?
    }

    /// An item being read, with alternatives for the fields several tags can give.
    private struct ItemDraft {
        var episode = ParsedEpisode()
        var guid: String?
        /// The RSS `<guid>`'s `isPermaLink`, when the guid came from one: nil when absent.
        var guidPermaLink: Bool??
        var title: String?
        var atomTitle: String?
        var itunesTitle: String?
        var link: String?
        var atomLink: String?
        var encoded: String?
        var description: String?
        var summary: String?
        var mediaEnclosure: Enclosure?
        /// The `podcast:alternateEnclosure` being read (its type, length, bit rate, first http(s) source and integrity),
        /// offered to the episode when it closes.
        var alternate: Enclosure?
        /// A live item's status and times, read from its attributes (nil for an episode's item), or the status as
        /// written when it is not one a live item has.
        var live: Result<FeedLiveItem, LiveStatusUnknown>?
        var chat: FeedChat?
        var contentLinks: [Funding] = []
    }

    // MARK: - Events

    mutating func startElement(_ rawName: String, attributes: [XMLAttribute], offset: Int) {
        namespaces.enter(attributes: attributes)
        let name = lookUp(rawName)
        let element = name.element
        if root == nil { root = Root(name: name.canonical, rawName: rawName, offset: offset) }
        if element.isItem {
            item = ItemDraft()
            // A live item's status is in its attributes; one written without is refused when it closes.
            if element == .podcastLiveItem { item!.live = .failure(LiveStatusUnknown(written: "")) }
        }
        var elementBase = stack.last?.base ?? 0
        if !attributes.isEmpty {
            if let declared = attributes.first(where: { $0.name == "xml:base" })?.value,
                let resolved = FeedURL.resolve(declared, against: bases[elementBase]).flatMap(URL.init(string:))
            {
                bases.append(resolved)
                elementBase = bases.count - 1
            }
            currentBase = elementBase
            readAttributes(of: element, attributes)
        }
        if element.isRichText { richDepth += 1 }
        stack.append(
            Frame(
                rawName: rawName, name: name.canonical, element: element, textStart: text.count,
                offset: offset, inRichText: richDepth > (element.isRichText ? 1 : 0), base: elementBase))
        if element.isEmpty { close() }  // written `<enclosure …>` without the slash, it must not swallow the item's fields
    }

    mutating func endElement(_ rawName: String, offset: Int) {
        if let last = stack.last, last.rawName == rawName {  // the common case: it closes the innermost element
            close()
            return
        }
        let name = lookUp(rawName)
        guard let match = stack.lastIndex(where: { $0.name == name.canonical }) else {
            // `</enclosure>` after `<enclosure …>` is well-formed: that element was closed at once.
            if richDepth == 0 && !name.element.isEmpty { note(.stray(name: rawName, at: offset)) }
            return
        }
        while stack.count > match + 1 {
            if let inner = stack.last, !inner.inRichText, !inner.element.isEmpty {
                note(.unclosed(name: inner.rawName, opened: inner.offset, closer: rawName, at: offset))
            }
            close()
        }
        close()
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    /// Closes what a truncated document left open; `end` is the document's length.
    mutating func finish(end: Int) {
        if let innermost = stack.last(where: { !$0.inRichText }) {
            note(.unclosed(name: innermost.rawName, opened: innermost.offset, closer: nil, at: end))
        }
        while !stack.isEmpty { close() }
        let draft = channelDraft
        feed.link = draft.link ?? draft.atomLink
        feed.description = draft.description ?? draft.summary
        feed.image = draft.itunesImage ?? draft.rssImage ?? draft.atomLogo ?? draft.atomIcon
        feed.author = draft.author ?? draft.fallbackAuthor
    }

    private mutating func note(_ malformation: Malformation) {
        malformationCount += 1
        if malformations.count < Self.malformationLimit { malformations.append(malformation) }
    }

    /// The canonical name and element of a tag name as written.
    private mutating func lookUp(_ rawName: String) -> Name {
        if namesGeneration != namespaces.generation {
            names.removeAll(keepingCapacity: true)
            namesGeneration = namespaces.generation
        }
        if let known = names[rawName] { return known }
        let canonical = namespaces.canonical(rawName)
        let name = Name(canonical: canonical, element: FeedElement(canonical: canonical))
        names[rawName] = name
        return name
    }

    // MARK: - Closing elements

    private mutating func close() {
        let frame = stack.removeLast()
        if frame.element == .podcastAlternateEnclosure, let alternate = item?.alternate {
            if !alternate.url.isEmpty { item!.episode.offer(alternate) }
            item!.alternate = nil
        }
        namespaces.leave()
        if frame.element.isRichText { richDepth -= 1 }
        let parent = stack.last?.element ?? .other
        currentBase = frame.base
        switch frame.element {
        case .podcastPerson, .podcastSoundbite, .podcastTrailer, .podcastFunding, .podcastContentLink:
            closeTagged(frame, parent: parent)
        default: break
        }
        if frame.element.isItem {
            finishItem()
        } else if frame.element != .other {
            if item != nil {
                readItemText(frame, parent: parent)
            } else {
                readChannelText(frame, parent: parent)
            }
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

    private mutating func readItemText(_ frame: Frame, parent: FeedElement) {
        guard parent.isItem, item != nil, let value = textOf(frame) else { return }
        // Fields are set in place (`item!.…`): copying the draft would copy every string it holds.
        switch frame.element {
        case .guid:
            if item!.guid == nil {
                item!.guid = value
                if item!.guidPermaLink == nil { item!.guidPermaLink = .some(nil) }
            }
        case .atomID: if item!.guid == nil { item!.guid = value }
        case .title: if item!.title == nil { item!.title = value }
        case .atomTitle: if item!.atomTitle == nil { item!.atomTitle = value }
        case .itunesTitle: item!.itunesTitle = value
        case .link: if item!.link == nil { item!.link = resolve(value) }
        case .contentEncoded, .atomContent: if item!.encoded == nil { item!.encoded = value }
        case .description: if item!.description == nil { item!.description = value }
        case .itunesSummary, .atomSummary: if item!.summary == nil { item!.summary = value }
        case .atomPublished, .atomIssued:
            if let date = FeedDate.parse(value) { item!.episode.published = date }
        case .pubDate, .dcDate, .atomUpdated:
            if item!.episode.published == nil { item!.episode.published = FeedDate.parse(value) }
        case .itunesDuration: item!.episode.duration = FeedDuration.seconds(value)
        case .itunesSeason, .podcastSeason: if item!.episode.season == nil { item!.episode.season = Self.integer(value) }
        case .itunesEpisode, .podcastEpisode: if item!.episode.number == nil { item!.episode.number = Self.integer(value) }
        default: return
        }
    }

    private mutating func readChannelText(_ frame: Frame, parent: FeedElement) {
        let inChannel = parent.isChannel
        guard let value = textOf(frame) else { return }
        switch (frame.element, inChannel) {
        case (.title, true), (.atomTitle, true): feed.title = feed.title ?? value
        case (.link, true): channelDraft.link = channelDraft.link ?? resolve(value)
        case (.description, true), (.atomSubtitle, true): channelDraft.description = channelDraft.description ?? value
        case (.itunesSummary, true): channelDraft.summary = value
        case (.language, true), (.dcLanguage, true): feed.language = feed.language ?? value
        case (.itunesAuthor, true): channelDraft.author = value
        case (.managingEditor, true), (.dcCreator, true): channelDraft.fallbackAuthor = channelDraft.fallbackAuthor ?? value
        case (.itunesNewFeedURL, true): feed.newURL = resolve(value)
        case (.podcastGUID, true): feed.podcastGUID = value
        case (.podcastLocked, true):
            feed.locked = value.lowercased() == "yes" || value.lowercased() == "true"
        case (.atomLogo, true): channelDraft.atomLogo = channelDraft.atomLogo ?? resolve(value)
        case (.atomIcon, true): channelDraft.atomIcon = channelDraft.atomIcon ?? resolve(value)
        case (.url, _) where parent == .image:
            channelDraft.rssImage = channelDraft.rssImage ?? resolve(value)
        case (.atomName, _) where parent == .atomAuthor && stack.count <= 2:
            channelDraft.fallbackAuthor = channelDraft.fallbackAuthor ?? value
        default: break
        }
    }

    /// Completes the person, soundbite, trailer or funding `frame` read with its text, and keeps it where it belongs:
    /// an item's, else the channel's.
    private mutating func closeTagged(_ frame: Frame, parent: FeedElement) {
        let value = textOf(frame)
        let read = tagged
        tagged = nil
        let inItem = item != nil && parent.isItem
        switch (frame.element, read) {
        case (.podcastPerson, let person):
            guard let name = value else { return }
            var found = FeedPerson(name: name)
            if case .person(let attributes)? = person { (found, found.name) = (attributes, name) }
            if inItem {
                item!.episode.persons.append(found)
            } else if parent.isChannel {
                feed.persons.append(found)
            }
        case (.podcastSoundbite, .soundbite(var soundbite)?):
            guard inItem else { return }
            soundbite.title = value
            item!.episode.soundbites.append(soundbite)
        case (.podcastTrailer, .trailer(var trailer)?):
            guard parent.isChannel else { return }
            trailer.title = value
            feed.trailers.append(trailer)
        case (.podcastFunding, .funding(var funding)?):
            guard parent.isChannel else { return }
            funding.title = value
            feed.funding.append(funding)
        case (.podcastContentLink, .contentLink(var link)?):
            guard inItem else { return }
            link.title = value
            item!.contentLinks.append(link)
        default: return
        }
    }

    // MARK: - Attributes

    private mutating func readAttributes(of element: FeedElement, _ attributes: [XMLAttribute]) {
        func value(_ key: String) -> String? {
            if let exact = attributes.first(where: { $0.name == key }) { return exact.value }
            return attributes.first { $0.name.utf8.elementsEqual(key.utf8) { $0 | 0x20 == $1 | 0x20 } }?.value
        }
        let inItem = item != nil
        switch element {
        case .guid:
            guard inItem, item!.guid == nil, let flag = value("isPermaLink")?.trimmingSpaces.lowercased() else { return }
            item!.guidPermaLink = .some(flag == "true")
        case .enclosure:
            guard inItem, let url = resolve(value("url")) else { return }
            let enclosure = Enclosure(url: url, length: Self.length(value("length")), type: Self.mediaType(value("type")))
            // Several enclosures: the first is the episode's, the others are kept as alternatives.
            if item!.episode.enclosure == nil { item!.episode.enclosure = enclosure } else { item!.episode.offer(enclosure) }
        case .podcastAlternateEnclosure:
            guard inItem else { return }
            item!.alternate = Enclosure(
                url: "", length: Self.length(value("length")), type: Self.mediaType(value("type")),
                bitrate: value("bitrate").flatMap { Double($0.trimmingSpaces) }.flatMap { $0 > 0 && $0.isFinite ? $0 : nil })
        case .podcastSource:
            // The first http(s) source of an alternative (others may be IPFS or a torrent).
            guard inItem, item!.alternate?.url.isEmpty == true, let url = resolve(value("uri")),
                url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://")
            else { return }
            item!.alternate!.url = url
        case .podcastIntegrity:
            // Subresource Integrity hashes (sha256, sha384, sha512); a PGP signature is not checked.
            guard inItem, item!.alternate != nil, value("type")?.trimmingSpaces.lowercased() == "sri",
                let hashes = Self.nonEmpty(value("value")?.trimmingSpaces)
            else { return }
            item!.alternate!.integrity = hashes
        case .mediaContent:
            guard inItem, item!.mediaEnclosure == nil, let url = resolve(value("url")) else { return }
            let type = Self.mediaType(value("type"))
            let medium = value("medium")
            guard medium == "audio" || medium == "video" || type?.hasPrefix("audio") == true || type?.hasPrefix("video") == true else {
                return
            }
            item!.mediaEnclosure = Enclosure(url: url, length: Self.length(value("fileSize")), type: type)
        case .atomLink, .link:
            guard let href = resolve(value("href")) else { return }
            let rel = value("rel")?.lowercased() ?? "alternate"
            if inItem {
                if rel == "enclosure", item!.episode.enclosure == nil {
                    item!.episode.enclosure = Enclosure(
                        url: href, length: Self.length(value("length")), type: Self.mediaType(value("type")))
                } else if rel == "alternate", item!.atomLink == nil {
                    item!.atomLink = href
                }
            } else if rel == "alternate", stack.last?.element.isChannel == true {
                channelDraft.atomLink = channelDraft.atomLink ?? href
            }
        case .itunesImage:
            guard let href = resolve(value("href") ?? value("url")) else { return }
            if inItem {
                if item!.episode.image == nil { item!.episode.image = href }
            } else {
                channelDraft.itunesImage = channelDraft.itunesImage ?? href
            }
        case .mediaThumbnail:
            guard inItem, item!.episode.image == nil else { return }
            item!.episode.image = resolve(value("url"))
        case .podcastChapters:
            guard inItem, item!.episode.chaptersURL == nil else { return }
            item!.episode.chaptersURL = resolve(value("url"))
        case .podcastTranscript:
            guard inItem, let url = resolve(value("url")) else { return }
            if item!.episode.transcriptURL == nil { item!.episode.transcriptURL = url }
            item!.episode.transcripts.append(
                TranscriptLink(url: url, type: value("type"), language: value("language"), rel: value("rel")))
        case .pscChapter:
            // Podlove Simple Chapters: start as normal play time (`00:01:30.500`), a title, a link, a picture.
            guard inItem, let start = value("start").flatMap(FeedDuration.seconds) else { return }
            item!.episode.chapters.append(
                Chapter(start: start, title: Self.nonEmpty(value("title")), url: resolve(value("href")), image: resolve(value("image"))))
        case .podcastFunding:
            tagged = webLink(value("url")).map { .funding(Funding(url: $0)) }
        case .podcastContentLink:
            tagged = webLink(value("href")).map { .contentLink(Funding(url: $0)) }
        case .podcastLiveItem:
            let written = value("status")?.trimmingSpaces ?? ""
            guard let status = FeedLiveItem.Status(rawValue: written.lowercased()) else {
                item!.live = .failure(LiveStatusUnknown(written: written))
                return
            }
            item!.live = .success(
                FeedLiveItem(
                    guid: "", status: status, start: value("start").flatMap(FeedDate.parse), end: value("end").flatMap(FeedDate.parse)))
        case .podcastChat:
            guard inItem, let server = Self.nonEmpty(value("server")?.trimmingSpaces),
                let kind = Self.nonEmpty(value("protocol")?.trimmingSpaces)
            else { return }
            item!.chat = FeedChat(
                server: server, protocol: kind, accountID: Self.nonEmpty(value("accountId")), space: Self.nonEmpty(value("space")))
        case .podcastPerson:
            tagged = .person(
                FeedPerson(name: "", role: value("role"), group: value("group"), image: webLink(value("img")), link: webLink(value("href")))
            )
        case .podcastSoundbite:
            tagged = Soundbite(startTime: value("startTime"), duration: value("duration")).map(Tagged.soundbite)
        case .podcastTrailer:
            guard let url = webLink(value("url")) else { return }
            tagged = .trailer(
                FeedTrailer(
                    url: url, published: value("pubdate").flatMap(FeedDate.parse), length: Self.length(value("length")),
                    type: Self.mediaType(value("type")), season: value("season").flatMap { Self.integer($0.trimmingSpaces) }))
        case .podcastRemoteItem:
            guard !inItem, stack.last?.element == .podcastPodroll, let guid = Self.nonEmpty(value("feedGuid")) else { return }
            feed.podroll.append(
                RemoteItem(
                    feedGUID: guid, feedURL: webLink(value("feedUrl")), itemGUID: Self.nonEmpty(value("itemGuid")),
                    medium: Self.nonEmpty(value("medium"))))
        default:
            return
        }
    }

    // MARK: - Items

    private mutating func finishItem() {
        guard let draft = item else { return }
        item = nil
        var episode = draft.episode
        if episode.enclosure == nil { episode.enclosure = draft.mediaEnclosure }
        if episode.enclosure == nil, !episode.alternates.isEmpty { episode.enclosure = episode.alternates.removeFirst() }
        episode.alternates.removeAll { $0.url == episode.enclosure?.url && !$0.saysMore }
        episode.title = draft.title ?? draft.atomTitle ?? draft.itunesTitle ?? episode.enclosure.flatMap { Self.title(fromFileOf: $0.url) }
        episode.link = draft.link ?? draft.atomLink ?? permaLink(draft)
        episode.description = draft.encoded ?? draft.description ?? draft.summary
        if !episode.chapters.isEmpty {
            // Chapters that cannot be used (overlapping, a start that is not a time) are left out with a warning.
            switch ChapterList.validated(episode.chapters, sorting: true) {
            case .success(let ordered): episode.chapters = ordered
            case .failure(let error):
                episode.chapters = []
                feed.warnings.append("psc chapters of \"\(episode.title ?? episode.guid ?? "an item")\" left out: \(error.reason)")
            }
        }
        episode.guid = draft.guid ?? episode.link ?? episode.enclosure?.url
        if let live = draft.live {
            finishLiveItem(live, episode, draft)
            return
        }
        if let guid = episode.guid, let existing = indexByGUID[guid] {
            feed.episodes[existing].merge(episode)
            return
        }
        if let guid = episode.guid { indexByGUID[guid] = feed.episodes.count }
        feed.episodes.append(episode)
    }

    /// Keeps a `podcast:liveItem` apart from the episodes; one without a status it can have, or without an identity, is
    /// left out with a warning.
    private mutating func finishLiveItem(_ live: Result<FeedLiveItem, LiveStatusUnknown>, _ episode: ParsedEpisode, _ draft: ItemDraft) {
        let name = episode.title ?? episode.guid ?? "a live item"
        switch live {
        case .failure(let unknown):
            feed.warnings.append("live item \"\(name)\" left out: its status '\(unknown.written)' is not pending, live or ended")
        case .success(var item):
            guard let guid = episode.guid else {
                feed.warnings.append("live item \"\(name)\" left out: it has no guid, link or stream address")
                return
            }
            item.guid = guid
            item.title = episode.title
            item.url = episode.enclosure?.url
            item.type = episode.enclosure?.type
            item.description = episode.description
            item.link = episode.link
            item.chat = draft.chat
            item.contentLinks = draft.contentLinks
            if let same = feed.liveItems.firstIndex(where: { $0.guid == guid }) {
                feed.liveItems[same] = item
            } else {
                feed.liveItems.append(item)
            }
        }
    }

    /// A live item's status as written, when it is not one the namespace has.
    struct LiveStatusUnknown: Error, Equatable {
        var written: String
    }

    /// An RSS guid that is a permalink, resolved, as the item's link: when `isPermaLink` is "true", or
    /// absent and the guid reads as a URL or an absolute path (many feeds leave `isPermaLink` out of
    /// guids that are only identifiers).
    private func permaLink(_ draft: ItemDraft) -> String? {
        guard let guid = draft.guid, let flag = draft.guidPermaLink, flag != false else { return nil }
        guard flag == true || guid.hasPrefix("/") || FeedURL.hasHTTPScheme(guid) else { return nil }
        guard let link = FeedURL.resolve(guid, against: bases[currentBase]), FeedURL.hasHTTPScheme(link) else { return nil }
        return link
    }

    /// A title for an item that has none: its media file's name without the extension, decoded.
    static func title(fromFileOf url: String) -> String? {
        let path = URL(string: url)?.path ?? url
        guard let file = path.split(separator: "/").last else { return nil }
        let name = file.lastIndex(of: ".").map { file[..<$0] } ?? file[...]
        let decoded = String(name).removingPercentEncoding ?? String(name)
        return decoded.trimmingSpaces.isEmpty ? nil : decoded.trimmingSpaces
    }

    // MARK: - Values

    private func resolve(_ reference: String?) -> String? {
        FeedURL.resolve(reference, against: bases[currentBase])
    }

    /// A link for a listener to open, resolved; nil unless http(s) (never `javascript:`, `file:` or `data:`).
    private func webLink(_ reference: String?) -> String? {
        guard let link = resolve(reference), FeedURL.hasHTTPScheme(link) else { return nil }
        return link
    }

    /// A media type (`audio/mpeg`), or nil for an empty value or one that is not `type/subtype`.
    private static func mediaType(_ text: String?) -> String? {
        guard let value = nonEmpty(text), value.utf8.contains(UInt8(ascii: "/")) else { return nil }
        return value
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
