import AudioEngine
import Foundation
import PodcastKit

/// Compares a download with a second fetch of it (`skip_inserted`): both decoded at once, their profiles lined up,
/// and the stretches the second fetch lacks are what a server inserted into the download.
public enum DownloadComparison {
    /// The comparison of the download at `download` with the second fetch at `second`.
    public static func compare(download: URL, second: URL) async throws(AudioError) -> InsertedComparison {
        // The two decodings share nothing: each runs on a core of its own.
        let kept = profile(of: download)
        let other = profile(of: second)
        let keptProfile = try await kept.value.get()
        let otherProfile = try await other.value.get()
        let found = InsertedStretches.find(kept: keptProfile, other: otherProfile)
        return InsertedComparison(stretches: found ?? [], keptSeconds: keptProfile.seconds, related: found != nil)
    }

    /// The profile of the file at `url`, read off the caller's thread.
    private static func profile(of url: URL) -> Task<Result<AudioProfile, AudioError>, Never> {
        Task.detached { Result { () throws(AudioError) in try AudioProfile.read(path: url.path) } }
    }
}
