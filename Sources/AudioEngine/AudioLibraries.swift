import CLazyLibraries

/// The audio libraries, loaded with dlopen the first time audio is opened, so that commands that play
/// nothing start without them.
enum AudioLibraries {
    /// Loads `library` (libmpg123, libao or libpulse) or throws naming it and dlopen's reason.
    static func require(_ library: podline_library) throws(AudioError) {
        var message = [CChar](repeating: 0, count: 512)
        guard podline_library_load(library, &message, message.count) != 0 else { return }
        let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        throw AudioError.library(function: "dlopen(\(String(cString: podline_library_soname(library))))", message: reason)
    }
}
