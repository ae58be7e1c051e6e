/// A piece of output audio before gain, with the stretch of the episode it came from.
struct AudioPiece {
    /// Interleaved samples, before the volume ramp.
    var samples: [Int16]
    /// Channels in `samples`.
    var channels: Int
    /// Where in the episode the piece starts and ends, in seconds.
    var sourceStart: Double
    var sourceEnd: Double
    /// The gain the ramp gave its first and last frame.
    var gainStart: Double
    var gainEnd: Double

    /// Frames in `samples`.
    var frameCount: Int { samples.count / max(1, channels) }

    /// Splits at `frame`: the part before and the part from it, positions and gains interpolated.
    func split(at frame: Int) -> (AudioPiece, AudioPiece) {
        let total = max(1, frameCount)
        let fraction = Double(frame) / Double(total)
        let source = sourceStart + (sourceEnd - sourceStart) * fraction
        let gain = gainStart + (gainEnd - gainStart) * fraction
        let cut = frame * channels
        return (
            AudioPiece(
                samples: Array(samples[..<cut]), channels: channels, sourceStart: sourceStart, sourceEnd: source,
                gainStart: gainStart, gainEnd: gain),
            AudioPiece(
                samples: Array(samples[cut...]), channels: channels, sourceStart: source, sourceEnd: sourceEnd,
                gainStart: gain, gainEnd: gainEnd)
        )
    }
}

/// The most recent audio written to a device that can take back what it has not played.
///
/// When the listener pauses or changes the volume, the part not heard yet is taken back from here,
/// the device's queue is dropped, and the engine writes that part again with the new gain.
struct WrittenAudio {
    let channels: Int
    /// How much is kept: more than any device queues.
    let capacityFrames: Int
    private(set) var pieces: [AudioPiece] = []
    private var frames = 0

    init(channels: Int, capacityFrames: Int) {
        self.channels = max(1, channels)
        self.capacityFrames = capacityFrames
    }

    /// Records a piece just written, forgetting the oldest beyond the capacity.
    mutating func append(_ piece: AudioPiece) {
        pieces.append(piece)
        frames += piece.frameCount
        while let first = pieces.first, frames - first.frameCount >= capacityFrames {
            frames -= first.frameCount
            pieces.removeFirst()
        }
    }

    mutating func removeAll() {
        pieces.removeAll()
        frames = 0
    }

    /// Takes back the last `count` frames (at most what is kept), oldest first.
    mutating func takeBack(frames count: Int) -> [AudioPiece] {
        var remaining = min(count, frames)
        var taken: [AudioPiece] = []
        while remaining > 0, let last = pieces.last {
            let size = last.frameCount
            pieces.removeLast()
            if size <= remaining {
                taken.append(last)
                frames -= size
                remaining -= size
            } else {
                let (kept, tail) = last.split(at: size - remaining)
                pieces.append(kept)
                taken.append(tail)
                frames -= remaining
                remaining = 0
            }
        }
        return taken.reversed()
    }

    /// Where in the episode the frame `count` frames before the end of what was written comes from.
    func sourcePosition(framesBeforeEnd count: Int) -> Double? {
        var remaining = count
        for piece in pieces.reversed() {
            let size = piece.frameCount
            if remaining <= size {
                let fraction = size == 0 ? 1 : Double(size - remaining) / Double(size)
                return piece.sourceStart + (piece.sourceEnd - piece.sourceStart) * fraction
            }
            remaining -= size
        }
        return pieces.first?.sourceStart
    }
}
