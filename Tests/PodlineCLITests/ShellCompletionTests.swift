import Foundation
import TestSupport
import Testing

/// bash completion, as a listener's shell runs it: the script `--generate-completion-script bash` prints, sourced in a
/// real bash, completes the language's commands from the command table (flags, fixed words, show slugs, references).
@Suite("shell completion from the command table", .serialized)
struct ShellCompletionTests {
    /// What bash offers for `line` (the last word being typed; a line ending in a space completes a new word).
    static func offered(_ lines: [String], home: URL) throws -> [String: [String]] {
        let script = """
            shopt -s extglob
            source <(podline --generate-completion-script bash)
            fn=$(complete -p podline | sed 's/.*-F \\([^ ]*\\).*/\\1/')
            for line in "$@"; do
              COMP_LINE="$line"; read -ra COMP_WORDS <<< "$line"; [[ "$line" == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_POINT=${#COMP_LINE}; COMPREPLY=()
              "$fn" podline "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
              printf '%s\\t%s\\n' "$line" "${COMPREPLY[*]}"
            done
            """
        let folder = URL(fileURLWithPath: PodlineBinary.path).deletingLastPathComponent().path
        let result = try CommandRunner.run(
            "/bin/bash", ["-c", script, "bash"] + lines,
            environment: [
                "PATH": folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "PODLINE_HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        var offered: [String: [String]] = [:]
        for row in result.stdout.split(separator: "\n") {
            let parts = row.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            offered[String(parts[0])] = parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : []
        }
        return offered
    }

    @Test("flags, fixed words, show slugs and episode references come from the table and the library")
    func completes() throws {
        let home = try Fixtures.temporaryDirectory("pl-completion")
        let audio = try Fixtures.toneMP3(in: home, name: "a.mp3", seconds: 1)
        try LibraryEditTests.subscribe(2, audio: audio, home: home)
        let offered = try Self.offered(
            [
                "podline episodes --ne", "podline episodes --", "podline mark edits/1 ", "podline play ed", "podline play edits/",
                "podline sleep ", "podline normalize o", "podline fav --o",
            ], home: home)
        #expect(offered["podline episodes --ne"] == ["--new", "--newer"])
        let flags = Set(offered["podline episodes --"] ?? [])
        #expect(flags.isSuperset(of: ["--new", "--in-progress", "--downloaded", "--favorites", "--search", "--limit", "--json"]))
        #expect(offered["podline mark edits/1 "] == ["played", "unplayed"])
        #expect(offered["podline play ed"] == ["edits/"])
        #expect(Set(offered["podline play edits/"] ?? []) == ["edits/1", "edits/2"])
        #expect(offered["podline sleep "] == ["end", "off"])
        #expect(offered["podline normalize o"] == ["off", "on"])
        #expect(offered["podline fav --o"] == ["--on", "--off"])
    }
}
