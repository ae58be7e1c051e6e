#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes diagnostics to the process's standard error.
enum StandardError {
    /// Writes `text` to file descriptor 2, unbuffered.
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = writeBytes(base + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static func writeBytes(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Darwin)
            return Darwin.write(2, pointer, count)
        #elseif canImport(Musl)
            return Musl.write(2, pointer, count)
        #else
            return Glibc.write(2, pointer, count)
        #endif
    }
}
