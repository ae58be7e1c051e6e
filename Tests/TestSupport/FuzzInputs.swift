import Foundation

/// The fuzzer's seeds (`Tests/fuzz/corpus`) and the inputs it found that once broke a parser (`Tests/fuzz/regressions`).
public enum FuzzInputs {
    /// `Tests/fuzz` in the source tree.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fuzz")

    /// The seeds and saved findings of `target` (feed, opml, command, socket), in name order.
    public static func files(_ target: String) -> [URL] {
        ["corpus", "regressions"].flatMap { folder -> [URL] in
            let directory = root.appendingPathComponent(folder).appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.sorted().map { directory.appendingPathComponent($0) }
        }
    }

    /// The bytes of `name` among `target`'s seeds or findings.
    public static func bytes(_ target: String, _ name: String) throws -> [UInt8] {
        guard let file = files(target).first(where: { $0.lastPathComponent == name }) else {
            throw TestSupportError("no fuzz input \(target)/\(name)")
        }
        return Array(try Data(contentsOf: file))
    }
}
