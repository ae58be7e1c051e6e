import Foundation
import PodcastKit

/// The benchmark's command-line options.
struct BenchArguments {
    var podline: String
    var python = "python3"
    var skipLibrary = false
    var skipRefresh = false

    init(_ arguments: ArraySlice<String>) {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        podline = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("podline").path
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--podline": podline = iterator.next() ?? podline
            case "--python": python = iterator.next() ?? python
            case "--skip-library": skipLibrary = true
            case "--skip-refresh": skipRefresh = true
            default: print("unknown argument \(argument)"); exit(64)
            }
        }
        if !python.contains("/") { python = Timing.which(python) ?? python }
    }
}
