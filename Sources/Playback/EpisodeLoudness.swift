import AudioEngine
import Foundation
import Logging
import PodcastKit

/// Each episode's integrated loudness, for normalisation: kept in the library once measured, else read from its
/// ID3 ReplayGain tag (when tags are trusted), else measured from its file, at once or on another thread.
@MainActor
public final class EpisodeLoudness {
    private let store: LibraryStore?
    /// Whether a ReplayGain tag is taken at its word (`replaygain` in config.toml).
    private let trustsTags: Bool
    /// The library's id of a library episode.
    private let episodeID: @MainActor (NowPlaying) -> Int64?
    /// Episodes being measured, so that each is measured once at a time.
    private var measuring: Set<String> = []

    init(store: LibraryStore?, trustsTags: Bool, episodeID: @escaping @MainActor (NowPlaying) -> Int64?) {
        self.store = store
        self.trustsTags = trustsTags
        self.episodeID = episodeID
    }

    /// Known without measuring: as the library keeps it, else as its ReplayGain tag says (when tags are trusted).
    func known(_ item: NowPlaying) -> Double? {
        kept(item) ?? tagged(item)
    }

    /// As the library keeps it; nil when never measured, or not a library episode.
    private func kept(_ item: NowPlaying) -> Double? {
        guard let store, let id = episodeID(item) else { return nil }
        return (try? store.loudness(episodeID: id)) ?? nil
    }

    /// As its file's ReplayGain tag says, when tags are trusted; nil without one.
    private func tagged(_ item: NowPlaying) -> Double? {
        guard trustsTags, !item.isRemote, let gain = ReplayGainTag.gain(path: item.url) else { return nil }
        return ReplayGainTag.reference - gain
    }

    /// Files up to this size are measured before they play, whatever the output: it takes a tenth of a second or so.
    static let quickToMeasure = 4 << 20

    /// Whether `item` is a local file small enough to measure before it plays.
    func isQuickToMeasure(_ item: NowPlaying) -> Bool {
        guard !item.isRemote, let size = try? FileManager.default.attributesOfItem(atPath: item.url)[.size] as? Int else { return false }
        return size <= Self.quickToMeasure
    }

    /// Measured from its file now, and kept, when it is not `known`; nil for a stream, silence or a failure.
    func measureNow(_ item: NowPlaying) -> Double? {
        guard !item.isRemote else { return nil }
        return Self.measure(path: item.url, keepingFor: episodeID(item), in: store, trustingTags: false)
    }

    /// Measured from its file (a local file or a download) on another thread, kept and handed to `found` on the main
    /// actor, when it is not `known`; never for a stream.
    func measure(_ item: NowPlaying, found: @escaping @MainActor @Sendable (Double) -> Void) {
        guard !item.isRemote, measuring.insert(item.id).inserted else { return }
        let (path, id, store) = (item.url, episodeID(item), store)
        Task.detached {
            let measured = Self.measure(path: path, keepingFor: id, in: store, trustingTags: false)
            await MainActor.run {
                self.measuring.remove(item.id)
                if let measured { found(measured) }
            }
        }
    }

    /// The integrated loudness of the file at `path`: its ReplayGain tag's when `trustingTags` and it has one, else
    /// measured and kept for episode `id`; nil (with a warning) when it cannot be had.
    public nonisolated static func measure(path: String, keepingFor id: Int64?, in store: LibraryStore?, trustingTags: Bool) -> Double? {
        // A tag is read again each time (it is quick, and replaygain = false must be able to pass it over).
        if trustingTags, let gain = ReplayGainTag.gain(path: path) { return ReplayGainTag.reference - gain }
        let measured: Double?
        do {
            measured = try LoudnessMeter.measure(path: path)
        } catch {
            Logger(label: "podline.loudness").warning("\(path): loudness not measured: \(error)")
            return nil
        }
        if let measured, let id, let store { try? store.setLoudness(episodeID: id, measured) }
        return measured
    }
}
