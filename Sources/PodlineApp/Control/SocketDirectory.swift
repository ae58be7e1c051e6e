import Foundation

/// Makes and checks the control socket's folder: a real folder, owned by this user, mode 0700.
package enum SocketDirectory {
    /// Creates `path` (and missing parents for the runtime form) or checks the existing one, fixing its mode.
    package static func prepare(_ path: String) throws(ControlError) {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw .system("mkdir \(path)", errno)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .system("lstat \(path)", errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .unsafeDirectory("\(path) is not a folder") }
        guard info.st_uid == geteuid() else { throw .unsafeDirectory("\(path) belongs to another user") }
        if info.st_mode & 0o777 != 0o700, chmod(path, 0o700) != 0 {
            throw .system("chmod \(path)", errno)
        }
    }
}
