/// Splits a command line into words with shell-like quoting.
///
/// Words are separated by blanks. Single quotes keep everything literally; double quotes keep blanks and
/// allow `\"`, `\\` and `\$` escapes; outside quotes a backslash makes the next character literal. A `#` at
/// the start of a word begins a comment that runs to the end of the line.
///
/// The line is read by Unicode scalars, as a shell reads bytes: a combining mark after a quote must not hide
/// the quote inside one grapheme, and CR LF is two blanks.
public enum Tokenizer {
    /// The words of `line`; an unterminated quote or a trailing backslash is an invalid parameter.
    public static func words(_ line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = line.unicodeScalars.makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t", "\n", "\r":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            case "#" where !inWord:
                return words
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" {
                        closed = true
                        break
                    }
                    current.unicodeScalars.append(next)
                }
                guard closed else { throw CommandError(.invalidParameter, "unterminated single quote") }
            case "\"":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" {
                        closed = true
                        break
                    }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { break }
                        if escaped != "\"" && escaped != "\\" && escaped != "$" { current.append("\\") }
                        current.unicodeScalars.append(escaped)
                    } else {
                        current.unicodeScalars.append(next)
                    }
                }
                guard closed else { throw CommandError(.invalidParameter, "unterminated double quote") }
            case "\\":
                guard let escaped = iterator.next() else { throw CommandError(.invalidParameter, "trailing backslash") }
                inWord = true
                current.unicodeScalars.append(escaped)
            default:
                inWord = true
                current.unicodeScalars.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// `word` quoted so that `words(_:)` reads it back unchanged.
    public static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:+=@,%".contains($0) }
        if plain { return word }
        // Scalar by scalar: a quote followed by a combining mark is one Character, which a Character-wise replacement misses.
        var quoted = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }
}
