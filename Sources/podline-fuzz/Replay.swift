import Foundation

/// Replays saved inputs (files, or every file in a folder) through one target, as the fuzzer would.
enum Replay {
    static let usage = "usage: podline-fuzz <\(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|"))> <file|folder>..."

    /// Runs `arguments` (target name, then paths); returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            PodlineFuzz.complain(arguments.isEmpty ? usage : "unknown target '\(arguments[0])' (use \(FuzzTarget.names))")
            return 64
        }
        guard arguments.count > 1 else {
            PodlineFuzz.complain(usage)
            return 64
        }
        var count = 0
        for path in arguments.dropFirst() {
            guard let files = inputs(at: path) else {
                PodlineFuzz.complain("cannot read \(path): no such file or folder")
                return 2
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    PodlineFuzz.complain("cannot read \(file)")
                    return 2
                }
                target.run(Array(data))
                count += 1
            }
        }
        print("\(target.rawValue): \(count) input\(count == 1 ? "" : "s") replayed, no finding")
        return 0
    }

    /// The files at `path`: the file itself, or the regular files of a folder in name order; nil when missing.
    static func inputs(at path: String) -> [String]? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return [path] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        return names.sorted().map { path + "/" + $0 }.filter { file in
            var isSubfolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &isSubfolder) && !isSubfolder.boolValue
        }
    }
}
