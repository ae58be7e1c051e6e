/// Maps qualified names to canonical `prefix:local` names, whatever prefixes a document declares.
///
/// A feed may bind the iTunes namespace to `itunes`, `itms` or anything else; the parser compares
/// canonical names such as `itunes:duration`. Elements in no namespace (RSS 2.0, RSS 1.0) keep their
/// local name; Atom elements become `atom:…`. An undeclared prefix is kept as written, lower-cased,
/// because many feeds use `itunes:` without declaring it.
struct XMLNamespaces {
    private struct Scope {
        var depth: Int
        var bindings: [String: String]  // prefix ("" for the default) -> canonical prefix
    }

    private var scopes: [Scope] = []
    private var depth = 0
    /// Changes whenever the declarations in scope change, so that callers know when names they worked
    /// out may mean something else.
    private(set) var generation = 0

    /// The canonical prefixes of the namespaces feeds use, keyed by namespace URI without scheme,
    /// lower-cased and without a trailing slash.
    static let known: [String: String] = [
        "www.itunes.com/dtds/podcast-1.0.dtd": "itunes",
        "purl.org/rss/1.0/modules/content": "content",
        "www.w3.org/2005/atom": "atom",
        "purl.org/atom/ns#": "atom",
        "podcastindex.org/namespace/1.0": "podcast",
        "github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md": "podcast",
        "search.yahoo.com/mrss": "media",
        "podlove.org/simple-chapters": "psc",
        "purl.org/dc/elements/1.1": "dc",
        "purl.org/rss/1.0": "",
        "backend.userland.com/rss2": "",
        "www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf",
        "www.google.com/schemas/play-podcasts/1.0": "googleplay",
        "www.w3.org/xml/1998/namespace": "xml",
    ]

    /// Enters an element: records the namespace declarations among its attributes.
    mutating func enter(attributes: [XMLAttribute]) {
        depth += 1
        var bindings: [String: String]?
        for attribute in attributes where attribute.name.utf8.starts(with: "xmlns".utf8) {
            let prefix: String
            if attribute.name == "xmlns" {
                prefix = ""
            } else if attribute.name.hasPrefix("xmlns:") {
                prefix = String(attribute.name.dropFirst(6))
            } else {
                continue
            }
            if bindings == nil { bindings = [:] }
            bindings?[prefix] = Self.canonicalPrefix(uri: attribute.value, declared: prefix)
        }
        if let bindings {
            scopes.append(Scope(depth: depth, bindings: bindings))
            generation += 1
        }
    }

    /// Leaves the innermost element.
    mutating func leave() {
        if let last = scopes.last, last.depth == depth {
            scopes.removeLast()
            generation += 1
        }
        depth = max(0, depth - 1)
    }

    /// The canonical form of `name` (an element or attribute name) in the current scope.
    func canonical(_ name: String, isAttribute: Bool = false) -> String {
        let prefix: Substring
        let local: Substring
        if let colon = name.utf8.firstIndex(of: UInt8(ascii: ":")) {
            prefix = name[..<colon]
            local = name[name.index(after: colon)...]
        } else {
            if isAttribute { return name }
            prefix = ""
            local = name[...]
        }
        let resolved = lookup(String(prefix)) ?? (prefix.isEmpty ? "" : prefix.lowercased())
        return resolved.isEmpty ? String(local) : resolved + ":" + local
    }

    private func lookup(_ prefix: String) -> String? {
        for scope in scopes.reversed() {
            if let canonical = scope.bindings[prefix] { return canonical }
        }
        return nil
    }

    /// The canonical prefix for a namespace URI: a known one, else the prefix the document declared.
    static func canonicalPrefix(uri: String, declared: String) -> String {
        var key = Substring(uri.trimmingSpaces.lowercased())
        for scheme in ["https://", "http://"] where key.hasPrefix(scheme) { key = key.dropFirst(scheme.count) }
        while key.hasSuffix("/") { key = key.dropLast() }
        if let known = known[String(key)] { return known }
        return declared.lowercased()  // an unknown default namespace is read as no namespace
    }
}

extension String {
    /// The string without leading and trailing ASCII whitespace (space, tab, CR, LF).
    var trimmingSpaces: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !XMLTokenizer.isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !XMLTokenizer.isSpace($0) })!
        if first == bytes.startIndex && bytes.index(after: last) == bytes.endIndex { return self }
        return String(self[first...last])
    }
}
