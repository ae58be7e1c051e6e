import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads local files with errno-based reasons ("No such file or directory") and a size cap.
enum LocalFile {
    /// The bytes of the file at `path`; fails with a reason naming what went wrong.
    static func read(_ path: String, sizeCap: Int) throws(FeedError) -> [UInt8] {
        try withOpened(path, sizeCap: sizeCap) { (descriptor, info) throws(FeedError) in
            try readAll(descriptor, info: info, sizeCap: sizeCap)
        }
    }

    /// Calls `body` with the bytes of the file at `path`, mapped rather than copied when it is a regular file
    /// (a large feed then costs no copy and no fresh memory); other files are read.
    static func withContents<Result>(
        _ path: String, sizeCap: Int,
        _ body: (UnsafeBufferPointer<UInt8>) throws(FeedError) -> Result
    ) throws(FeedError) -> Result {
        try withOpened(path, sizeCap: sizeCap) { (descriptor, info) throws(FeedError) -> Result in
            let size = Int(info.st_size)
            guard (info.st_mode & S_IFMT) == S_IFREG, size > 0,
                let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), mapped != MAP_FAILED
            else {
                let bytes = try readAll(descriptor, info: info, sizeCap: sizeCap)
                return try bytes.withUnsafeBufferPointer { (buffer) throws(FeedError) -> Result in try body(buffer) }
            }
            defer { munmap(mapped, size) }
            return try body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
        }
    }

    /// Opens `path` for reading and calls `body` with the descriptor and its status, after refusing a
    /// directory and a file larger than `sizeCap`; closes it afterwards.
    private static func withOpened<Result>(
        _ path: String, sizeCap: Int,
        _ body: (Int32, stat) throws(FeedError) -> Result
    ) throws(FeedError) -> Result {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FeedError(errnoReason()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FeedError(errnoReason()) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw FeedError("is a directory") }
        if Int(info.st_size) > sizeCap {
            throw FeedError(SizeLimit.exceeded(sizeCap, actual: Int(info.st_size)))
        }
        return try body(descriptor, info)
    }

    /// Everything `descriptor` still holds, read into a buffer of the file's size and then in chunks if it
    /// grows (or is not a regular file), up to `sizeCap`.
    private static func readAll(_ descriptor: Int32, info: stat, sizeCap: Int) throws(FeedError) -> [UInt8] {
        // Read straight into a buffer of the file's size (plus one byte to notice a file that grew).
        let expected = Int(info.st_size)
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { break }
                count += got
            }
        }
        if failure != 0 {
            errno = failure
            throw FeedError(errnoReason())
        }
        if bytes.count > expected {
            // The file is growing (or is not a regular file): read the rest in chunks.
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FeedError(errnoReason())
                }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
                if bytes.count > sizeCap { throw FeedError(SizeLimit.exceeded(sizeCap)) }
            }
        }
        return bytes
    }

    static func errnoReason() -> String { String(cString: strerror(errno)) }
}
