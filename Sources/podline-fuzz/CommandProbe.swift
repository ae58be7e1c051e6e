import PodlineApp
import PodlineCLI

/// Drives the command language: the tokenizer's quoting must read back, and parsed values must be usable numbers.
enum CommandProbe {
    static func run(_ bytes: [UInt8]) {
        let line = String(decoding: bytes, as: UTF8.self)
        if let words = try? Tokenizer.words(line) {
            let quoted = words.map(Tokenizer.quote).joined(separator: " ")
            let again = try? Tokenizer.words(quoted)
            Finding.check(again == words, "quoting does not read back: \(words) became \(quoted) and then \(again ?? [])")
        }
        do {
            guard let command = try CommandParser.parse(line: line) else { return }
            if case .player(let playerCommand) = command { checkValues(playerCommand) }
            if case .query(let question) = command { checkValues(question.query) }
        } catch {
            Finding.check(!error.message.isEmpty, "a command error has no message")
        }
    }

    /// Times, volumes and speeds reach the player as finite numbers; absolute times and sleep delays are not negative.
    private static func checkValues(_ command: PlayerCommand) {
        switch command {
        case .seek(let adjustment):
            check(adjustment, "seek")
            if case .to(let seconds) = adjustment { Finding.check(seconds >= 0, "seek to \(seconds) s") }
        case .volume(let adjustment): check(adjustment, "volume")
        case .speed(let adjustment): check(adjustment, "speed")
        case .sleep(.after(let seconds)): Finding.check(seconds.isFinite && seconds > 0, "sleep after \(seconds) s")
        default: break
        }
    }

    /// Library questions carry limits a query can use and a search that names a word.
    private static func checkValues(_ query: LibraryQuery) {
        switch query {
        case .episodes(_, let filter): check(filter, "episodes")
        case .playlist(.add(let name, _, let filter, _)), .playlist(.edit(let name, let filter)):
            Finding.check(PlaylistCommand.problem(withName: name) == nil, "playlist named '\(name)'")
            check(filter, "playlist")
        case .search(let text, _, let limit, _):
            Finding.check(limit >= 1, "search --limit \(limit)")
            Finding.check(text.contains { $0.isLetter || $0.isNumber }, "search for '\(text)', which holds no word")
        default: break
        }
    }

    /// A filter's numbers are within what its flags take: ages, lengths and limits finite and not negative.
    private static func check(_ filter: EpisodeFilter, _ name: String) {
        if let limit = filter.limit { Finding.check(limit >= 0, "\(name) --limit \(limit)") }
        for (flag, value) in [
            ("newer", filter.newer), ("older", filter.older), ("min-duration", filter.minDuration), ("max-duration", filter.maxDuration),
        ] {
            if let value { Finding.check(value.isFinite && value >= 0, "\(name) --\(flag) \(value)") }
        }
    }

    private static func check(_ adjustment: Adjustment, _ name: String) {
        switch adjustment {
        case .to(let value), .by(let value): Finding.check(value.isFinite, "\(name) got the value \(value)")
        }
    }
}
