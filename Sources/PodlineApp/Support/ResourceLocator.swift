import Foundation
import PodcastKit

/// Finds the files Podline ships in `Resources/`, installed or in a source checkout.
package enum ResourceLocator {
    /// The bundled demo episode's file name.
    package static let demoEpisode = "demo-episode.mp3"

    /// The first existing copy of `name`: `$PODLINE_RESOURCES`, beside the binary's `share/podline`,
    /// a `Resources` folder beside the binary, then the source tree the binary was built from.
    package static func url(for name: String) -> URL? {
        candidates()
            .map { $0.appendingPathComponent(name) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// This file, as the compiler saw it: the source tree is found from it.
    private static let sourceFile = #filePath

    /// Where resources are looked for, in order.
    package static func candidates() -> [URL] {
        var folders: [URL] = []
        if let override = ProcessEnvironment.value("PODLINE_RESOURCES"), !override.isEmpty {
            folders.append(URL(fileURLWithPath: override))
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let binDir = URL(fileURLWithPath: executable).deletingLastPathComponent()
            folders.append(binDir.deletingLastPathComponent().appendingPathComponent("share/podline"))
            folders.append(binDir.appendingPathComponent("Resources"))
        }
        // This file is Sources/PodlineCLI/Support/ResourceLocator.swift.
        let checkout = URL(fileURLWithPath: sourceFile)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(checkout.appendingPathComponent("Resources"))
        return folders
    }
}
