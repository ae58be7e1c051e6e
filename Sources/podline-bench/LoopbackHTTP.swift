import Foundation
import TestSupport

/// `python3 -m http.server` serving a folder on a free loopback port (it answers If-Modified-Since with 304).
final class LoopbackHTTP {
    let port: Int
    private var pid: pid_t = 0

    /// Starts the server and waits until it accepts connections.
    init(folder: String, python: String) throws {
        port = try LoopbackSocket.freePort()
        pid = try Subprocess.spawn(
            python, ["-m", "http.server", "--bind", "127.0.0.1", "--directory", folder, String(port)],
            environment: ProcessInfo.processInfo.environment)
        Interruption.shared.track(pid)
        for _ in 0..<200 {
            if Self.accepts(port: port) { return }
            usleep(25_000)
        }
        stop()
        throw BenchError("python3 -m http.server did not start on 127.0.0.1:\(port)")
    }

    /// Stops the server by its pid.
    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        Subprocess.wait(pid)
        Interruption.shared.forget(pid)
        pid = 0
    }

    deinit { stop() }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    private static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
