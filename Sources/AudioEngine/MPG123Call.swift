import Cmpg123

/// The one place that checks libmpg123 return codes.
enum MPG123Call {
    /// Throws `AudioError.library` naming `function` unless `code` is `MPG123_OK`.
    static func check(_ code: Int32, _ function: String, handle: OpaquePointer? = nil) throws(AudioError) {
        guard code != Int32(MPG123_OK.rawValue) else { return }
        throw AudioError.library(function: function, message: message(code, handle: handle))
    }

    /// The library's own text for `code`, preferring the handle's detailed message.
    static func message(_ code: Int32, handle: OpaquePointer? = nil) -> String {
        if code == Int32(MPG123_ERR.rawValue), let handle, let text = podline_mpg123_strerror(handle) {
            return String(cString: text)
        }
        guard let text = podline_mpg123_plain_strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
