import ArgumentParser
import Foundation
import Logging
import PodcastKit

/// `podline transcript [REF] [--json] [--at TIME]`: an episode's transcript, fetched once and kept.
struct TranscriptCommand: ParsableCommand {
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

    @Argument(help: "An episode (SHOW/NUMBER or its id); default: what plays.")
    var target: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Start at this time of the episode.", valueName: "TIME"))
    var at: String?

    @OptionGroup var library: LibraryOptions

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func validate() throws {
        if let at, TimeSpec.seconds(at) == nil { throw ValidationError("--at: '\(at)' is not a TIME (SECONDS, MM:SS or HH:MM:SS)") }
    }

    func run() throws {
        let reference = try target ?? RunningPlayer.currentTarget()
        let transcript: KeptTranscript
        let ref: String
        do {
            let store = try library.openStore()
            let listing = try store.episode(try parseReference(reference))
            ref = listing.ref
            let episode = listing.episode
            let found = try runBlocking {
                try await HTTPFetcher.with(needed: true) { http in
                    try await TranscriptKeeper(store: store, http: http!).transcript(of: episode) {
                        Logger(label: "podline.transcript").warning("\(listing.ref): \($0)")
                    }
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
        let from = at.flatMap(TimeSpec.seconds) ?? 0
        let cues = transcript.cues.filter { cue in (cue.end ?? cue.start).map { $0 >= from } ?? true }
        if json {
            print(Self.json(transcript, cues).rendered)
        } else {
            cues.forEach { print(Self.line($0)) }
        }
    }

    /// The JSON form: the transcript's type, address and language, and its cues.
    static func json(_ transcript: KeptTranscript, _ cues: [TranscriptCue]) -> JSONValue {
        .object([
            ("type", .string(transcript.format.rawValue)), ("url", .string(transcript.url)),
            ("language", .string(transcript.language)),
            (
                "cues",
                .array(
                    cues.map { cue in
                        .object([
                            ("start", .number(cue.start)), ("end", .number(cue.end)), ("speaker", .string(cue.speaker)),
                            ("text", .string(cue.text)),
                        ])
                    })
            ),
        ])
    }

    /// `[mm:ss] Speaker: text` (`[h:mm:ss]` past the hour; no time for untimed cues).
    static func line(_ cue: TranscriptCue) -> String {
        var line = ""
        if let start = cue.start { line = "[\(clock(start))] " }
        if let speaker = cue.speaker { line += TerminalText.safe(speaker) + ": " }
        return line + TerminalText.safe(cue.text)
    }

    /// `mm:ss`, or `h:mm:ss` from an hour on.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(two(minutes)):\(two(rest))"
    }
}
