/// The Damerau–Levenshtein (optimal string alignment) distance, for "did you mean" suggestions.
public enum EditDistance {
    /// The number of insertions, deletions, substitutions and adjacent swaps that turn `a` into `b`.
    public static func between(_ a: String, _ b: String) -> Int {
        let source = Array(a.lowercased())
        let target = Array(b.lowercased())
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var previousPrevious = [Int](repeating: 0, count: target.count + 1)
        var previous = Array(0...target.count)
        var row = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            row[0] = i
            for j in 1...target.count {
                let cost = source[i - 1] == target[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                    row[j] = min(row[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, row) = (previous, row, previousPrevious)
        }
        return previous[target.count]
    }

    /// The candidate closest to `word`, when it is close enough to be a likely typo; among equally close ones, one as
    /// long as the word first (`stauts` is `status` with two letters swapped, more likely than `stats` with one added).
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let limit = word.count <= 3 ? 1 : word.count <= 6 ? 2 : 3
        let scored = candidates.map { (name: $0, distance: between(word, $0), lengthDifference: abs($0.count - word.count)) }
            .filter { $0.distance <= limit }
        return scored.min {
            ($0.distance, $0.lengthDifference, $0.name) < ($1.distance, $1.lengthDifference, $1.name)
        }?.name
    }
}
