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
                try set(flag.name, nil, in: &request, spec)
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
            try set(flag.name, value, in: &request, spec)
        }
        return request
    }

    private static func set(
        _ flag: String, _ value: String?, in request: inout PlayRequest,
        _ spec: CommandSpec
    ) throws(CommandError) {
        switch flag {
        case "enqueue": request.enqueue = true
        case "no-resume": request.noResume = true
        case "quiet": request.quiet = true
        case "skip-silence": request.skipSilence = true
        case "no-skip-silence": request.skipSilence = false
        case "normalize": request.normalize = true
        case "no-normalize": request.normalize = false
        case "start": request.start = try absolute(ValueParser.time(value ?? "", for: spec), flag, value, spec)
        case "duration": request.duration = try absolute(ValueParser.time(value ?? "", for: spec), flag, value, spec)
        case "volume": request.volume = try absolute(ValueParser.volume(value ?? "", for: spec), flag, value, spec)
        case "speed": request.speed = try absolute(ValueParser.speed(value ?? "", for: spec), flag, value, spec)
        case "sleep":
            let setting = try ValueParser.sleep(value ?? "", for: spec)
            request.sleep = setting == .off ? nil : setting
        case "output": request.output = value
        default: throw CommandError(.invalidParameter, "\(spec.name): unknown option '--\(flag)'")
        }
    }

    /// The value of an absolute adjustment; a signed one is refused for a flag.
    private static func absolute(
        _ adjustment: Adjustment, _ flag: String, _ value: String?,
        _ spec: CommandSpec
    ) throws(CommandError) -> Double {
        guard case .to(let number) = adjustment else {
            throw CommandError(.invalidParameter, "\(spec.name): --\(flag) takes a value without a sign, not '\(value ?? "")'")
        }
        return number
    }
}
