import PodcastKit

/// What a feed says beyond the show notes (Podcasting 2.0's people, soundbites, funding, trailers and recommended
/// shows), as `notes` and `show` print it and give it in JSON.
package struct FeedExtrasText {
    let persons: [FeedPerson]
    let soundbites: [Soundbite]
    let funding: [Funding]
    let trailers: [FeedTrailer]
    let podroll: [RemoteItem]
    /// The episode's reference (for the command that plays a soundbite), or the show's slug (for the one that adds a
    /// recommended show).
    let ref: String?

    /// An episode's: its people (else its show's), its soundbites, and its show's funding.
    package init(episode: EpisodeRecord, show: ShowRecord?, ref: String) {
        let own = FeedPerson.list(fromJSON: episode.persons)
        persons = own.isEmpty ? FeedPerson.list(fromJSON: show?.persons) : own
        soundbites = Soundbite.list(fromJSON: episode.soundbites)
        funding = Funding.list(fromJSON: show?.funding)
        (trailers, podroll, self.ref) = ([], [], ref)
    }

    /// A show's.
    package init(show: ShowRecord) {
        persons = FeedPerson.list(fromJSON: show.persons)
        funding = Funding.list(fromJSON: show.funding)
        trailers = FeedTrailer.list(fromJSON: show.trailers)
        podroll = RemoteItem.list(fromJSON: show.podroll)
        (soundbites, ref) = ([], show.slug)
    }

    /// `notes --json`'s members for them.
    package var episodeJSON: [(String, JSONValue)] {
        [
            ("persons", .array(persons.map(\.json))), ("soundbites", .array(soundbites.map(\.json))),
            ("funding", .array(funding.map(\.json))),
        ]
    }

    /// `show --json`'s members for them.
    package var showJSON: [(String, JSONValue)] {
        [
            ("persons", .array(persons.map(\.json))), ("funding", .array(funding.map(\.json))),
            ("trailers", .array(trailers.map(\.json))), ("podroll", .array(podroll.map(\.json))),
        ]
    }

    /// The lines `notes` prints for them, before the show notes.
    package var episodeLines: [String] {
        var lines = peopleLines
        if !soundbites.isEmpty, let ref {
            lines.append("Soundbites (podline play \(ref) --soundbite N):")
            for (index, soundbite) in soundbites.enumerated() {
                let title = soundbite.title.map { "  " + TerminalText.safe($0) } ?? ""
                lines.append("  \(index + 1). \(CueLine.clock(soundbite.start))–\(CueLine.clock(soundbite.end))\(title)")
            }
        }
        return lines + fundingLines
    }

    /// The lines `show` prints for them.
    package var showLines: [String] {
        var lines = peopleLines + fundingLines
        for trailer in trailers {
            let season = trailer.season.map { " (season \($0))" } ?? ""
            lines.append("Trailer\(season): \(TerminalText.safe(trailer.title ?? trailer.url)) \(TerminalText.safe(trailer.url))")
        }
        if !podroll.isEmpty, let ref {
            lines.append("Recommends (podline add \(PodrollReference.text(show: ref, number: "N"))):")
            for (index, item) in podroll.enumerated() {
                lines.append("  \(index + 1). " + TerminalText.safe(item.feedURL ?? "podcast:guid \(item.feedGUID)"))
            }
        }
        return lines
    }

    /// The people in one line, then a line for each with a page or a picture, where those are.
    private var peopleLines: [String] {
        guard !persons.isEmpty else { return [] }
        var lines = ["People: " + persons.map { TerminalText.safe($0.text) }.joined(separator: ", ")]
        for person in persons where person.link != nil || person.image != nil {
            let places = [person.link, person.image.map { "picture \($0)" }].compactMap { $0 }.map(TerminalText.safe)
            lines.append("  \(TerminalText.safe(person.name)): " + places.joined(separator: ", "))
        }
        return lines
    }

    private var fundingLines: [String] {
        funding.map { "Support: " + TerminalText.safe($0.title.map { "\($0) " } ?? "") + TerminalText.safe($0.url) }
    }
}
