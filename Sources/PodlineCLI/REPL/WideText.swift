import Foundation
import PodlineApp

/// Converts between Swift strings and the wide-character text libedit speaks (UTF-32 in a UTF-8 locale).
enum WideText {
    /// The `count` wide characters at `text` (invalid code points dropped).
    static func string(_ text: UnsafePointer<wchar_t>?, count: Int) -> String {
        guard let text, count > 0 else { return "" }
        var scalars = String.UnicodeScalarView()
        for index in 0..<count {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: text[index])) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// Calls `body` with `text` as a NUL-terminated wide string.
    static func withWide<Result>(_ text: String, _ body: (UnsafePointer<wchar_t>) -> Result) -> Result {
        let wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        return wide.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// Makes the terminal's text readable as characters: the locale's character type, UTF-8 when the locale names none.
enum TerminalLocale {
    static func useUTF8() {
        setlocale(LC_CTYPE, "")
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }
}

/// File names that complete a path being typed.
enum FileCompletion {
    /// The paths that start with `word`: a folder's end in `/`. `~/` stands for the home folder.
    static func candidates(for word: String) -> [String] {
        let slash = word.lastIndex(of: "/")
        let folderPart = slash.map { String(word[...$0]) } ?? ""
        let prefix = slash.map { String(word[word.index(after: $0)...]) } ?? word
        var folder = folderPart.isEmpty ? "." : folderPart
        if folder.hasPrefix("~/") { folder = NSHomeDirectory() + folder.dropFirst() }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
            return folderPart + name + (isFolder.boolValue ? "/" : "")
        }
    }
}
