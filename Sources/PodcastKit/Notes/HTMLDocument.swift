import CLazyLibraries

/// An HTML fragment parsed by libxml2's lenient HTML parser: the one owner of the parsed document, freed in `deinit`.
final class HTMLDocument {
    private let document: UnsafeMutableRawPointer

    /// Parses `html` (UTF-8), recovering from any fault, with no network access; nil when libxml2 gives
    /// nothing or cannot be loaded.
    init?(_ html: String) {
        let bytes = Array(html.utf8)
        guard !bytes.isEmpty, podline_library_load(PODLINE_LIBRARY_XML2, nil, 0) == 0 else { return nil }
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                podline_html_parse($0, Int32(clamping: buffer.count))
            }
        }
        guard let parsed else { return nil }
        document = parsed
    }

    deinit {
        podline_html_free(document)
    }

    /// Walks every node below the root in document order.
    func walk(_ visitor: (HTMLNodeEvent) -> Bool) {
        guard let root = podline_html_root(document) else { return }
        Self.walk(root, visitor)
    }

    private static func walk(_ node: UnsafeMutableRawPointer, _ visitor: (HTMLNodeEvent) -> Bool) {
        switch podline_html_kind_of(node) {
        case PODLINE_HTML_TEXT:
            if let content = podline_html_text(node) { _ = visitor(.text(String(cString: content))) }
        case PODLINE_HTML_ELEMENT:
            let name = podline_html_name(node).map { String(cString: $0).lowercased() } ?? ""
            let href = name == "a" ? attribute(node, "href") : nil
            guard visitor(.start(name, href: href)) else { return }
            var child = podline_html_first_child(node)
            while let current = child {
                walk(current, visitor)
                child = podline_html_next(current)
            }
            _ = visitor(.end(name))
        default:
            break
        }
    }

    private static func attribute(_ node: UnsafeMutableRawPointer, _ name: String) -> String? {
        guard let value = podline_html_attribute(node, name) else { return nil }
        defer { podline_html_free_string(value) }
        return String(cString: value)
    }
}

/// What the walk meets.
enum HTMLNodeEvent {
    /// An element opens (its `href` for links); returning false skips its content.
    case start(String, href: String?)
    case end(String)
    case text(String)
}
