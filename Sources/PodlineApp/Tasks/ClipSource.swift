import Foundation
import PodcastKit

/// The file a clip is cut from: the item's own file, or its URL fetched whole into a temporary file that is removed
/// once the clip is written.
struct ClipSource {
    let path: String
    /// True when `path` was fetched for the clip.
    let isTemporary: Bool

    /// The file for `url`: a path as it is, an http(s) URL fetched whole.
    static func local(_ url: String, name: String) async throws -> ClipSource {
        guard FeedURL.isRemote(url) else { return ClipSource(path: url, isTemporary: false) }
        let ext = (URL(string: url)?.pathExtension).map { $0.isEmpty ? "" : "." + $0 } ?? ""
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("podline-clip-\(UUID().uuidString)\(ext)").path
        let source = ClipSource(path: path, isTemporary: true)
        do {
            try await HTTPFetcher.with { http in
                let response = try await http!.openStream(url, from: 0)
                guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
                    throw CommandError(.failed, "clip: \(path): cannot write a temporary file")
                }
                defer { try? file.close() }
                for try await buffer in response.body { try file.write(contentsOf: Data(buffer.readableBytesView)) }
            }
        } catch let error as CommandError {
            source.discard()
            throw error
        } catch {
            source.discard()
            throw CommandError(.unreachable, "clip: \(name): \(error)")
        }
        return source
    }

    /// Removes a fetched file.
    func discard() {
        if isTemporary { try? FileManager.default.removeItem(atPath: path) }
    }
}
