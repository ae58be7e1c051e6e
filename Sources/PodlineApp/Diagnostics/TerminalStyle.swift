import Foundation
import PodcastKit
import Synchronization

/// Colour on terminals: only when the stream is a terminal, `--no-color` was not given and NO_COLOR is unset or empty.
public enum TerminalStyle {
    /// The SGR colours podline uses.
    public enum Color: String, Sendable {
        case red = "31", green = "32", yellow = "33", cyan = "36", dim = "2", bold = "1"
    }

    private static let noColor = Atomic<Bool>(false)

    /// True once `--no-color` was given.
    public static var noColorFlag: Bool {
        get { noColor.load(ordering: .relaxed) }
        set { noColor.store(newValue, ordering: .relaxed) }
    }

    /// Whether colour may be written to `fd`.
    public static func enabled(for fd: Int32, environment: [String: String] = ProcessEnvironment.values("NO_COLOR")) -> Bool {
        guard !noColorFlag, isatty(fd) == 1 else { return false }
        return (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// `text` in `color` when `enabled`, else `text` unchanged.
    public static func paint(_ text: String, _ color: Color, enabled: Bool) -> String {
        enabled && !text.allSatisfy(\.isWhitespace) ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }
}
