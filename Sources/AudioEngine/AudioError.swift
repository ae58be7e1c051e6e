/// Everything the audio engine can fail with, each case worded for a one-line message.
public enum AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input could not be opened or read (missing, unreadable, empty).
    case unreadable(path: String, reason: String)
    /// The input is not audio that the decoder understands.
    case unsupportedFormat(path: String, reason: String)
    /// The input ended before the length its headers announce.
    case truncated(path: String, played: Double, expected: Double)
    /// No live audio output could be opened.
    case noAudioOutput(tried: [String])
    /// An output was named that does not exist or was given wrong arguments.
    case badOutput(spec: String, reason: String)
    /// A C call failed; names the function and the library's own error text.
    case library(function: String, message: String)
    /// A file could not be written (a clip): the path and why.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "\(path): \(reason)"
        case let .unsupportedFormat(path, reason):
            return "\(path): \(reason)"
        case let .truncated(path, played, expected):
            return "\(path): file is truncated: played \(Self.seconds(played)) of \(Self.seconds(expected))"
        case let .noAudioOutput(tried):
            let list = tried.isEmpty ? "no live driver is installed" : "tried " + tried.joined(separator: ", ")
            return "no audio output is available (\(list)); use --output null to play silently or --output wav:FILE to write a WAV file"
        case let .badOutput(spec, reason):
            return "output '\(spec)': \(reason)"
        case let .library(function, message):
            return "\(function) failed: \(message)"
        case let .unwritable(path, reason):
            return "\(path): \(reason)"
        }
    }

    static func seconds(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return "\(tenths) s"
    }
}
