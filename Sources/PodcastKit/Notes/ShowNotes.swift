import Foundation

/// Show notes rendered for a terminal, as newsboat and `w3m -dump` show HTML: paragraphs wrapped to the width,
/// lists as bullets, `<br>` kept, entities decoded, scripts and styles dropped, emphasis in bold where asked, and
/// links as numbered references listed at the end.
public struct ShowNotes: Sendable, Equatable {
    /// The rendered lines.
    public var lines: [String]
    /// The links, in the order of their numbers.
    public var links: [String]

    /// Renders `html` to `width` columns; `bold` wraps emphasis in terminal bold.
    public init(html: String, width: Int = 80, bold: Bool = false) {
        var builder = NotesBuilder()
        if let document = HTMLDocument(html) {
            document.walk { builder.visit($0) }
        } else {
            builder.text(html)
        }
        builder.flush()
        links = builder.links
        lines = NotesLayout.lines(builder.blocks, width: max(20, width), bold: bold)
        if !links.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += links.enumerated().map { "[\($0.offset + 1)] \($0.element)" }
        }
    }

    /// The notes as plain text (no bold), for JSON.
    public var text: String { lines.joined(separator: "\n") }

    /// The words a listener reads in `html`, one space apart: what the search index holds. The same reading as
    /// `init(html:)` (entities decoded, scripts and styles dropped) without markup, layout or link numbers; text
    /// with no `<` and no `&` reads as it is. Depends on `html` alone (the search index deletes by it).
    public static func searchText(html: String) -> String {
        guard html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return html }
        var builder = NotesBuilder(numbersLinks: false)
        if let document = HTMLDocument(html) {
            document.walk { builder.visit($0) }
        } else {
            builder.text(html)
        }
        builder.flush()
        return builder.blocks.map { $0.lines.map { $0.map(\.text).joined(separator: " ") }.joined(separator: " ") }
            .joined(separator: " ")
    }
}

/// A word and whether it is emphasised.
struct NotesWord: Equatable {
    var text: String
    var bold: Bool
}

/// One paragraph or list item: its lines (split at `<br>`) and the prefix of its first line (a bullet) and the rest.
struct NotesBlock: Equatable {
    var lines: [[NotesWord]] = [[]]
    var firstPrefix = ""
    var restPrefix = ""
    var isEmpty: Bool { lines.allSatisfy(\.isEmpty) }
}

/// Turns the walk of a document into blocks of words.
struct NotesBuilder {
    private(set) var blocks: [NotesBlock] = []
    private(set) var links: [String] = []
    private var current = NotesBlock()
    private var boldDepth = 0
    /// One entry per open list: nil for a bullet list, else the next number.
    private var lists: [Int?] = []
    private var openLink: String?
    /// Text glued to the previous word (no space between them in the source).
    private var glue = false
    /// Whether a link's text is followed by its number (`[1]`).
    private let numbersLinks: Bool

    init(numbersLinks: Bool = true) {
        self.numbersLinks = numbersLinks
    }

    /// Elements whose content is not shown.
    private static func isSkipped(_ name: String) -> Bool {
        switch name {
        case "script", "style", "head", "title", "noscript", "template", "iframe", "object": true
        default: false
        }
    }

    /// Elements that start and end a paragraph.
    private static func isBlock(_ name: String) -> Bool {
        switch name {
        case "p", "div", "section", "article", "header", "footer", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6",
            "table", "tr", "dl", "dt", "dd", "figure", "figcaption", "hr", "ul", "ol", "body", "html":
            true
        default: false
        }
    }

    /// Elements shown in bold.
    private static func isEmphasis(_ name: String) -> Bool {
        switch name {
        case "b", "strong", "em", "i", "h1", "h2", "h3", "h4", "h5", "h6": true
        default: false
        }
    }

    mutating func visit(_ event: HTMLNodeEvent) -> Bool {
        switch event {
        case .start(let name, let href):
            if Self.isSkipped(name) { return false }
            if Self.isEmphasis(name) { boldDepth += 1 }
            switch name {
            case "br":
                current.lines.append([])
                glue = false
            case "li":
                flush()
                let indent = String(repeating: "  ", count: max(0, lists.count - 1))
                if let number = lists.last ?? nil {
                    current.firstPrefix = indent + "\(number). "
                    lists[lists.count - 1] = number + 1
                } else {
                    current.firstPrefix = indent + "• "
                }
                current.restPrefix = String(repeating: " ", count: current.firstPrefix.count)
            case "ul", "ol":
                flush()
                lists.append(name == "ol" ? 1 : nil)
            case "a":
                openLink = href.flatMap { $0.hasPrefix("http://") || $0.hasPrefix("https://") || $0.hasPrefix("mailto:") ? $0 : nil }
            default:
                if Self.isBlock(name) { flush() }
            }
        case .end(let name):
            if Self.isEmphasis(name) { boldDepth = max(0, boldDepth - 1) }
            switch name {
            case "ul", "ol":
                flush()
                if !lists.isEmpty { lists.removeLast() }
            case "li":
                flush()
            case "a":
                if let link = openLink, numbersLinks {
                    let number: Int
                    if let known = links.firstIndex(of: link) {
                        number = known + 1
                    } else {
                        links.append(link)
                        number = links.count
                    }
                    append(NotesWord(text: "[\(number)]", bold: false), glued: true)
                }
                openLink = nil
            default:
                if Self.isBlock(name) { flush() }
            }
        case .text(let text):
            self.text(text)
        }
        return true
    }

    /// Adds text, its whitespace collapsed and control characters (terminal escapes among them) dropped.
    mutating func text(_ raw: String) {
        var word = String.UnicodeScalarView()
        var first = true
        for scalar in raw.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x20, 0x2000...0x200A, 0x3000:
                if !word.isEmpty {
                    append(NotesWord(text: String(word), bold: boldDepth > 0), glued: first && glue)
                    word = String.UnicodeScalarView()
                }
                first = false
                glue = false
            case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                word.append(scalar)
            }
        }
        if !word.isEmpty {
            append(NotesWord(text: String(word), bold: boldDepth > 0), glued: first && glue)
        }
    }

    private mutating func append(_ word: NotesWord, glued: Bool) {
        let last = current.lines.count - 1
        if glued, var previous = current.lines[last].popLast() {
            previous.text += word.text
            previous.bold = previous.bold || word.bold
            current.lines[last].append(previous)
        } else {
            current.lines[last].append(word)
        }
        glue = true
    }

    /// Ends the block being built.
    mutating func flush() {
        while current.lines.count > 1, current.lines.last?.isEmpty == true { current.lines.removeLast() }
        while current.lines.count > 1, current.lines.first?.isEmpty == true { current.lines.removeFirst() }
        if !current.isEmpty { blocks.append(current) }
        current = NotesBlock()
        glue = false
    }
}

/// Wraps blocks to a width.
enum NotesLayout {
    static func lines(_ blocks: [NotesBlock], width: Int, bold: Bool) -> [String] {
        var output: [String] = []
        for (index, block) in blocks.enumerated() {
            // List items follow each other without a blank line; other blocks are separated by one.
            if index > 0, !(block.firstPrefix.isEmpty == false && blocks[index - 1].firstPrefix.isEmpty == false) {
                output.append("")
            }
            var prefix = block.firstPrefix
            for words in block.lines {
                var line = prefix
                var visible = prefix.count
                var empty = true
                for word in words {
                    let length = word.text.count
                    if !empty, visible + 1 + length > width {
                        output.append(line)
                        prefix = block.restPrefix
                        line = prefix
                        visible = prefix.count
                        empty = true
                    }
                    if !empty {
                        line += " "
                        visible += 1
                    }
                    line += bold && word.bold ? "\u{1B}[1m\(word.text)\u{1B}[22m" : word.text
                    visible += length
                    empty = false
                }
                output.append(line)
                prefix = block.restPrefix
            }
        }
        return output
    }
}
