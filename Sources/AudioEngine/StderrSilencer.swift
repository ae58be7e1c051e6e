import Glibc

/// Runs C code whose chatter on standard error must not reach the user (ALSA, libao plugins).
enum StderrSilencer {
    /// Points file descriptor 2 at /dev/null while `body` runs, then restores it.
    static func run<T>(_ body: () throws(AudioError) -> T) throws(AudioError) -> T {
        fflush(nil)
        let saved = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0, null >= 0 { dup2(null, STDERR_FILENO) }
        defer {
            fflush(nil)
            if saved >= 0 {
                dup2(saved, STDERR_FILENO)
                close(saved)
            }
            if null >= 0 { close(null) }
        }
        return try body()
    }
}
