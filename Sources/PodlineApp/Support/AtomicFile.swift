import AudioEngine
import Foundation

/// Writing a file whole or not at all.
package enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path`, synced, and renames it into place; returns errno's reason on
    /// failure (nothing is left behind then).
    package static func write(_ bytes: [UInt8], to path: String) -> String? {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure: Int32 = 0
        errno = 0
        if !bytes.withUnsafeBytes({ WholeWrite.write($0, to: descriptor) }) { failure = errno != 0 ? errno : EIO }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            return String(cString: strerror(failure))
        }
        return nil
    }
}
