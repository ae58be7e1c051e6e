import PodcastKit

/// Reads the values of the command language: signed TIMEs, numbers in a range, sleep settings.
package enum ValueParser {
    /// `[+|-]TIME`.
    package static func time(_ text: String, for spec: CommandSpec) throws(CommandError) -> Adjustment {
        let (sign, body) = split(text)
        guard let seconds = TimeSpec.seconds(body) else {
            throw CommandError(.invalidParameter, "\(spec.name): '\(text)' is not a TIME (90, 90s, 5m, 1:30, 1:02:03)")
        }
        guard let sign else { return .to(seconds) }
        return .by(sign * seconds)
    }

    /// `[+|-]N`, with an absolute value required to lie in `range`.
    package static func number(
        _ text: String, for spec: CommandSpec, range: ClosedRange<Double>,
        suffix: String? = nil
    ) throws(CommandError) -> Adjustment {
        var (sign, body) = split(text)
        if let suffix, body.lowercased().hasSuffix(suffix) { body = String(body.dropLast(suffix.count)) }
        guard let value = Double(body), value.isFinite, value >= 0 else {
            throw CommandError(.invalidParameter, "\(spec.name): '\(text)' is not a number")
        }
        if let sign { return .by(sign * value) }
        guard range.contains(value) else {
            throw CommandError(.invalidParameter, "\(spec.name): \(body) is out of range (\(range.text))")
        }
        return .to(value)
    }

    /// `[+|-]N` for the volume.
    package static func volume(_ text: String, for spec: CommandSpec) throws(CommandError) -> Adjustment {
        try number(text, for: spec, range: Player.volumeRange)
    }

    /// `[+|-]X` (an `x` may follow) for the speed.
    package static func speed(_ text: String, for spec: CommandSpec) throws(CommandError) -> Adjustment {
        try number(text, for: spec, range: Player.speedRange, suffix: "x")
    }

    /// `TIME`, `end` or `off`.
    package static func sleep(_ text: String, for spec: CommandSpec) throws(CommandError) -> SleepSetting {
        switch text.lowercased() {
        case "end", "eoe": return .endOfEpisode
        case "off", "cancel": return .off
        default:
            guard let seconds = TimeSpec.seconds(text), seconds > 0 else {
                throw CommandError(.invalidParameter, "\(spec.name): '\(text)' is not a TIME, 'end' or 'off'")
            }
            return .after(seconds)
        }
    }

    /// `on` or `off` (also yes/no, true/false, 1/0).
    package static func onOff(_ text: String, for spec: CommandSpec) throws(CommandError) -> Bool {
        switch text.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw CommandError(.invalidParameter, "\(spec.name): '\(text)' is not 'on' or 'off'")
        }
    }

    private static func split(_ text: String) -> (Double?, String) {
        if text.hasPrefix("+") { return (1, String(text.dropFirst())) }
        if text.hasPrefix("-") { return (-1, String(text.dropFirst())) }
        return (nil, text)
    }
}
