import Foundation

/// A time in a URL, as share links carry it: the W3C Media Fragments `#t=` (`t=83`, `t=1:23`, `t=npt:1:02:03`,
/// `t=83,120`: its start) and the `?t=83` of Pocket Casts' links.
public enum URLTime {
    /// Where `url` says to start, and the URL to fetch: its `#t=` fragment taken off (a query is the server's, and
    /// stays). A time that is not one leaves the URL as it is, with no start.
    public static func split(_ url: String) -> (url: String, start: Double?) {
        if let hash = url.lastIndex(of: "#") {
            let fragment = url[url.index(after: hash)...]
            for part in fragment.split(separator: "&") where part.hasPrefix("t=") {
                guard let start = seconds(part.dropFirst(2)) else { return (url, nil) }
                return (String(url[..<hash]), start)
            }
            return (url, nil)
        }
        guard let query = url.firstIndex(of: "?") else { return (url, nil) }
        for part in url[url.index(after: query)...].split(separator: "&") where part.hasPrefix("t=") {
            return (url, seconds(part.dropFirst(2)))
        }
        return (url, nil)
    }

    /// `url` (its own `#…` taken off) with `#t=SECONDS`, to the millisecond.
    public static func adding(_ seconds: Double, to url: String) -> String {
        let base = url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
        let rounded = (max(0, seconds) * 1000).rounded() / 1000
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return base + "#t=" + text
    }

    /// Seconds in a Media Fragments time: `npt:` allowed, `[[h:]m:]s[.fraction]`, the start of a `start,end` range.
    static func seconds(_ text: Substring) -> Double? {
        var value = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if value.hasPrefix("npt:") { value = value.dropFirst(4) }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let last = Double(parts.last!), last.isFinite, last >= 0 else { return nil }
        guard parts.count == 1 || last < 60 else { return nil }
        var total = last
        var scale = 60.0
        for part in parts.dropLast().reversed() {
            guard let whole = Int(part), whole >= 0, part.allSatisfy(\.isNumber) else { return nil }
            total += Double(whole) * scale
            scale *= 60
        }
        return total
    }
}
