import Cxml2
import Foundation

/// An HTML fragment parsed by libxml2's lenient HTML parser: the one owner of the `htmlDocPtr`, freed in `deinit`.
final class HTMLDocument {
    private let document: htmlDocPtr

    /// Parses `html` (UTF-8), recovering from any fault, with no network access; nil only when libxml2 gives nothing.
    init?(_ html: String) {
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue)
        let bytes = Array(html.utf8)
        guard !bytes.isEmpty else { return nil }
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(clamping: buffer.count), nil, "UTF-8", options)
            }
        }
        guard let parsed else { return nil }
        document = parsed
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// Walks every node below the root in document order.
    func walk(_ visitor: (HTMLNodeEvent) -> Bool) {
        guard let root = xmlDocGetRootElement(document) else { return }
        Self.walk(root, visitor)
    }

    private static func walk(_ node: xmlNodePtr, _ visitor: (HTMLNodeEvent) -> Bool) {
        switch node.pointee.type.rawValue {
        case XML_TEXT_NODE.rawValue, XML_CDATA_SECTION_NODE.rawValue:
            if let content = node.pointee.content { _ = visitor(.text(String(cString: content))) }
        case XML_ELEMENT_NODE.rawValue:
            let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            let href = name == "a" ? attribute(node, "href") : nil
            guard visitor(.start(name, href: href)) else { return }
            var child = node.pointee.children
            while let current = child {
                walk(current, visitor)
                child = current.pointee.next
            }
            _ = visitor(.end(name))
        default:
            break
        }
    }

    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = podline_xml_get_prop(node, name) else { return nil }
        defer { podline_xml_free(value) }
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
