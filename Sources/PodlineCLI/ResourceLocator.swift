import Foundation

/// Finds the files Podline ships in `Resources/`, installed or in a source checkout.
enum ResourceLocator {
    /// The first existing copy of `name`: `$PODLINE_RESOURCES`, beside the binary's `share/podline`,
    /// a `Resources` folder beside the binary, then the source tree the binary was built from.
    /// The bundled demo episode's file name.
    static let demoEpisode = "demo-episode.mp3"

    static func url(for name: String, sourceFile: String = #filePath) -> URL? {
        candidates(sourceFile: sourceFile)
            .map { $0.appendingPathComponent(name) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Where resources are looked for, in order.
    static func candidates(sourceFile: String = #filePath) -> [URL] {
        var folders: [URL] = []
        if let override = ProcessInfo.processInfo.environment["PODLINE_RESOURCES"], !override.isEmpty {
            folders.append(URL(fileURLWithPath: override))
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let binDir = URL(fileURLWithPath: executable).deletingLastPathComponent()
            folders.append(binDir.deletingLastPathComponent().appendingPathComponent("share/podline"))
            folders.append(binDir.appendingPathComponent("Resources"))
        }
        let checkout = URL(fileURLWithPath: sourceFile)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(checkout.appendingPathComponent("Resources"))
        return folders
    }
}
