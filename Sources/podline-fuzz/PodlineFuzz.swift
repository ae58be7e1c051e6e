import Foundation

/// `podline-fuzz`: a libFuzzer target for Podline's parsers, or a replayer of saved inputs.
///
/// Built with `-sanitize=fuzzer -DFUZZING` it hands control to libFuzzer, which calls the parser named by
/// `PODLINE_FUZZ_TARGET` (feed, opml, command or socket) with each input. Built normally it replays files and
/// folders given as arguments: `podline-fuzz feed Tests/fuzz/corpus/feed`.
@main
struct PodlineFuzz {
    static func main() {
        #if FUZZING
            exit(LibFuzzerDriver.run())
        #else
            exit(Replay.run(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    /// Writes `message` as one line on standard error.
    static func complain(_ message: String) {
        FileHandle.standardError.write(Data("podline-fuzz: \(message)\n".utf8))
    }
}
