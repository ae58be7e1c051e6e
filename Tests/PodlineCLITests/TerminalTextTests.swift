import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// Feed text on a terminal: escape sequences neutralised, wide characters measured.
@Suite("terminal text")
struct TerminalTextTests {
    @Test(
        "escape sequences and control characters are removed; newlines become spaces",
        arguments: [
            ("\u{1B}[31mRed\u{1B}[0m title", "Red title"),
            ("bell\u{07} and\u{00} nul", "bell and nul"),
            ("two\nlines\r\nhere", "two lines here"),
            ("osc \u{1B}]0;evil title\u{07}done", "osc done"),
            ("c1 \u{9B}2Jcsi", "c1 csi"),
            ("bidi \u{202E}txet", "bidi txet"),
            ("plain 中文 ☕️", "plain 中文 ☕️"),
        ])
    func safe(raw: String, shown: String) {
        #expect(TerminalText.safe(raw) == shown)
    }

    @Test(
        "CJK and emoji take two columns, combining marks none",
        arguments: [
            ("abc", 3), ("中文", 4), ("☕️", 2), ("e\u{301}", 1), ("👩‍👩‍👧", 2), ("", 0),
        ] as [(String, Int)])
    func width(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    @Test(
        "fit pads or cuts to exactly the columns asked, wide characters included",
        arguments: [
            ("short", 8), ("中文中文中文", 7), ("a☕️b☕️c", 5), ("exactly", 7),
        ] as [(String, Int)])
    func fit(text: String, columns: Int) {
        let fitted = TerminalText.fit(text, columns: columns)
        #expect(TerminalText.width(fitted) == columns)
        if TerminalText.width(text) > columns { #expect(fitted.contains("…")) }
    }
}
