import Testing

@testable import PodcastKit

/// Show notes rendered for a terminal from real-world HTML, through libxml2's lenient parser.
@Suite("show notes")
struct ShowNotesTests {
    static let html = """
        <p>In this episode we talk about <b>terminal</b> players &amp; why they&#8217;re
        back.</p><script>alert("no")</script><style>p { color: red }</style>
        <ul><li>Intro</li><li>The <a href="https://example.com/mpv">mpv</a> story, which goes on for quite a while so that it wraps</li></ul>
        <ol><li>one</li><li>two</li></ol>
        Line one<br>Line two<br/>
        <p>Thanks to <a href="https://example.com/sponsor">our sponsor</a> and <a href="https://example.com/mpv">mpv</a> again.</p>
        <p>Unclosed <i>emphasis
        """

    @Test("paragraphs wrap, lists are bullets and numbers, br is kept, entities decoded, scripts dropped, links numbered")
    func rendering() {
        let notes = ShowNotes(html: Self.html, width: 40)
        #expect(
            notes.lines == [
                "In this episode we talk about terminal",
                "players & why they’re back.",
                "",
                "• Intro",
                "• The mpv[1] story, which goes on for",
                "  quite a while so that it wraps",
                "1. one",
                "2. two",
                "",
                "Line one",
                "Line two",
                "",
                "Thanks to our sponsor[2] and mpv[1]",
                "again.",
                "",
                "Unclosed emphasis",
                "",
                "[1] https://example.com/mpv",
                "[2] https://example.com/sponsor",
            ], "\(notes.lines.joined(separator: "\n"))")
        #expect(notes.links == ["https://example.com/mpv", "https://example.com/sponsor"])
    }

    @Test("emphasis is bold only when asked; terminal escapes in the text are dropped")
    func boldAndEscapes() {
        let bold = ShowNotes(html: "<p>a <strong>b</strong> c\u{1B}[31m</p>", width: 80, bold: true)
        #expect(bold.lines == ["a \u{1B}[1mb\u{1B}[22m c[31m"])
        let plain = ShowNotes(html: "<p>a <strong>b</strong> c</p>", width: 80, bold: false)
        #expect(plain.lines == ["a b c"])
    }

    @Test("plain text, empty notes, broken and huge HTML give lines, never a crash")
    func awkward() {
        #expect(ShowNotes(html: "just text", width: 80).lines == ["just text"])
        #expect(ShowNotes(html: "", width: 80).lines.isEmpty)
        #expect(!ShowNotes(html: "<div><p>open <b>bold <a href='x'>link", width: 80).lines.isEmpty)
        let huge = String(repeating: "<p>word word word</p>", count: 250_000)  // 5.25 MB
        #expect(ShowNotes(html: huge, width: 80).lines.count > 200_000)
    }
}
