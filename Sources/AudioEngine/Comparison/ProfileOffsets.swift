/// The offsets at which stretches of one profile recur in another, found by voting: keys of short runs of rises and
/// falls that both hold vote for the distance between where each holds them, and the distances many keys agree on
/// are where the shared audio lines up.
enum ProfileOffsets {
    /// Steps between the two levels one bit of a key compares, and bits a key takes from each of level and edge.
    static let stride = 3
    static let bitsPerFeature = 12
    /// Steps a key spans.
    static let span = stride * bitsPerFeature
    /// A key held at more places than this says nothing of where (a steady tone, a noise bed): it casts no vote.
    static let crowded = 16
    /// Offsets this close are one offset re-encoding has blurred.
    static let blur = 3
    /// The most offsets kept, best first.
    static let most = 32

    /// The offsets (steps into `other` less steps into `kept`) at which audio of `kept` recurs in `other`, the
    /// best-supported first; each with enough votes not to be chance.
    static func find(kept: AudioProfile, other: AudioProfile) -> [Int] {
        let keptKeys = keys(of: kept)
        guard !keptKeys.isEmpty else { return [] }
        var votes: [Int32] = []
        votes.reserveCapacity(other.count)
        for place in 0..<max(0, other.count - span) {
            guard let key = key(of: other, at: place) else { continue }
            var index = lowerBound(keptKeys, UInt64(key) << 32)
            var found: [Int32] = []
            while index < keptKeys.count, keptKeys[index] >> 32 == UInt64(key), found.count <= crowded {
                found.append(Int32(truncatingIfNeeded: keptKeys[index] & 0xFFFF_FFFF))
                index += 1
            }
            guard found.count <= crowded else { continue }
            for keptPlace in found { votes.append(Int32(place) - keptPlace) }
        }
        return strongest(votes)
    }

    /// The keys of every place of `profile` that is not silence, as key << 32 | place, sorted.
    private static func keys(of profile: AudioProfile) -> [UInt64] {
        var keys: [UInt64] = []
        keys.reserveCapacity(profile.count)
        for place in 0..<max(0, profile.count - span) {
            if let key = key(of: profile, at: place) { keys.append(UInt64(key) << 32 | UInt64(place)) }
        }
        keys.sort()
        return keys
    }

    /// The rises and falls of level and edge over the `span` steps from `place`; nil where all of it is near silence.
    private static func key(of profile: AudioProfile, at place: Int) -> UInt32? {
        var key: UInt32 = 0
        var loudest = AudioProfile.floor
        profile.level.withUnsafeBufferPointer { level in
            profile.edge.withUnsafeBufferPointer { edge in
                for bit in 0..<bitsPerFeature {
                    let here = place + bit * stride
                    let there = here + stride
                    loudest = max(loudest, level[here])
                    key = key << 2 | (level[there] > level[here] ? 2 : 0) | (edge[there] > edge[here] ? 1 : 0)
                }
            }
        }
        return loudest > AudioProfile.floor + 10 ? key : nil
    }

    /// The first index of `sorted` whose value is at least `value`.
    private static func lowerBound(_ sorted: [UInt64], _ value: UInt64) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The offsets with the most votes (each with its next neighbours'), more than `blur` apart from a better one, and
    /// each with enough votes not to be chance.
    private static func strongest(_ votes: [Int32]) -> [Int] {
        guard !votes.isEmpty else { return [] }
        let sorted = votes.sorted()
        var tallies: [(offset: Int, votes: Int)] = []
        var index = 0
        while index < sorted.count {
            var end = index
            while end < sorted.count, sorted[end] == sorted[index] { end += 1 }
            tallies.append((Int(sorted[index]), end - index))
            index = end
        }
        // Each offset with its neighbours' votes (re-encoding splits an offset's votes between two), in one pass over
        // the sorted tallies.
        var pooled: [(offset: Int, votes: Int)] = []
        var (low, high, sum) = (0, 0, 0)
        for tally in tallies {
            while high < tallies.count, tallies[high].offset <= tally.offset + 1 {
                sum += tallies[high].votes
                high += 1
            }
            while tallies[low].offset < tally.offset - 1 {
                sum -= tallies[low].votes
                low += 1
            }
            pooled.append((tally.offset, sum))
        }
        pooled.sort { ($0.votes, -$0.offset) > ($1.votes, -$1.offset) }
        let own = Dictionary(uniqueKeysWithValues: tallies.map { ($0.offset, $0.votes) })
        // Chance matches scatter over every offset; audio the two share piles up at one.
        let needed = max(12, pooled[0].votes / 50)
        var chosen: [Int] = []
        for candidate in pooled where candidate.votes >= needed {
            if chosen.contains(where: { abs($0 - candidate.offset) <= blur }) { continue }
            // The peak's own offset: the one of it and its neighbours with the most votes of its own.
            let peak = (candidate.offset - 1...candidate.offset + 1).max { own[$0, default: 0] < own[$1, default: 0] }!
            chosen.append(peak)
            if chosen.count == most { break }
        }
        return chosen
    }
}
