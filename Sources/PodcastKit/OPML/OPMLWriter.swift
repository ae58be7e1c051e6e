import Foundation

/// Writes subscription lists as OPML 2.0.
public enum OPMLWriter {
    /// The OPML 2.0 text of `document`, `dateCreated` in RFC 822 form.
    public static func write(_ document: OPMLDocument, created: Date = Date()) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        output += "    <title>\(escape(document.title ?? "Podline subscriptions"))</title>\n"
        output += "    <dateCreated>\(rfc822(created))</dateCreated>\n  </head>\n  <body>\n"
        for entry in document.entries {
            let title = escape(entry.title ?? entry.feedURL)
            output += "    <outline type=\"rss\" text=\"\(title)\" title=\"\(title)\" xmlUrl=\"\(escape(entry.feedURL))\""
            if let site = entry.siteURL { output += " htmlUrl=\"\(escape(site))\"" }
            output += "/>\n"
        }
        if !document.playlists.isEmpty { output += playlists(document.playlists) }
        output += "  </body>\n</opml>\n"
        return output
    }

    /// The outline of the playlists: one outline each, a smart one's with its `query`, a named one's with its episodes.
    private static func playlists(_ playlists: [OPMLDocument.Playlist]) -> String {
        var output = "    <outline text=\"Podline playlists\" type=\"\(OPMLDocument.playlistsType)\">\n"
        for playlist in playlists {
            output += "      <outline text=\"\(escape(playlist.name))\" type=\"\(OPMLDocument.playlistType)\""
            if let query = playlist.query { output += " query=\"\(escape(query))\"" }
            guard !playlist.episodes.isEmpty else {
                output += "/>\n"
                continue
            }
            output += ">\n"
            for episode in playlist.episodes {
                output += "        <outline text=\"\(escape(episode.title ?? ""))\" type=\"\(OPMLDocument.episodeType)\""
                output += " feed=\"\(escape(episode.feedURL))\""
                if let guid = episode.guid { output += " guid=\"\(escape(guid))\"" }
                if let enclosure = episode.enclosureURL { output += " enclosure=\"\(escape(enclosure))\"" }
                output += "/>\n"
            }
            output += "      </outline>\n"
        }
        return output + "    </outline>\n"
    }

    /// `text` safe inside an attribute value or element.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "\n": output += "&#10;"
            case "\r": output += "&#13;"
            case "\t": output += "&#9;"
            case _ where scalar.value < 0x20: continue  // not allowed in XML 1.0
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static func rfc822(_ date: Date) -> String {
        let iso = FeedDate.iso8601String(date)  // 2024-01-02T03:04:05Z
        let parts = iso.dropLast().split(separator: "T")
        let ymd = parts[0].split(separator: "-")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(ymd[2]) \(months[Int(ymd[1])! - 1]) \(ymd[0]) \(parts[1]) GMT"
    }
}
