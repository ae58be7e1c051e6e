/// Reads the words after `play` (and `demo`) into a `PlayRequest`, with the flags of the command table.
package enum PlayRequestParser {
    package static func parse(_ arguments: [String], for spec: CommandSpec) throws(CommandError) -> PlayRequest {
        let words = try FlagWords(arguments, for: spec)
        var request = PlayRequest()
        request.targets = words.targets
        for (flag, value) in words.flags {
            guard let known = PlayFlag(rawValue: flag.name) else {
                throw CommandError(.invalidParameter, "\(spec.name): unknown option '--\(flag.name)'")
            }
            try known.set(value, in: &request, spec)
        }
        return request
    }
}
