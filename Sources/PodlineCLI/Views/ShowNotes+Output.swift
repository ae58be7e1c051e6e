import Foundation
import PodcastKit

extension ShowNotes {
    /// Show notes as a command prints them: plain text at 80 columns for JSON (and when standard output is not a
    /// terminal), else at the terminal's width with emphasis in bold where colour is allowed.
    static func forStandardOutput(_ html: String?, json: Bool) -> ShowNotes {
        guard !json, isatty(1) == 1 else { return ShowNotes(html: html ?? "", width: 80, bold: false) }
        return ShowNotes(html: html ?? "", width: TerminalSize.columns(of: 1), bold: TerminalStyle.enabled(for: 1))
    }
}
