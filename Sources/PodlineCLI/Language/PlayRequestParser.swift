/// Reads the words after `play` (and `demo`) into a `PlayRequest`, with the flags of the command table.
enum PlayRequestParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(CommandError) -> PlayRequest {
        var request = PlayRequest()
        var index = 0
        var onlyTargets = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyTargets || !word.hasPrefix("--") || word == "-" {
                request.targets.append(word)
                continue
            }
            if word == "--" {
                onlyTargets = true
                continue
            }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let flag = spec.flag(name) else {
                throw CommandError(.invalidParameter, "\(spec.name): unknown option '\(name)' (see 'podline help \(spec.name)')")
            }
            guard flag.value != nil else {
                if inlineValue != nil { throw CommandError(.invalidParameter, "\(spec.name): \(name) takes no value") }
                try Self.flag(flag, spec).set(nil, in: &request, spec)
                continue
            }
            var value = inlineValue
            if value == nil, index < arguments.count {
                value = arguments[index]
                index += 1
            }
            guard let value else {
                throw CommandError(.invalidParameter, "\(spec.name): \(name) needs a value (\(flag.value ?? ""))")
            }
            try Self.flag(flag, spec).set(value, in: &request, spec)
        }
        return request
    }

    /// The `PlayFlag` behind a flag of the table (the table lists exactly those).
    private static func flag(_ flag: FlagSpec, _ spec: CommandSpec) throws(CommandError) -> PlayFlag {
        guard let known = PlayFlag(rawValue: flag.name) else {
            throw CommandError(.invalidParameter, "\(spec.name): unknown option '--\(flag.name)'")
        }
        return known
    }
}
