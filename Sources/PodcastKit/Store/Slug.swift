import Foundation

/// Short names for shows, used in episode references and download folders.
enum Slug {
    /// `title` folded to lower-case ASCII letters, digits and single dashes, at most 32 characters.
    static func make(from title: String) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            let isWordCharacter = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar))
            if isWordCharacter {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
                if slug.count >= 32 { break }
            } else if scalar != "'" && scalar != "\u{2019}" {
                pendingDash = true
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "show" : slug.lowercased()
    }

    /// `base`, or `base-2`, `base-3`… whichever `isTaken` does not reject.
    static func unique(_ base: String, isTaken: (String) throws -> Bool) rethrows -> String {
        if try !isTaken(base) { return base }
        var suffix = 2
        while try isTaken("\(base)-\(suffix)") { suffix += 1 }
        return "\(base)-\(suffix)"
    }
}
