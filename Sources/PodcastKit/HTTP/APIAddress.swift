import Foundation

/// The pieces of a web API's addresses: a base URL as configured, and text put into a path or a query.
enum APIAddress {
    /// `url` without the slashes it may end in, so that paths are appended to it as they are written.
    static func base(_ url: String) -> String {
        var text = url
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// `text` as one segment of a path or one value of a query: everything but ASCII letters, digits and `-._~`
    /// percent-encoded (as UTF-8), so that spaces, `&`, `/` and accents arrive as typed.
    static func component(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved: CharacterSet = {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()
}
