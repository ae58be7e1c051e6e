import Foundation
import Logging
import PodcastKit
import Synchronization

extension LibraryTaskRunner {
    /// `transcript [TARGET] [--at TIME] [--follow]`: an episode's transcript (fetched once and kept), from `at`, or
    /// followed cue by cue as the running player reaches it.
    package func transcript(_ target: String?, at: Double?, follow: Bool) async throws -> Int32 {
        if follow, !output.drawsBars {
            throw CommandError(.unavailable, "transcript --follow: run it in a shell or the REPL, which print each cue as it is heard")
        }
        let playing = follow ? try requirePlaying() : nil
        if let playing, let target, playing != target {
            throw CommandError(.invalidParameter, "--follow follows what plays (\(playing)), not \(target)")
        }
        let reference = try target ?? playing ?? requirePlaying()
        let (transcript, ref) = try await kept(reference)
        if follow {
            try await Self.follow(transcript, of: ref, json: output.json)
            return 0
        }
        let from = at ?? 0
        let cues = transcript.cues.filter { cue in (cue.end ?? cue.start).map { $0 >= from } ?? true }
        output.value(Self.json(transcript, cues))
        cues.forEach { output.line(CueLine.line($0)) }
        return 0
    }

    /// The transcript of the episode `reference` names, and its reference: kept already (read without setting up
    /// HTTP), else fetched and kept.
    private func kept(_ reference: String) async throws -> (KeptTranscript, String) {
        let store = try self.store
        let listing = try EpisodeLookup.require(reference, in: store)
        let episode = listing.episode
        let id = episode.id ?? 0
        let keptURL = try store.keptTranscriptURL(episodeID: id)
        let found: KeptTranscript?
        do {
            found = try await HTTPFetcher.with(needed: TranscriptKeeper.needsFetch(episode, keptURL: keptURL)) { http in
                guard let http else { return try store.keptTranscript(episodeID: id) }
                return try await TranscriptKeeper(store: store, http: http).transcript(of: episode) {
                    Logger(label: "podline.transcript").warning("\(listing.ref): \($0)")
                }
            }
        } catch let error as TranscriptError {
            throw CommandError(.unreadable, "\(reference): no transcript could be read: \(error.reason)")
        }
        guard let found else { throw CommandError(.unreadable, "\(listing.ref): the feed names no transcript") }
        return (found, listing.ref)
    }

    /// Prints each cue as the running player's heard position reaches it (its position events, which its model's
    /// onChange sends), until the episode ends or the player goes. The events are read on a thread of their own: the
    /// player may be this process's, served by the main actor. Cancelled (Ctrl-C in the REPL), it ends at once.
    private static func follow(_ transcript: KeptTranscript, of ref: String, json: Bool) async throws {
        guard transcript.format.isTimed else {
            throw CommandError(.unreadable, "\(ref): the transcript has no times (\(transcript.format.name)) to follow")
        }
        let events = FollowedEvents()
        try await withTaskCancellationHandler {
            try await followOnOwnThread(transcript, of: ref, json: json, events: events)
        } onCancel: {
            events.end()
        }
    }

    private static func followOnOwnThread(
        _ transcript: KeptTranscript, of ref: String, json: Bool, events: FollowedEvents
    ) async throws {
        try await awaitOnOwnThread {
            var follower = CueFollower(cues: transcript.cues)
            func show(_ position: Double) {
                for cue in follower.heard(position) {
                    // Written at once, not buffered: a pipe's reader sees each cue when it is heard.
                    _ = TerminalOutput.write((json ? CueLine.json(cue).rendered : CueLine.line(cue)) + "\n")
                }
            }
            do {
                let status = try ControlClient().request([CommandTable.status.name])
                show(status.data(as: PlayerStatus.self)?.position ?? 0)
                let client = try ControlClient()
                guard events.follow(client) else { return }
                let answer = try client.request([CommandTable.events.name])
                guard answer.succeeded else { throw CommandError(.failed, answer.message ?? answer.error) }
                while let line = try client.readLine() {
                    switch PlayerEvent(line: line) {
                    case .propertyChange("position", let data)?:
                        if let position = data.doubleValue { show(position) }
                    case .episodeEnded?:
                        return
                    case .episodeStarted(let episode)?:
                        if episode.ref != ref { return }
                    default:
                        continue
                    }
                }
            } catch let error as ControlError {
                let kind: CommandError.Kind =
                    switch error {
                    case .noPlayer: .noPlayer
                    case .notAnswering: .unreachable
                    default: .failed
                    }
                throw CommandError(kind, error.description)
            }
        }
    }

    /// The event stream `transcript --follow` reads, ended from another thread when the command is cancelled.
    private final class FollowedEvents: Sendable {
        private let state = Mutex<(client: ControlClient?, ended: Bool)>((nil, false))

        /// Keeps `client` to end it; false when the command was already cancelled.
        func follow(_ client: ControlClient) -> Bool {
            state.withLock {
                $0.client = client
                return !$0.ended
            }
        }

        /// Ends the stream: the read waiting on it returns.
        func end() {
            state.withLock {
                $0.ended = true
                $0.client?.shutdown()
            }
        }
    }

    /// The JSON form: the transcript's type, address and language, and its cues.
    package static func json(_ transcript: KeptTranscript, _ cues: [TranscriptCue]) -> JSONValue {
        .object([
            ("type", .string(transcript.format.rawValue)), ("url", .string(transcript.url)),
            ("language", .string(transcript.language)),
            ("cues", .array(cues.map(CueLine.json))),
        ])
    }
}
