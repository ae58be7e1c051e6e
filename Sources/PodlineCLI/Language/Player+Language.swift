import PodcastKit

extension Player {
    /// The volume range, readable off the main actor for argument checking.
    nonisolated static var volumeRangeForLanguage: ClosedRange<Double> { 0...100 }
    /// The speed range, readable off the main actor for argument checking.
    nonisolated static var speedRangeForLanguage: ClosedRange<Double> { 0.5...3.0 }
}
