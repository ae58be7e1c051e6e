import Foundation
import PodcastKit

/// `python3 -m http.server` on a free loopback port.
final class LoopbackHTTP {
    let port: Int
    private let process: Process

    init(folder: URL, python: String) throws {
        port = 20_000 + Int(getpid() % 20_000)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-m", "http.server", "--bind", "127.0.0.1", "--directory", folder.path, String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 {
            if (try? Timing.run("/usr/bin/env", ["python3", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:\(port)/feed0.xml')"])) != nil { return }
            usleep(50_000)
        }
        throw BenchError("python3 -m http.server did not start")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
