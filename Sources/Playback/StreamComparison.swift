import AudioEngine
import Foundation
import Logging
import PodcastKit

/// Compares a stream kept whole as it came with a second fetch of it (`skip_inserted_streams`): the stretches of the
/// stream that the second fetch lacks are what the server inserted into the one that plays.
enum StreamComparison {
    /// What `kept`, the whole stream of `url`, holds and a second fetch lacks: the stretches to leave out (none when the
    /// second fetch fails, when the two share too little audio, or when the stretches would take over a quarter of it).
    /// `name` names the episode in the log. Nothing more is fetched or decoded once `wanted` says the stream is no longer
    /// played.
    static func inserted(
        in kept: KeptFile, of url: String, name: String, wanted: @Sendable () async -> Bool
    ) async -> [ClosedRange<Double>] {
        let log = Logger(label: "podline.inserted")
        let second = FileManager.default.temporaryDirectory.appendingPathComponent("podline-second-\(UUID().uuidString).part")
        defer { try? FileManager.default.removeItem(at: second) }
        do {
            guard await wanted() else { return [] }
            // A fetcher of its own: a fresh connection, as another listener's would be.
            try await HTTPFetcher.with { http in try await PartFetch(http: http!).again(url, to: second.path, ref: name) }
            guard await wanted() else { return [] }
            let comparison = try await DownloadComparison.compare(download: URL(fileURLWithPath: kept.path), second: second)
            log.debug(
                "\(name): the stream compared with a second fetch: \(comparison.stretches.count) stretches, share \(comparison.share)")
            return comparison.skipped
        } catch {
            log.debug("\(name): no comparison of the stream with a second fetch: \(error)")
            return []
        }
    }
}
