import DataFlow
import TestSupport
import Testing

/// What a retained frame's views read: a word of the base, whether the overlay shows, and its text.
@Observable @MainActor
private final class RetainedModel {
    var base = "base text here"
    var showsOverlay = true
    var overlay = "over"
    var rows = 3
}

/// A base of several texts, and a box over it.
private struct RetainedScreen: View {
    let model: RetainedModel

    var body: some View {
        VStack(alignment: .leading) {
            HStack(spacing: 1) {
                Text(model.base).border(title: "left")
                Text("right pane 日本語").border(title: "right")
            }
            ForEach(0..<model.rows) { row in Text("row \(row) 🎧 e\u{301}") }
        }
        .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
        .overlay {
            if model.showsOverlay {
                Text(model.overlay).padding(.horizontal, 1).border(title: "box").background(.standard)
            }
        }
    }
}

/// Frames painted over the previous one (only what changed) against the same frames drawn whole.
@MainActor
@Suite("Layout: retained frames equal whole frames")
struct RetainedDrawingTests {
    @Test("base, overlay and list edits, in 500 random steps: every painted frame equals the whole one")
    func randomEdits() {
        let retainedModel = RetainedModel()
        let wholeModel = RetainedModel()
        let retained = ViewHost(RetainedScreen(model: retainedModel))
        let whole = ViewHost(RetainedScreen(model: wholeModel))
        var random = SeededGenerator(seed: 42)
        let words = ["base", "a much longer base text that wraps", "日本語 text", "", "x"]
        for step in 0..<500 {
            let choice = Int.random(in: 0..<4, using: &random)
            let word = words.randomElement(using: &random)!
            let count = Int.random(in: 0..<6, using: &random)
            for model in [retainedModel, wholeModel] {
                switch choice {
                case 0: model.base = word
                case 1: model.showsOverlay.toggle()
                case 2: model.overlay = word
                default: model.rows = count
                }
            }
            var painted = CellBuffer(rows: 12, columns: 40)
            retained.draw(into: &painted)
            var drawn = CellBuffer(rows: 12, columns: 40)
            whole.draw(into: &drawn, whole: true)
            #expect(painted == drawn, "step \(step), edit \(choice):\n\(text(painted))\nwhole:\n\(text(drawn))")
            if painted != drawn { return }
        }
    }

    private func text(_ buffer: CellBuffer) -> String {
        (0..<buffer.rows).map { row in (0..<buffer.columns).map { buffer[row, $0].text }.joined() }.joined(separator: "\n")
    }
}
