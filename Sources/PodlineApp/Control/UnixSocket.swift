import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Thin wrappers over the Unix-domain socket calls the control server and client use.
package enum UnixSocket {
    /// A new stream socket, closed on exec.
    package static func make() throws(ControlError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", errno) }
        return fd
    }

    /// Calls `body` with `path` as a `sockaddr_un`.
    package static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) throws(ControlError) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw .system("socket path too long: \(path)", ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Connects a new socket to `path`; the errno on failure. With `sendTimeout`, a connect that would wait (the
    /// listener's backlog is full: a stopped player accepts nobody) gives up after that many seconds with EAGAIN, and
    /// sends keep that limit.
    package static func connect(to path: String, sendTimeout: Int? = nil) -> Result<Int32, ControlError> {
        let fd: Int32
        do { fd = try make() } catch { return .failure(error) }
        if let sendTimeout { setSendTimeout(fd, seconds: sendTimeout) }
        let status: Int32
        do {
            status = try withAddress(path) { Glibc.connect(fd, $0, $1) }
        } catch {
            close(fd)
            return .failure(error)
        }
        guard status == 0 else {
            let code = errno
            close(fd)
            return .failure(.system("connect", code))
        }
        return .success(fd)
    }

    /// The user id of the process at the other end of `fd`.
    package static func peerUID(_ fd: Int32) -> uid_t? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.uid
    }

    /// The process id of the process at the other end of `fd` (for a client, the one that made the listening socket).
    package static func peerPID(_ fd: Int32) -> pid_t? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.pid > 0 else { return nil }
        return credentials.pid
    }

    /// Writes all of `bytes`, without raising SIGPIPE; false when the peer is gone or too slow.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Makes reads, writes and accepts on `fd` return at once instead of waiting.
    package static func setNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// Sets a send timeout, so a client that stops reading cannot hold a writer forever.
    package static func setSendTimeout(_ fd: Int32, seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sets a receive timeout, so a peer that stops answering cannot hold a reader forever; 0 waits without limit.
    package static func setReceiveTimeout(_ fd: Int32, seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }
}

/// The layout of Linux's `struct ucred`, which the C module does not export.
private struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}
