import Foundation
import Testing

@testable import PodcastKit

/// The five podcast:transcript formats read from awkward real-world shapes: SubRip, WebVTT, JSON, HTML, plain.
@Suite("transcript parsers")
struct TranscriptParserTests {
    static func read(_ text: String, _ declared: TranscriptFormat? = nil) throws -> ParsedTranscript {
        try TranscriptReader.read(Array(text.utf8), declared: declared)
    }

    @Test("SubRip: numbered cues over several lines, speakers from a leading name, tags and entities removed, CRLF")
    func subRip() throws {
        let parsed = try Self.read(
            "1\r\n00:00:00,179 --> 00:00:02,399\r\nSarah: Welcome to <i>the</i> show &amp; hello.\r\n\r\n"
                + "2\r\n00:00:02,400 --> 00:01:05,000\r\nIt is a long\r\nanswer over two lines.\r\n\r\n"
                + "3\r\n01:00:00,000 --> 01:00:01,500\r\n<font color=\"red\">Bob Smith:</font> Bye\r\n")
        #expect(parsed.format == .srt)
        #expect(parsed.cues.map(\.start) == [0.179, 2.4, 3600])
        #expect(parsed.cues.map(\.end) == [2.399, 65, 3601.5])
        #expect(parsed.cues.map(\.speaker) == ["Sarah", nil, "Bob Smith"])
        #expect(parsed.cues.map(\.text) == ["Welcome to the show & hello.", "It is a long answer over two lines.", "Bye"])
    }

    @Test("WebVTT: header, NOTE and STYLE skipped, identifiers, short times, cue settings, voice spans, entities")
    func webVTT() throws {
        let parsed = try Self.read(
            """
            WEBVTT - a podcast

            NOTE written by hand
            over two lines

            STYLE
            ::cue { color: yellow }

            intro
            00:01.000 --> 00:04.250 align:start position:10%
            <v Sarah>Hello &lt;everyone&gt;, <c.loud>welcome</c>!</v>

            00:00:04.250 --> 00:00:09.000
            <v.guest Dr. Ng>Thanks&nbsp;for having me.
            00:00:09.000 --> 00:00:10.000
            No blank line before this cue.
            """)
        #expect(parsed.format == .vtt)
        #expect(parsed.cues.map(\.start) == [1, 4.25, 9])
        #expect(parsed.cues.map(\.speaker) == ["Sarah", "Dr. Ng", nil])
        #expect(parsed.cues.map(\.text) == ["Hello <everyone>, welcome!", "Thanks for having me.", "No blank line before this cue."])
    }

    @Test("JSON: one word a segment kept for search and joined into sentences for reading; speakers and pauses split them")
    func json() throws {
        let parsed = try Self.read(
            #"""
            {"version": "1.0.0", "segments": [
              {"speaker": "Ann", "startTime": 0.5, "endTime": 0.9, "body": "Hello"},
              {"speaker": "Ann", "startTime": 0.9, "endTime": 1.3, "body": "there."},
              {"speaker": "Ann", "startTime": 1.4, "endTime": 1.8, "body": "Second"},
              {"speaker": "Ann", "startTime": 1.8, "endTime": 2.0, "body": "sentence"},
              {"speaker": "Ben", "startTime": 2.1, "endTime": 2.5, "body": "Yes"},
              {"startTime": "9.0", "endTime": 9.5, "body": "later"},
              {"startTime": 10, "body": "  "}
            ]}
            """#)
        #expect(parsed.format == .json)
        #expect(parsed.cues.count == 6)
        #expect(parsed.cues.map(\.start) == [0.5, 0.9, 1.4, 1.8, 2.1, 9])
        let sentences = JSONTranscriptParser.sentences(parsed.cues)
        #expect(sentences.map(\.text) == ["Hello there.", "Second sentence", "Yes", "later"])
        #expect(sentences.map(\.speaker) == ["Ann", "Ann", "Ben", nil])
        #expect(sentences[1].start == 1.4 && sentences[1].end == 2.0)
    }

    @Test("HTML: a cue a paragraph, cite names the speaker, time marks the start, scripts left out")
    func html() throws {
        let parsed = try Self.read(
            """
            <html><head><title>Transcript</title><script>var x = 1;</script></head><body>
            <p><cite>Ann:</cite> <time>0:05</time> Hello &amp; welcome.</p>
            <p>Ben: Thanks.</p>
            <div>No speaker here</div>
            </body></html>
            """)
        #expect(parsed.format == .html)
        #expect(parsed.cues.map(\.text) == ["Hello & welcome.", "Thanks.", "No speaker here"])
        #expect(parsed.cues.map(\.speaker) == ["Ann", "Ben", nil])
        #expect(parsed.cues.map(\.start) == [5, nil, nil])
    }

    @Test("plain text: a cue a line; the content decides the format, not the declared type")
    func plainAndSniffing() throws {
        let plain = try Self.read("Ann: First line.\n\nSecond line\n", .plain)
        #expect(plain.format == .plain)
        #expect(plain.cues == [TranscriptCue(speaker: "Ann", text: "First line."), TranscriptCue(text: "Second line")])
        // Declared SubRip, but WebVTT inside; declared VTT, but SubRip inside.
        #expect(try Self.read("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n", .srt).format == .vtt)
        #expect(try Self.read("1\n00:00:01,000 --> 00:00:02,000\nHi\n", .vtt).format == .srt)
        #expect(TranscriptFormat(mimeType: "application/x-subrip; charset=utf-8") == .srt)
        #expect(TranscriptFormat(mimeType: "audio/mpeg") == nil)
        #expect(TranscriptFormat.allCases.sorted() == [.json, .vtt, .srt, .html, .plain])
    }

    @Test("awkward input: Windows-1252 bytes, cues out of order, an end before its start, an unterminated cue, nothing usable")
    func awkward() throws {
        var latin = Array("1\n00:00:05,000 --> 00:00:06,000\nCaf".utf8) + [0xE9] + Array(" na".utf8) + [0xEF] + Array("ve\n".utf8)
        latin += Array("\n2\n00:00:01,000 --> 00:00:00,500\nEarlier but written later\n\n".utf8)
        latin += Array("3\n00:00:07,000 --> 00:00:08,000\nUnterminated".utf8)
        let parsed = try TranscriptReader.read(latin)
        #expect(parsed.cues.map(\.text) == ["Earlier but written later", "Café naïve", "Unterminated"])
        #expect(parsed.cues[0].start == 1 && parsed.cues[0].end == 1)
        #expect(throws: TranscriptError.self) { try Self.read("WEBVTT\n\nNOTE only a note\n") }
        #expect(throws: TranscriptError.self) { try Self.read("{\"segments\": 3}") }
        #expect(throws: TranscriptError.self) { try Self.read("{broken") }
        #expect(throws: TranscriptError.self) { try Self.read("   \n  ") }
        #expect(throws: TranscriptError.self) {
            try TranscriptReader.read([UInt8](repeating: 0x41, count: TranscriptReader.sizeCap + 1))
        }
    }
}
