import Foundation

/// An episode's outline, a hundred steps a second: each step's level and edge (the level of the signal's first
/// difference, which follows its brightness), in dB over 20 ms. Two fetches of one episode are compared by their
/// outlines, which survive re-encoding at another bit rate where the samples do not.
public struct AudioProfile: Sendable, Equatable {
    /// Steps a second.
    public static let stepsPerSecond = 100
    /// The quietest level kept, in dB of full scale: anything below is silence alike.
    public static let floor: Float = -60

    /// Each step's level, in dB of full scale of the channels' mix.
    public var level: [Float]
    /// Each step's edge: the level of the mix's first difference, in dB.
    public var edge: [Float]

    public init(level: [Float], edge: [Float]) {
        precondition(level.count == edge.count, "one edge a step")
        (self.level, self.edge) = (level, edge)
    }

    /// Steps in the profile.
    public var count: Int { level.count }

    /// How long the profiled audio runs, in seconds.
    public var seconds: Double { Double(level.count) / Double(Self.stepsPerSecond) }

    /// The profile of the audio file at `path`, decoded whole.
    public static func read(path: String) throws(AudioError) -> AudioProfile {
        var builder = ProfileBuilder(format: AudioFormat(sampleRate: 0, channels: 1))
        try Decoders.decodeWhole(path: path) { format in
            builder = ProfileBuilder(format: format)
        } samples: { samples in
            builder.add(samples)
        } changed: { format in
            builder.change(to: format)
        }
        return builder.profile()
    }
}

/// Sums a decoder's samples into the steps of an `AudioProfile`.
struct ProfileBuilder {
    private var format: AudioFormat
    /// Frames so far, where the current step began, and where the next one begins.
    private var frames = 0
    private var stepStart = 0
    private var nextStep: Int
    /// Where the current format's frames began, and the steps made in it.
    private var frameBase = 0
    private var steps = 0
    private var energy: Double = 0
    private var edgeEnergy: Double = 0
    private var previous: Float = 0
    private var energies: [Float] = []
    private var edgeEnergies: [Float] = []
    private var lengths: [Int32] = []

    init(format: AudioFormat) {
        self.format = format
        nextStep = Self.boundary(1, rate: format.sampleRate)
    }

    /// The frame at which step `index` begins, at `rate` frames a second.
    private static func boundary(_ index: Int, rate: Int) -> Int {
        rate > 0 ? index * rate / AudioProfile.stepsPerSecond : Int.max
    }

    /// Adds interleaved samples in the current format.
    mutating func add(_ samples: UnsafeBufferPointer<Int16>) {
        let channels = max(1, format.channels)
        let scale = 1 / (32_768 * Float(channels))
        var index = 0
        var (energy, edgeEnergy, previous, frames) = (self.energy, self.edgeEnergy, self.previous, self.frames)
        while index + channels <= samples.count {
            var mix: Int32 = 0
            for channel in 0..<channels { mix &+= Int32(samples[index + channel]) }
            index += channels
            let value = Float(mix) * scale
            let difference = value - previous
            previous = value
            energy += Double(value * value)
            edgeEnergy += Double(difference * difference)
            frames += 1
            if frames == nextStep {
                (self.energy, self.edgeEnergy, self.frames) = (energy, edgeEnergy, frames)
                closeStep()
                (energy, edgeEnergy) = (0, 0)
                steps += 1
                nextStep = frameBase + Self.boundary(steps + 1, rate: format.sampleRate)
            }
        }
        (self.energy, self.edgeEnergy, self.previous, self.frames) = (energy, edgeEnergy, previous, frames)
    }

    /// The stream changed format (rare): what is left of the current step is kept, and steps go on at the new rate.
    mutating func change(to format: AudioFormat) {
        guard format != self.format else { return }
        closeStep()
        self.format = format
        (frameBase, steps) = (frames, 0)
        nextStep = frameBase + Self.boundary(1, rate: format.sampleRate)
    }

    /// Ends the step under way, when it holds any frame.
    private mutating func closeStep() {
        guard frames > stepStart else { return }
        energies.append(Float(energy))
        edgeEnergies.append(Float(edgeEnergy))
        lengths.append(Int32(frames - stepStart))
        (energy, edgeEnergy, stepStart) = (0, 0, frames)
    }

    /// The profile: each step's levels over it and the step after (20 ms), in dB.
    mutating func profile() -> AudioProfile {
        closeStep()
        let count = energies.count
        var level = [Float](repeating: AudioProfile.floor, count: count)
        var edge = [Float](repeating: AudioProfile.floor, count: count)
        for step in 0..<count {
            let next = min(step + 1, count - 1)
            let frames = Float(lengths[step] + (next == step ? 0 : lengths[next]))
            guard frames > 0 else { continue }
            let both = energies[step] + (next == step ? 0 : energies[next])
            let edges = edgeEnergies[step] + (next == step ? 0 : edgeEnergies[next])
            level[step] = Self.decibels(both / frames)
            edge[step] = Self.decibels(edges / frames)
        }
        return AudioProfile(level: level, edge: edge)
    }

    /// A mean square in dB of full scale, no lower than the floor.
    private static func decibels(_ meanSquare: Float) -> Float {
        max(AudioProfile.floor, 10 * log10(meanSquare + 1e-12))
    }
}
