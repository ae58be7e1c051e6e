import Foundation

/// The groups of rows the benchmark can run, in the order it runs and prints them.
enum BenchGroup: String, CaseIterable {
    case decode, formats, playback, seek, live, listening, inserted, clip, parse, library, search, refresh, sync, find, status, repl, tui,
        mpris,
        dataflow

    /// One line on what the group measures, for `--help`.
    var summary: String {
        switch self {
        case .decode: "10 min MP3 (tone, speech) to WAV vs mpg123 -w: wall, CPU, callgrind instructions"
        case .formats: "1 h AAC (M4A) and 1 h Opus to WAV vs ffmpeg -threads 1: CPU; play URL of an M4A to first sound"
        case .playback: "60 s real-time play into a private PulseAudio null sink vs mpg123 -o pulse: CPU, peak RSS, 1.5x speed"
        case .seek: "play --start 40:00 of a 1 h MP3 streamed at 1 MB/s with Range vs the same in the local file: first sound"
        case .live: "play URL of a live MP3 stream (icecast2 + ezstream) vs mpg123 -s and ffmpeg: time to first sound"
        case .listening:
            "skip silence and normalisation CPU vs plain playback; minutes saved on an hour of speech; WSOLA vs libsonic"
        case .inserted: "download of a 1 h MP3 fetched twice and compared (skip_inserted): CPU beyond the plain download and both decodings"
        case .clip: "a 60 s clip of a 2-hour MP3 (frames copied) vs ffmpeg -ss -to -c copy"
        case .parse: "inspect --json of a 3,000-item feed vs xmllint --stream, feedparser, podcastparser; chapters vs mutagen"
        case .library: "episodes --search, shows, one show's episodes, remove and notes in a 500,000-episode library"
        case .search: "2,000 one-hour transcripts: index one, database size, search a rare word, a common word, a phrase vs grep -ri"
        case .refresh: "update of 200 feeds from a loopback HTTP server (all changed, all unchanged)"
        case .find: "find of 200 results from a directory stand-in vs curl | jq"
        case .sync: "first sync of 500 subscriptions and 10,000 episodes heard, and one with nothing new, vs mygpoclient"
        case .status: "start-up, status --json without a player and with one serving the socket"
        case .repl: "REPL start and first answer with the 500,000-episode library"
        case .tui: "tui under a 200x50 pty, 10,000 and 500,000 episodes: first frame, key-to-frame latency, bytes, idle wake-ups"
        case .mpris: "playerctl status round trip over a private session bus; paused CPU with and without the MPRIS service"
        case .dataflow: "DataFlow: one write to one view, one write in 10,000 views, memory over 1,000,000 writes"
        }
    }
}

/// The benchmark's command-line options.
struct BenchOptions {
    var groups = BenchGroup.allCases
    var runs = 5
    var json = false
    /// A podline binary to measure instead of building one.
    var podline: String?
    var build = true
    var scratch = ".build-release"
    var buildLock: String?
    /// A folder that keeps generated inputs between runs; nil for a fresh one removed at the end.
    var work: String?
    var python = "python3"

    static let usage = """
        usage: podline-bench [--only GROUP,...] [--runs N] [--json] [--podline PATH] [--no-build]
                             [--scratch DIR] [--build-lock FILE] [--work DIR] [--python PATH]

        Builds the static release podline (swift build -c release --static-swift-stdlib --scratch-path DIR,
        default .build-release), generates every input, measures Podline side by side with its anchor
        (alternating runs, median of N, default 5) and prints a Markdown table, or JSON with --json.

          --only GROUP,...   run only these groups (default: all)
          --runs N           measured runs per figure, at least 1 (default 5)
          --json             print one JSON object instead of the table
          --podline PATH     measure this binary instead of building one
          --no-build         use the binaries already built in the scratch folder
          --scratch DIR      the scratch folder of the release build (default .build-release)
          --build-lock FILE  run each swift build under `flock FILE` (a machine shared by several builders)
          --work DIR         keep generated inputs (audio, feeds, the library) in DIR and reuse them
          --python PATH      the Python with feedparser and podcastparser (default python3)

        groups:
        \(BenchGroup.allCases.map { "  \($0.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

        Exit status: 0 every selected group was measured (met or not), 1 a group could not be measured
        (a tool is missing, a build or a run failed), 64 usage error.
        """

    /// Parses the arguments; prints a one-line error and exits 64 on a bad one, prints usage and exits 0 on --help.
    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        func value(_ option: String) -> String {
            guard let next = iterator.next() else { Self.fail("\(option) needs a value") }
            return next
        }
        while let argument = iterator.next() {
            switch argument {
            case "--only":
                let names = value(argument).split(separator: ",").map(String.init)
                var chosen: [BenchGroup] = []
                for name in names {
                    guard let group = BenchGroup(rawValue: name) else {
                        Self.fail(
                            "--only: no group named '\(name)' (groups: \(BenchGroup.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    chosen.append(group)
                }
                guard !chosen.isEmpty else { Self.fail("--only: name at least one group") }
                groups = BenchGroup.allCases.filter(chosen.contains)
            case "--runs":
                let text = value(argument)
                guard let count = Int(text), count >= 1 else { Self.fail("--runs: expected a whole number of at least 1, got '\(text)'") }
                runs = count
            case "--json": json = true
            case "--podline": podline = value(argument)
            case "--no-build": build = false
            case "--scratch": scratch = value(argument)
            case "--build-lock": buildLock = value(argument)
            case "--work": work = value(argument)
            case "--python": python = value(argument)
            case "--help", "-h":
                print(Self.usage)
                exit(0)
            default:
                Self.fail("unknown option '\(argument)' (see --help)")
            }
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("podline-bench: \(message)\n".utf8))
        exit(64)
    }
}
