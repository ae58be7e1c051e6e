/// The elements `FeedBuilder` reads, by canonical name, so that each name is recognised once rather than
/// compared again at every tag.
enum FeedElement: UInt8 {
    case other
    // Structure
    case item, atomEntry, channel, atomFeed, image, atomAuthor
    // Text of an item or of the channel
    case guid, atomID, title, atomTitle, itunesTitle, link, contentEncoded, atomContent, description
    case itunesSummary, atomSummary, atomSubtitle, atomPublished, atomIssued, pubDate, dcDate, atomUpdated
    case itunesDuration, itunesSeason, podcastSeason, itunesEpisode, podcastEpisode
    case language, dcLanguage, itunesAuthor, managingEditor, dcCreator, itunesNewFeedURL, podcastGUID
    case podcastLocked, atomLogo, atomIcon, url, atomName, podcastFunding
    case podcastPerson, podcastSoundbite, podcastTrailer, podcastPodroll, podcastRemoteItem, podcastContentLink
    // Read from attributes
    case enclosure, mediaContent, atomLink, itunesImage, mediaThumbnail, podcastChapters, podcastTranscript, pscChapter
    case podcastAlternateEnclosure, podcastSource, podcastIntegrity, podcastChat
    // A live stream's item
    case podcastLiveItem

    /// The element for a canonical name (see `XMLNamespaces`).
    init(canonical name: String) {
        self = Self.byName[name] ?? .other
    }

    /// An item (RSS), entry (Atom) or live item (`podcast:liveItem`).
    var isItem: Bool { self == .item || self == .atomEntry || self == .podcastLiveItem }

    /// The channel (RSS) or feed (Atom) element.
    var isChannel: Bool { self == .channel || self == .atomFeed }

    /// Elements whose text may contain unescaped HTML elements, whose text they keep.
    var isRichText: Bool {
        switch self {
        case .description, .contentEncoded, .itunesSummary, .atomContent, .atomSummary, .atomSubtitle, .title: true
        default: false
        }
    }

    /// Elements that never hold content; their end tag, if any, is then a stray one and ignored.
    var isEmpty: Bool {
        self == .enclosure || self == .itunesImage || self == .pscChapter || self == .podcastRemoteItem || self == .podcastChat
    }

    private static let byName: [String: FeedElement] = [
        "item": .item, "atom:entry": .atomEntry, "channel": .channel, "atom:feed": .atomFeed, "image": .image,
        "atom:author": .atomAuthor,
        "guid": .guid, "atom:id": .atomID, "title": .title, "atom:title": .atomTitle, "itunes:title": .itunesTitle,
        "link": .link, "content:encoded": .contentEncoded, "atom:content": .atomContent, "description": .description,
        "itunes:summary": .itunesSummary, "atom:summary": .atomSummary, "atom:subtitle": .atomSubtitle,
        "atom:published": .atomPublished, "atom:issued": .atomIssued, "pubDate": .pubDate, "pubdate": .pubDate,
        "dc:date": .dcDate, "atom:updated": .atomUpdated,
        "itunes:duration": .itunesDuration, "itunes:season": .itunesSeason, "podcast:season": .podcastSeason,
        "itunes:episode": .itunesEpisode, "podcast:episode": .podcastEpisode,
        "language": .language, "dc:language": .dcLanguage, "itunes:author": .itunesAuthor,
        "managingEditor": .managingEditor, "dc:creator": .dcCreator, "itunes:new-feed-url": .itunesNewFeedURL,
        "podcast:guid": .podcastGUID, "podcast:locked": .podcastLocked, "atom:logo": .atomLogo, "atom:icon": .atomIcon,
        "url": .url, "atom:name": .atomName, "podcast:funding": .podcastFunding,
        "enclosure": .enclosure, "media:content": .mediaContent, "atom:link": .atomLink,
        "itunes:image": .itunesImage, "media:thumbnail": .mediaThumbnail, "podcast:chapters": .podcastChapters,
        "podcast:transcript": .podcastTranscript, "psc:chapter": .pscChapter,
        "podcast:alternateEnclosure": .podcastAlternateEnclosure, "podcast:source": .podcastSource,
        "podcast:integrity": .podcastIntegrity, "podcast:person": .podcastPerson, "podcast:soundbite": .podcastSoundbite,
        "podcast:trailer": .podcastTrailer, "podcast:podroll": .podcastPodroll, "podcast:remoteItem": .podcastRemoteItem,
        "podcast:liveItem": .podcastLiveItem, "podcast:chat": .podcastChat, "podcast:contentLink": .podcastContentLink,
    ]
}
