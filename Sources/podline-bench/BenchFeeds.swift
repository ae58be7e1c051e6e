import Foundation

/// Generated feeds: deterministic, so that every run measures the same input.
enum BenchFeeds {
    static let words = [
        "alpha", "beta", "gamma", "delta", "podcast", "episode", "interview", "science", "history", "music",
        "news", "culture", "technology", "daily", "weekly", "quasar", "nebula", "garden", "kitchen", "travel",
    ]

    /// Deterministic filler text of `count` words starting from `seed`.
    static func text(_ count: Int, seed: Int) -> String {
        var state = UInt64(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
        var out: [String] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            out.append(words[Int((state >> 33) % UInt64(words.count))])
        }
        return out.joined(separator: " ")
    }

    /// A ~7 MB RSS feed with `items` items, each with show notes, iTunes and Podcasting 2.0 tags.
    static func big(items: Int) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:podcast="https://podcastindex.org/namespace/1.0">
            <channel><title>Benchmark Show</title><link>https://bench.example.com/</link><description>A generated feed</description>
            <itunes:author>Bench</itunes:author><itunes:image href="https://bench.example.com/art.jpg"/>

            """
        for index in 0..<items {
            let notes = text(280, seed: index)
            xml += """
                <item><title>Episode \(index): \(text(6, seed: index + 7)) &amp; more</title><guid isPermaLink="false">bench-\(index)</guid>
                <link>https://bench.example.com/\(index)</link><pubDate>Mon, 0\(1 + index % 9) Jan 2024 10:00:00 +0000</pubDate>
                <itunes:duration>\(index % 3):\(String(format: "%02d:%02d", index % 60, index % 60))</itunes:duration><itunes:episode>\(index)</itunes:episode>
                <enclosure url="https://cdn.example.com/\(index).mp3" length="\(1_000_000 + index)" type="audio/mpeg"/>
                <description>\(notes.prefix(300))</description><content:encoded><![CDATA[<p>\(notes)</p>]]></content:encoded>
                <podcast:transcript url="https://bench.example.com/\(index).vtt" type="text/vtt"/></item>

                """
        }
        return xml + "</channel></rss>\n"
    }

    /// One show of the large library: `episodes` items, one in a thousand (counted across the library)
    /// with the word "zeppelin" in its title, the word the search benchmark looks for.
    static func libraryShow(_ show: Int, episodes: Int) -> String {
        var xml =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\">"
        xml += "<channel><title>Show \(show) \(text(2, seed: show))</title><link>https://feeds.example.com/\(show)</link>\n"
        xml.reserveCapacity(episodes * 600)
        for index in 0..<episodes {
            let rare = (show * episodes + index) % 1000 == 0 ? " zeppelin" : ""
            let published = rfc822(Date(timeIntervalSince1970: 1_600_000_000 + Double(index * 86_400)))
            xml += "<item><guid>s\(show)-e\(index)</guid><title>Episode \(index): \(text(6, seed: show * 10_000 + index))\(rare)</title>"
            xml += "<description>\(text(30, seed: show * 10_000 + index + 1))</description><pubDate>\(published)</pubDate>"
            xml += "<itunes:duration>1800</itunes:duration>"
            xml += "<enclosure url=\"https://cdn.example.com/\(show)/\(index).mp3\" length=\"1000000\" type=\"audio/mpeg\"/></item>\n"
        }
        return xml + "</channel></rss>\n"
    }

    /// A show of `episodes` items whose notes are HTML (paragraphs, emphasis, a list and links), for
    /// `notes` and `remove`.
    static func htmlShow(episodes: Int) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>Care Show</title>"
        xml += "<link>https://care.example.com/</link>\n"
        xml.reserveCapacity(episodes * 1200)
        for index in 0..<episodes {
            let notes = """
                <p>\(text(40, seed: index)) <b>\(text(3, seed: index + 1))</b> \(text(25, seed: index + 2)).</p>\
                <ul><li>\(text(6, seed: index + 3))</li><li>\(text(6, seed: index + 4))</li></ul>\
                <p>More at <a href="https://care.example.com/\(index)">the show page</a> and \
                <a href="https://example.org/links/\(index)?a=1&amp;b=2">the links</a> &mdash; thanks.</p>
                """
            xml += "<item><guid>care-\(index)</guid><title>Care \(index): \(text(5, seed: index))</title>"
            xml += "<description><![CDATA[\(notes)]]></description>"
            xml += "<pubDate>\(rfc822(Date(timeIntervalSince1970: 1_600_000_000 + Double(index * 3_600))))</pubDate>"
            xml += "<enclosure url=\"https://care.example.com/\(index).mp3\" length=\"1000000\" type=\"audio/mpeg\"/></item>\n"
        }
        return xml + "</channel></rss>\n"
    }

    /// A date as RSS writes it.
    static func rfc822(_ date: Date) -> String {
        rfc822Formatter.string(from: date)
    }

    nonisolated(unsafe) private static let rfc822Formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter
    }()

    /// A small feed for show `show` with `items` items.
    static func small(show: Int, items: Int) -> String {
        var xml = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Feed \(show)</title>\n"
        for index in 0..<items {
            xml += "<item><guid>s\(show)-\(index)</guid><title>\(text(5, seed: show * 1000 + index))</title>"
            xml +=
                "<pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate><enclosure url=\"https://cdn.example.com/\(show)/\(index).mp3\" length=\"1\" type=\"audio/mpeg\"/></item>\n"
        }
        return xml + "</channel></rss>\n"
    }
}
