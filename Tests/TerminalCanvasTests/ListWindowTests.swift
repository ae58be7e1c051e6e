import Testing

@testable import TerminalCanvas

/// The lazy list's window: the selection is always on screen, the window never runs past the list, and no more rows are
/// on screen than fit, over random keys, wheel turns, resizes and recounts; and SGR mouse reports.
@Suite("the list's window and the mouse")
struct ListWindowTests {
    @Test("over 5,000 random moves, scrolls, resizes and recounts, the selection stays on screen and the window in the list")
    func invariants() {
        var dice = FrameWriterTests.Dice(state: 0x2545_F491_4F6C_DD1D)
        var window = ListWindow(count: 500_000, height: 40)
        for step in 0..<5000 {
            switch dice.roll(9) {
            case 0: window.move(.down)
            case 1: window.move(.up)
            case 2: window.move(.pageDown)
            case 3: window.move(.pageUp)
            case 4: window.move(dice.roll(2) == 0 ? .first : .last)
            case 5: window.move(.to(dice.roll(window.count + 10) - 5))
            case 6: window.scroll(by: dice.roll(21) - 10)
            case 7: window.resize(height: dice.roll(60))
            default: window.recount(dice.roll(4) == 0 ? dice.roll(3) : dice.roll(600_000))
            }
            let visible = window.visible
            #expect(visible.count <= window.height && visible.lowerBound >= 0 && visible.upperBound <= window.count, "step \(step)")
            #expect(visible.count == min(window.height, window.count - window.offset), "step \(step)")
            if let selection = window.selection, window.height > 0 {
                #expect(visible.contains(selection), "step \(step): \(selection) not in \(visible)")
            }
            #expect((window.selection == nil) == (window.count == 0))
        }
    }

    @Test("a move scrolls the least: down at the bottom row moves the window one row")
    func leastScroll() {
        var window = ListWindow(count: 100, height: 10)
        for _ in 0..<9 { window.move(.down) }
        #expect(window.visible == 0..<10 && window.selection == 9)
        window.move(.down)
        #expect(window.visible == 1..<11 && window.selection == 10)
        window.move(.last)
        #expect(window.visible == 90..<100)
        window.recount(5)
        #expect(window.visible == 0..<5 && window.selection == 4)
    }

    @Test("SGR mouse reports: press, release, wheel and drag, 0-based; broken ones are no report")
    func mouse() {
        func parse(_ text: String) -> MouseEvent? { MouseEvent.parse(ArraySlice(Array(text.utf8)))?.event }
        #expect(parse("\u{1B}[<0;12;5M") == MouseEvent(kind: .press(button: 0), row: 4, column: 11))
        #expect(parse("\u{1B}[<0;12;5m") == MouseEvent(kind: .release(button: 0), row: 4, column: 11))
        #expect(parse("\u{1B}[<64;1;1M") == MouseEvent(kind: .wheelUp, row: 0, column: 0))
        #expect(parse("\u{1B}[<65;200;50M") == MouseEvent(kind: .wheelDown, row: 49, column: 199))
        #expect(parse("\u{1B}[<32;3;4M") == MouseEvent(kind: .drag(button: 0), row: 3, column: 2))
        #expect(MouseEvent.parse(ArraySlice(Array("\u{1B}[<0;12;5Mx".utf8)))?.length == 10)
        for broken in [
            "\u{1B}[<0;12M", "\u{1B}[<0;0;5M", "\u{1B}[<0;12;5", "\u{1B}[<a;1;1M", "\u{1B}[<0;1;1;1M", "\u{1B}[<99999999999;1;1M",
        ] {
            #expect(parse(broken) == nil, "\(broken.debugDescription)")
        }
    }
}
