import Foundation

/// Lines typed at a terminal, with a prompt showing the play state.
struct InteractiveLineSource: LineSource {
    func next(prompt: String) -> String? {
        FileHandle.standardOutput.write(Data(prompt.utf8))
        return Swift.readLine(strippingNewline: true)
    }

    func record(_ line: String, failed: Bool) {}

    func close() {
        print("")
    }
}
