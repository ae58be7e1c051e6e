import Synchronization

/// The pieces read from one client, handed to the main actor to be answered one at a time, in order.
///
/// Not an `AsyncStream`: a stream's next element reaches the main actor through the global pool, and the pool's first
/// worker arms libdispatch's monitor of its threads, which then wakes the player every second for as long as it runs
/// (paused included).
package final class PieceInbox: Sendable {
    /// What answers a piece, and what runs once the last is answered.
    package typealias Answer = @MainActor @Sendable (LineSplitter.Piece) async -> Void
    package typealias Ended = @MainActor @Sendable () -> Void

    private struct State {
        var pieces: [LineSplitter.Piece] = []
        var next = 0
        var finished = false
        var draining = false
        var answer: Answer?
        var ended: Ended?
    }

    private let state = Mutex(State())

    package init() {}

    /// Answers the pieces with `answer` from now on, and runs `ended` after the last (both let go of then).
    package func start(answer: @escaping Answer, ended: @escaping Ended) {
        change {
            $0.answer = answer
            $0.ended = ended
        }
    }

    /// Hands `piece` on, to be answered after those before it.
    package func yield(_ piece: LineSplitter.Piece) {
        change { $0.pieces.append(piece) }
    }

    /// No more pieces come: `ended` runs once those handed on are answered.
    package func finish() {
        change { $0.finished = true }
    }

    /// Makes `body`'s change, then starts answering on the main actor unless that runs already or has not started.
    private func change(_ body: (inout State) -> Void) {
        let starts = state.withLock { state in
            body(&state)
            guard state.answer != nil, !state.draining else { return false }
            state.draining = true
            return true
        }
        if starts { Task { @MainActor in await self.drain() } }
    }

    /// What comes next for the main actor: a piece with what answers it, the end, or nothing for now.
    private enum Next {
        case piece(LineSplitter.Piece, Answer)
        case ended(Ended)
        case idle
    }

    /// Answers the waiting pieces in order, then the end if it came.
    @MainActor private func drain() async {
        while true {
            let next = state.withLock { state -> Next in
                if state.next < state.pieces.count, let answer = state.answer {
                    let piece = state.pieces[state.next]
                    state.next += 1
                    if state.next == state.pieces.count {
                        state.pieces.removeAll(keepingCapacity: true)
                        state.next = 0
                    }
                    return .piece(piece, answer)
                }
                state.draining = false
                guard state.finished, let ended = state.ended else { return .idle }
                state.answer = nil
                state.ended = nil
                return .ended(ended)
            }
            switch next {
            case .piece(let piece, let answer): await answer(piece)
            case .ended(let ended): return ended()
            case .idle: return
            }
        }
    }
}
