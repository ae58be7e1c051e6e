import Foundation

/// A TCP socket of 127.0.0.1 on a port the system chose: for test servers, and for a port to hand a server of
/// Debian's that takes its port from its configuration.
public enum LoopbackSocket {
    /// A new socket bound to a free port of 127.0.0.1, and that port; the caller closes the descriptor.
    static func bound() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestSupportError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw TestSupportError("bind: \(reason)")
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A port the system has just handed out for 127.0.0.1 (bound, read back, released), for a server started apart.
    public static func freePort() throws -> Int {
        let (fd, port) = try bound()
        close(fd)
        return port
    }
}
