import ArgumentParser
import Foundation
import Logging
import PodcastKit

/// `podline transcript [REF] [--json] [--at TIME]`: an episode's transcript, fetched once and kept.
struct TranscriptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript",
        abstract: CommandTable.summary(of: "transcript"),
        discussion: """
            The best of the transcripts the feed names (podcast:transcript), in the listener's language first \
            (LANG), then JSON, WebVTT, SubRip, HTML, plain text; the content decides the format, not the declared \
            type. Fetched once (capped at 20 MB) and kept in the library, so it reads offline afterwards; one that \
            cannot be read is passed over for the next, with a warning under --verbose. A JSON transcript's words \
            are joined into sentences. Text: [mm:ss] Speaker: text, a cue a line. JSON: {"type", "url", \
            "language", "cues": [{"start", "end", "speaker", "text"}]}, times in seconds (null when untimed).
            """)

    @Argument(help: "An episode (\(EpisodeLookup.forms)); default: what plays.")
    var target: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    @Option(help: CommandTable.flagHelp("transcript", "at"))
    var at: String?

    @Flag(help: CommandTable.flagHelp("transcript", "follow"))
    var follow = false

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        if let at, TimeSpec.seconds(at) == nil { throw ValidationError("--at: '\(at)' is not a TIME (SECONDS, MM:SS or HH:MM:SS)") }
        if follow, at != nil { throw ValidationError("--follow starts where the player is; it takes no --at") }
    }

    func run() async throws {
        let playing = follow ? try RunningPlayer.currentTarget() : nil
        if let playing, let target, playing != target {
            printError("--follow follows what plays (\(playing)), not \(target)")
            throw ExitCode(ExitStatus.usage)
        }
        let reference = try target ?? playing ?? RunningPlayer.currentTarget()
        let transcript: KeptTranscript
        let ref: String
        do {
            let store = try library.openStore()
            let listing = try EpisodeLookup.require(reference, in: store)
            ref = listing.ref
            let episode = listing.episode
            // A transcript already kept is read without setting up HTTP.
            let id = episode.id ?? 0
            let keptURL = try store.keptTranscriptURL(episodeID: id)
            let found = try await HTTPFetcher.with(needed: TranscriptKeeper.needsFetch(episode, keptURL: keptURL)) { http in
                guard let http else { return try store.keptTranscript(episodeID: id) }
                return try await TranscriptKeeper(store: store, http: http).transcript(of: episode) {
                    Logger(label: "podline.transcript").warning("\(listing.ref): \($0)")
                }
            }
            guard let found else {
                printError("\(ref): the feed names no transcript")
                throw ExitCode(ExitStatus.unreadable)
            }
            transcript = found
        } catch let error as TranscriptError {
            printError("\(reference): no transcript could be read: \(error.reason)")
            throw ExitCode(ExitStatus.unreadable)
        } catch {
            throw libraryFailure(error)
        }
        if follow {
            try Self.follow(transcript, of: ref, json: json)
            return
        }
        let from = at.flatMap(TimeSpec.seconds) ?? 0
        let cues = transcript.cues.filter { cue in (cue.end ?? cue.start).map { $0 >= from } ?? true }
        if json {
            print(Self.json(transcript, cues).rendered)
        } else {
            cues.forEach { print(CueLine.line($0)) }
        }
    }

    /// Prints each cue as the running player's heard position reaches it (its position events, which its
    /// model's onChange sends), until the episode ends or the player goes.
    static func follow(_ transcript: KeptTranscript, of ref: String, json: Bool) throws {
        guard transcript.format.isTimed else {
            printError("\(ref): the transcript has no times (\(transcript.format.name)) to follow")
            throw ExitCode(ExitStatus.unreadable)
        }
        var follower = CueFollower(cues: transcript.cues)
        func show(_ position: Double) {
            for cue in follower.heard(position) {
                // Written at once, not buffered: a pipe's reader sees each cue when it is heard.
                TerminalOutput.write((json ? CueLine.json(cue).rendered : CueLine.line(cue)) + "\n")
            }
        }
        do {
            let status = try ControlClient().request(["status"])
            show((status.data as? [String: Any])?["position"] as? Double ?? 0)
            let client = try ControlClient()
            let answer = try client.request(["events"])
            guard answer.succeeded else { throw ExitCode(ExitStatus.failure) }
            while let line = try client.readLine() {
                guard let event = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { continue }
                switch event["event"] as? String {
                case "property-change" where event["name"] as? String == "position":
                    if let position = event["data"] as? Double { show(position) }
                case "episode-ended":
                    return
                case "episode-started":
                    if ((event["episode"] as? [String: Any])?["ref"] as? String) != ref { return }
                default:
                    continue
                }
            }
        } catch let error as ControlError {
            printError(error.description)
            throw ExitCode(error == .noPlayer ? ExitStatus.noPlayer : ExitStatus.failure)
        }
    }

    /// The JSON form: the transcript's type, address and language, and its cues.
    static func json(_ transcript: KeptTranscript, _ cues: [TranscriptCue]) -> JSONValue {
        .object([
            ("type", .string(transcript.format.rawValue)), ("url", .string(transcript.url)),
            ("language", .string(transcript.language)),
            ("cues", .array(cues.map(CueLine.json))),
        ])
    }
}
