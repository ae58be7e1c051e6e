import Foundation
import TestSupport

/// A far move in a streamed MP3: `play URL --start 40:00` of an hour of 128 kb/s MP3 served on 127.0.0.1 at 1 MB/s
/// with Range, to the first sound, against the same `--start` in the local file. The goal: at most twice the local
/// figure plus one round trip to the server (a download of everything before the place would take 38 s).
enum SeekBench {
    /// Where the move goes: 40 minutes in.
    static let start = "2400"

    static func run(_ workspace: Workspace, _ report: Report) throws {
        let sox = try workspace.tool("sox", install: "apt-get install sox")
        let lame = try workspace.tool("lame", install: "apt-get install lame")
        let environment = workspace.environment(runtime: try workspace.freshFolder("runtime-seek"))
        let mp3 = workspace.path("tone-hour-128k-stereo.mp3")
        if !FileManager.default.fileExists(atPath: mp3) {
            Progress.say("making \(URL(fileURLWithPath: mp3).lastPathComponent)")
            let wav = mp3 + ".wav"
            defer { try? FileManager.default.removeItem(atPath: wav) }
            try Subprocess.run(
                sox, ["-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "3600", "sine", "220:880", "vol", "0.4"],
                environment: environment)
            try Subprocess.run(lame, ["--quiet", "-b", "128", wav, mp3], environment: environment)
        }
        let served = try workspace.freshFolder("served-seek")
        try FileManager.default.createSymbolicLink(atPath: served + "/hour.mp3", withDestinationPath: mp3)
        // 64 KiB every 65.5 ms: 1 MB/s.
        let server = try SlowFileServer(folder: URL(fileURLWithPath: served), chunkBytes: 1 << 16, delay: 0.0655)
        defer { server.stop() }
        let url = server.url("hour.mp3")
        let label = "play --start 40:00 of a 1 h MP3 streamed at 1 MB/s with Range: time to first sound"
        let medians = try Alternation.measure(
            label, runs: workspace.options.runs,
            [
                Contender(name: "stream") {
                    try FirstSound.measure(
                        workspace.podline, ["play", url, "--start", start, "--output", "raw:-"], environment: environment)
                },
                Contender(name: "local") {
                    try FirstSound.measure(
                        workspace.podline, ["play", mp3, "--start", start, "--output", "raw:-"], environment: environment)
                },
            ])
        guard let streamed = medians["stream"], let local = medians["local"] else { return }
        let roundTrip = try Self.roundTrip(url)
        report.add(
            BenchRow(
                group: "seek", what: label, podline: .seconds(streamed.wall), cpu: .seconds(streamed.cpu),
                anchorName: "the same --start in the local file", anchor: .seconds(local.wall),
                goal: .atMost(.seconds(2 * local.wall + roundTrip), "≤ 2 × local + one round trip"), runs: streamed.runs))
    }

    /// The median time from a Range request's connection to the first bytes of its answer (five of them): one round
    /// trip to the server, as a move needs.
    private static func roundTrip(_ url: String) throws -> Double {
        guard let address = URL(string: url), let port = address.port else { throw BenchError("not a URL: \(url)") }
        var times: [Double] = []
        for _ in 0..<5 {
            let started = DispatchTime.now().uptimeNanoseconds
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
            defer { close(socket) }
            var peer = sockaddr_in()
            peer.sin_family = sa_family_t(AF_INET)
            peer.sin_port = UInt16(port).bigEndian
            peer.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw BenchError("connect: \(String(cString: strerror(errno)))") }
            let request = Array("GET \(address.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=0-0\r\n\r\n".utf8)
            guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, 0) }) == request.count else {
                throw BenchError("send: \(String(cString: strerror(errno)))")
            }
            var first = [UInt8](repeating: 0, count: 1)
            guard recv(socket, &first, 1, 0) == 1 else { throw BenchError("no answer from \(url)") }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }
}
