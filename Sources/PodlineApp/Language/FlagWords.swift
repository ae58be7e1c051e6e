/// Splits a command's arguments into the words it names and the flags of its table entry, with their values.
package struct FlagWords {
    /// The words that are not flags, in order (everything after `--` is one).
    package var targets: [String] = []
    /// The flags given, each with its value (nil for a switch), in order.
    package var flags: [(spec: FlagSpec, value: String?)] = []

    /// Reads `arguments` with the flags `spec` lists: `--name`, `--name VALUE`, `--name=VALUE`.
    package init(_ arguments: [String], for spec: CommandSpec) throws(CommandError) {
        var index = 0
        var onlyTargets = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            let isShort = word.count == 2 && word.hasPrefix("-") && spec.flag(word) != nil
            if onlyTargets || (!word.hasPrefix("--") && !isShort) || word == "-" {
                targets.append(word)
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
                throw .usage(spec, "unknown option '\(name)'")
            }
            guard flag.value != nil else {
                if inlineValue != nil { throw CommandError(.invalidParameter, "\(spec.name): \(name) takes no value") }
                flags.append((flag, nil))
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
            flags.append((flag, value))
        }
    }

    /// The value of the last `--name` given; nil when it was not given.
    package func value(_ name: String) -> String? {
        flags.last { $0.spec.name == name }?.value
    }

    /// True when the switch `--name` was given.
    package func has(_ name: String) -> Bool {
        flags.contains { $0.spec.name == name }
    }
}
