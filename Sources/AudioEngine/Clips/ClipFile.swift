import Glibc

/// A file written under a temporary name beside its place and renamed into it once whole: a clip that fails halfway
/// leaves nothing, and a file already at the place stays as it was until the new one is complete.
public final class ClipFile {
    /// Where the file goes.
    public let path: String
    /// Where it is written meanwhile: a hidden name in the same folder, so the rename stays on one file system. A file
    /// never committed (a cut decoded into another format) is read there and removed with this object.
    public let temporary: String
    private var descriptor: Int32
    private var committed = false
    /// Bytes written so far.
    public private(set) var size = 0

    /// Opens the temporary file beside `path`.
    public init(path: String) throws(AudioError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw AudioError.unwritable(path: path, reason: "names a folder, not a file") }
        Self.removeLeftovers(of: name, in: folder)
        temporary = folder + ".\(name).\(getpid()).part"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 { throw Self.failure(path, "cannot be written") }
    }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(AudioError) {
        errno = 0
        guard WholeWrite.write(bytes, to: descriptor) else { throw Self.failure(path, "writing failed") }
        size += bytes.count
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(AudioError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(AudioError) in try write(raw) } }.get()
    }

    /// Writes `bytes` over what is at `offset` (a header whose sizes are known at the end).
    public func overwrite(_ bytes: [UInt8], at offset: Int) throws(AudioError) {
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard written == bytes.count else { throw Self.failure(path, "writing failed") }
    }

    /// Puts the whole file in its place.
    public func commit() throws(AudioError) {
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw Self.failure(path, "writing failed") }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw Self.failure(path, "writing failed") }
        guard rename(temporary, path) == 0 else { throw Self.failure(path, "cannot be written") }
        committed = true
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !committed { unlink(temporary) }
    }

    /// Removes the temporaries of `name` in `folder` (`""` for the current one) that processes no longer running left
    /// (a clip killed while writing).
    private static func removeLeftovers(of name: String, in folder: String) {
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return }
        defer { closedir(directory) }
        let prefix = ".\(name)."
        var left: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard entryName.hasPrefix(prefix), entryName.hasSuffix(".part") else { continue }
            let pid = entryName.dropFirst(prefix.count).dropLast(".part".count)
            guard let number = pid_t(pid), number > 0, number != getpid(), kill(number, 0) == -1, errno == ESRCH else { continue }
            left.append(entryName)
        }
        for entryName in left { unlink(folder + entryName) }
    }

    /// The error for `path`, with the system's reason when errno gives one.
    private static func failure(_ path: String, _ what: String) -> AudioError {
        let reason = errno == 0 ? what : "\(what) (\(String(cString: strerror(errno))))"
        return AudioError.unwritable(path: path, reason: reason)
    }
}
