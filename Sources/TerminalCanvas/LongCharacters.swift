import Synchronization

/// The characters too long to keep inside a cell (emoji sequences of more than 15 UTF-8 bytes), each kept once for the
/// process and named by its number.
enum LongCharacters {
    private struct Table {
        var numbers: [String: Int] = [:]
        var texts: [String] = []
    }

    private static let table = Mutex(Table())

    /// The number of `text`, given it the first time.
    static func number(of text: String) -> Int {
        table.withLock { table in
            if let number = table.numbers[text] { return number }
            table.texts.append(text)
            table.numbers[text] = table.texts.count - 1
            return table.texts.count - 1
        }
    }

    /// The text numbered `number`.
    static func text(numbered number: Int) -> String {
        table.withLock { $0.texts[number] }
    }
}
