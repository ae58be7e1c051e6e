import Foundation
import PodcastKit

extension ShowNotes {
    /// Show notes as a command prints them in `style`: plain text at 80 columns for JSON (and off a terminal), else at
    /// the terminal's width with emphasis in bold where colour is allowed.
    package static func forOutput(_ html: String?, json: Bool, style: ListStyle) -> ShowNotes {
        guard !json, let columns = style.columns else { return ShowNotes(html: html ?? "", width: 80, bold: false) }
        return ShowNotes(html: html ?? "", width: columns, bold: style.color)
    }
}
