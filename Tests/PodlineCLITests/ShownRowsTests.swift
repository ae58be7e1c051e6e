import Testing

@testable import PodlineCLI

/// The list's shown rows with rows taken out, against a plain array doing the same.
@Suite("shown rows")
struct ShownRowsTests {
    @Test("rows taken out at random, of every row and of a filter's matches: the same positions as an array with them removed")
    func takenOut() {
        var generator = SystemRandomNumberGenerator()
        for matchesOnly in [false, true] {
            let read = matchesOnly ? (0..<2000).filter { $0 % 3 != 0 } : Array(0..<2000)
            var shown = matchesOnly ? ShownRows(read) : ShownRows(all: read.count)
            var expected = read
            for _ in 0..<300 {
                let index = Int.random(in: 0..<2000, using: &generator)
                let position = expected.firstIndex(of: index)
                #expect(shown.remove(row: index) == position, "row \(index)")
                if let position { expected.remove(at: position) }
            }
            #expect(Array(shown) == expected)
            #expect(shown.count == expected.count)
        }
    }
}
