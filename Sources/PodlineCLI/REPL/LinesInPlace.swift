import PodlineApp

/// The escape sequence that lets lines drawn on a terminal be drawn again in place, however many there were.
enum LinesInPlace {
    /// Moves to the start of the first of the `count` lines drawn last and clears from there to the end of the screen.
    /// `cursorOnLast`: the cursor is still on the last of them; else it is on the line below them (a prompt's).
    static func replace(_ count: Int, cursorOnLast: Bool) -> String {
        let up = cursorOnLast ? count - 1 : count
        return "\r" + (up > 0 ? "\u{1B}[\(up)A" : "") + "\u{1B}[J"
    }
}
