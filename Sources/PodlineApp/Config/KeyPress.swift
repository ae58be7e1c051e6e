/// One key press.
public enum KeyPress: Hashable, Sendable {
    case character(Character)
    /// Ctrl with a letter (`a` to `z`, lower case) or with one of `\ ] ^ _`.
    case control(Character)
    case enter, tab, backTab, backspace, escape, delete
    case up, down, left, right, home, end, pageUp, pageDown

    /// The key's name in config.toml's `[keys]` and in the keys' help: a character itself, `C-x`, or a word.
    package var name: String {
        switch self {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .control(let letter): "C-\(letter)"
        case .enter: "enter"
        case .tab: "tab"
        case .backTab: "backtab"
        case .backspace: "backspace"
        case .escape: "escape"
        case .delete: "delete"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        }
    }

    /// The key a name stands for; nil for a name no key has.
    package init?(name: String) {
        let words: [String: KeyPress] = [
            "space": .character(" "), "enter": .enter, "tab": .tab, "backtab": .backTab, "backspace": .backspace,
            "escape": .escape, "delete": .delete, "up": .up, "down": .down, "left": .left, "right": .right, "home": .home,
            "end": .end, "pgup": .pageUp, "pgdn": .pageDown,
        ]
        if let key = words[name.lowercased()] {
            self = key
        } else if name.count == 1, let character = name.first, !character.isWhitespace {
            self = .character(character)
        } else if name.count == 3, name.hasPrefix("C-"), let letter = name.last?.lowercased().first,
            letter.isASCII && letter.isLetter || "\\]^_".contains(letter)
        {
            self = .control(letter)
        } else {
            return nil
        }
    }
}
