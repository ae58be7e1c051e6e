import Foundation
import Synchronization

/// The username and password of a private feed's host, sent with HTTP Basic to that host only (its feed, and the
/// enclosures, transcripts and chapters it serves), never after a redirect to another host.
public struct FeedCredential: Sendable, Equatable {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// The `Authorization` header's value.
    var header: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }

    /// The host and port an http(s) URL is for (`host:port`, the scheme's port when none is written); nil for
    /// anything else.
    public static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        return "\(host):\(components.port ?? (scheme == "https" ? 443 : 80))"
    }

    /// `url` without the credentials written into it, and those credentials (`https://user:pass@host/feed`).
    public static func split(_ url: String) -> (url: String, credential: FeedCredential?) {
        guard var components = URLComponents(string: url), let user = components.user, !user.isEmpty, origin(of: url) != nil else {
            return (url, nil)
        }
        let credential = FeedCredential(
            username: user.removingPercentEncoding ?? user, password: (components.password ?? "").removingPercentEncoding ?? "")
        components.user = nil
        components.password = nil
        return (components.string ?? url, credential)
    }

    /// `url` with `credential` written into it, as an OPML export `--with-credentials` gives it.
    public static func joined(_ url: String, _ credential: FeedCredential) -> String {
        guard var components = URLComponents(string: url) else { return url }
        // Percent-encoded here: the plain setters leave a `:` of the password as it is.
        components.percentEncodedUser = credential.username.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed)
        components.percentEncodedPassword = credential.password.addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed)
        return components.string ?? url
    }

    /// `text` with every password written into a URL shown as `***` (`https://user:***@host/…`), for any line that
    /// names a URL.
    public static func redacted(_ text: String) -> String {
        guard text.contains("@"), text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let scheme = rest.range(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let authority = rest.prefix { !"/?# \t\n\"'<>".contains($0) }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                result += authority[..<colon] + ":***" + authority[at...]
                rest = rest[authority.endIndex...]
            }
        }
        return result + rest
    }
}

/// The credentials this process knows, by origin (`host:port`): those the library keeps, loaded when it opens, and
/// those `add` is trying.
public final class FeedCredentials: Sendable {
    public static let shared = FeedCredentials()
    private let known = Mutex<[String: FeedCredential]>([:])

    /// Sends `credential` to `origin` from now on (nil: nothing any more).
    public func set(_ credential: FeedCredential?, for origin: String) {
        known.withLock { $0[origin] = credential }
    }

    /// The `Authorization` header for a request to `url`, when its origin has credentials.
    func authorization(for url: String) -> String? {
        guard let origin = FeedCredential.origin(of: url) else { return nil }
        return known.withLock { $0[origin]?.header }
    }
}
