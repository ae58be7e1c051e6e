/// The pieces read from one client, handed to the main actor to be answered one at a time, in order.
///
/// Each piece goes over in a task made for the main actor (those the reading queue makes run there in the order it made
/// them), not through an `AsyncStream`: a stream's next element reaches the main actor through the global pool, and the
/// pool's first worker arms libdispatch's monitor of its threads, which then wakes the player every second for as long
/// as it runs (paused included). Its state is the main actor's alone.
@MainActor
package final class PieceInbox {
    /// What answers a piece, and what runs once the last is answered.
    package typealias Answer = @MainActor @Sendable (LineSplitter.Piece) async -> Void
    package typealias Ended = @MainActor @Sendable () -> Void

    private var pieces: [LineSplitter.Piece] = []
    private var finished = false
    private var draining = false
    private var answer: Answer?
    private var ended: Ended?

    nonisolated package init() {}

    /// Answers the pieces with `answer` from now on, and runs `ended` after the last (both let go of then).
    nonisolated package func start(answer: @escaping Answer, ended: @escaping Ended) {
        Task { @MainActor in
            self.answer = answer
            self.ended = ended
            await self.drain()
        }
    }

    /// Hands `piece` on, to be answered after those handed on before it.
    nonisolated package func yield(_ piece: LineSplitter.Piece) {
        Task { @MainActor in
            self.pieces.append(piece)
            await self.drain()
        }
    }

    /// No more pieces come: `ended` runs once those handed on are answered.
    nonisolated package func finish() {
        Task { @MainActor in
            self.finished = true
            await self.drain()
        }
    }

    /// Answers the waiting pieces in order, then the end if it came; returns at once while another call is answering
    /// (that one takes what arrives meanwhile) or before `start`.
    private func drain() async {
        guard let answer, !draining else { return }
        draining = true
        var next = 0
        while next < pieces.count {
            let piece = pieces[next]
            next += 1
            await answer(piece)
        }
        pieces.removeAll(keepingCapacity: true)
        draining = false
        guard finished, let ended else { return }
        self.answer = nil
        self.ended = nil
        ended()
    }
}
