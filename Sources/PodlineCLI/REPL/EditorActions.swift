import CLazyLibraries
import Cedit
import Glibc
import PodlineApp

/// libedit's C callbacks: each finds its `EditLineSource` through the editor's client data.
enum EditorActions {
    /// Supplies libedit every character it reads.
    static let readCharacter: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<wchar_t>?) -> Int32 = {
        editor, character in
        guard let source = EditLineSource.owner(of: editor), let character else { return -1 }
        switch source.readCharacter() {
        case .character(let value):
            // Before libedit adds it and draws the line again (see podline_edit_fit_height).
            podline_edit_fit_height(editor)
            character.pointee = value
            return 1
        case .end:
            return 0
        }
    }

    /// Tab.
    static let complete: @convention(c) (UnsafeMutableRawPointer?, Int32) -> UInt8 = { editor, _ in
        EditLineSource.owner(of: editor)?.complete() ?? UInt8(CC_ERROR)
    }

    /// The status changed (or the terminal was resized).
    static let redrawStatus: @convention(c) (UnsafeMutableRawPointer?, Int32) -> UInt8 = { editor, _ in
        EditLineSource.owner(of: editor)?.redrawStatus()
        return UInt8(CC_NORM)
    }

    /// The terminal was resized, or the REPL continued after Ctrl-Z: libedit takes the terminal's size and modes again,
    /// and the status and line are drawn again.
    static let terminalChanged: @convention(c) (UnsafeMutableRawPointer?, Int32) -> UInt8 = { editor, _ in
        guard let editor else { return UInt8(CC_NORM) }
        podline_edit_terminal_changed(editor)
        EditLineSource.owner(of: editor)?.redrawStatus(always: true)
        return UInt8(CC_NORM)
    }

    /// Ctrl-C, after the cursor was moved to the end of the line: the line ends and is thrown away.
    static let cancel: @convention(c) (UnsafeMutableRawPointer?, Int32) -> UInt8 = { editor, _ in
        EditLineSource.owner(of: editor)?.cancelLine()
        return UInt8(CC_NEWLINE)
    }
}
