import Foundation
import TestSupport
import Testing

@testable import PodlineApp
@testable import PodlineCLI

/// `[keys]` of config.toml: the full-screen view's keys by action name, read with their lines, refused with key and
/// line when the action or the key is unknown, and documented by `podline config --defaults`.
@Suite("config file: [keys]")
struct KeysConfigTests {
    @Test("[keys] is read into the settings, each key with its line; the key map takes it")
    func read() throws {
        let config = try ConfigFile.parse("[keys]\nquit = \"Q\"\ndown = \"C-n\"\n", path: "config.toml")
        #expect(config.settings.keys == ["quit": "Q", "down": "C-n"])
        #expect(config.sources["keys.quit"] == "config.toml line 2")
        #expect(config.sources["keys.down"] == "config.toml line 3")
        #expect(config.entries.contains { $0.key == "keys.quit" && $0.value == "\"Q\"" && $0.source == "config.toml line 2" })
        #expect(config.entries.contains { $0.key == "keys.down" && $0.value == "\"C-n\"" })
        // Actions left alone are not listed as set.
        #expect(!config.entries.contains { $0.key == "keys.up" })

        let keys = KeyMap(overrides: config.settings.keys)
        #expect(keys.action(for: .character("Q")) == .quit)
        #expect(keys.action(for: .character("q")) == nil)
        #expect(keys.action(for: .control("n")) == .down)
        #expect(keys.action(for: .character("k")) == .up)
    }

    @Test("a config.toml file with [keys] among other settings loads them all")
    func loadedFromFile() throws {
        let home = try Fixtures.temporaryDirectory("pl-keys-config")
        let file = try Fixtures.writeConfig(
            """
            speed = 1.5

            [keys]
            toggle = "p"
            previous_chapter = "P"
            page_down = "space"
            """, home: home)
        let config = try ConfigFile.load(path: file.path)
        #expect(config.exists)
        #expect(config.settings.speed == 1.5)
        #expect(config.settings.keys == ["toggle": "p", "previous_chapter": "P", "page_down": "space"])
        #expect(config.sources["keys.page_down"] == "config.toml line 6")
        let keys = KeyMap(overrides: config.settings.keys)
        #expect(keys.action(for: .character("p")) == .toggle)
        #expect(keys.action(for: .character("P")) == .previousChapter)
        #expect(keys.action(for: .character(" ")) == .pageDown)
    }

    @Test(
        "an unknown action or a key that is no key is refused with the key and its line",
        arguments: [
            ("[keys]\nfly = \"x\"\n", "config.toml line 2: keys.fly: unknown key"),
            ("[keys]\nqiut = \"Q\"\n", "config.toml line 2: keys.qiut: unknown key; did you mean 'quit'?"),
            (
                "[keys]\nquit = \"ctrl-q\"\n",
                "config.toml line 2: keys.quit: expected a key: a character, C-x, or a key's name (space, enter, tab, up, pgdn, …)"
            ),
            (
                "speed = 1\n\n[keys]\ndown = \"j\"\nup = 3\n",
                "config.toml line 5: keys.up: expected a key: a character, C-x, or a key's name (space, enter, tab, up, pgdn, …)"
            ),
            (
                "[keys]\ntoggle = \"\"\n",
                "config.toml line 2: keys.toggle: expected a key: a character, C-x, or a key's name (space, enter, tab, up, pgdn, …)"
            ),
            (
                "[keys]\nhelp = \"C-1\"\n",
                "config.toml line 2: keys.help: expected a key: a character, C-x, or a key's name (space, enter, tab, up, pgdn, …)"
            ),
            ("keys = \"q\"\n", "config.toml: keys: expected a table [keys]"),
        ] as [(String, String)])
    func refused(text: String, message: String) {
        ConfigTests.expectRefused(text, message)
    }

    @Test(
        "a key given to two actions, by the defaults or in [keys], is refused with one line naming the key and both",
        arguments: [
            (
                "[keys]\nquit = \"j\"\n",
                "config.toml line 2: keys.quit: \"j\" is already the key of down (by default); a key does one action: "
                    + "give quit or down another key"
            ),
            (
                "speed = 1\n\n[keys]\ntoggle = \"x\"\n",
                "config.toml line 4: keys.toggle: \"x\" is already the key of stop (by default); a key does one action: "
                    + "give toggle or stop another key"
            ),
            (
                "[keys]\npage_down = \"space\"\n",
                "config.toml line 2: keys.page_down: \"space\" is already the key of toggle (by default); a key does one action: "
                    + "give page_down or toggle another key"
            ),
            (
                "[keys]\nquit = \"Q\"\n# mine\nhelp = \"Q\"\n",
                "config.toml line 4: keys.help: \"Q\" is already the key of quit (line 2); a key does one action: "
                    + "give help or quit another key"
            ),
            (
                "[keys]\nhelp = \"C-n\"\ndown = \"C-N\"\n",
                "config.toml line 3: keys.down: \"C-n\" is already the key of help (line 2); a key does one action: "
                    + "give down or help another key"
            ),
            // Down moved off j but up moved onto it, then quit onto it too.
            (
                "[keys]\ndown = \"C-n\"\nup = \"j\"\nquit = \"j\"\n",
                "config.toml line 4: keys.quit: \"j\" is already the key of up (line 3); a key does one action: "
                    + "give quit or up another key"
            ),
        ] as [(String, String)])
    func clash(text: String, message: String) {
        ConfigTests.expectRefused(text, message)
    }

    @Test("a key is free once its action has another: down moved off j lets quit have j, whichever is written first")
    func movedKey() throws {
        for text in ["[keys]\ndown = \"C-n\"\nquit = \"j\"\n", "[keys]\nquit = \"j\"\ndown = \"C-n\"\n"] {
            let config = try ConfigFile.parse(text, path: "config.toml")
            #expect(config.settings.keys == ["down": "C-n", "quit": "j"])
            let keys = KeyMap(overrides: config.settings.keys)
            #expect(keys.action(for: .character("j")) == .quit)
            #expect(keys.action(for: .control("n")) == .down)
            // An action given a key keeps only that one: ↓ and q do nothing now.
            #expect(keys.action(for: .down) == nil)
            #expect(keys.action(for: .character("q")) == nil)
        }
        // Two actions swapping their keys, and an action given its own default key, are fine too.
        let swapped = try ConfigFile.parse("[keys]\nstop = \"f\"\nforward = \"x\"\ndown = \"j\"\n", path: "config.toml")
        let keys = KeyMap(overrides: swapped.settings.keys)
        #expect(keys.action(for: .character("f")) == .stop)
        #expect(keys.action(for: .character("x")) == .forward)
        #expect(keys.action(for: .character("j")) == .down)
        #expect(keys.action(for: .down) == nil)
    }

    @Test("podline config and podline episodes refuse a key given to two actions: one line naming it and both, exit 78")
    func clashEndToEnd() throws {
        let home = try Fixtures.temporaryDirectory("pl-keys-clash")
        let file = try Fixtures.writeConfig("speed = 1.25\n\n[keys]\nquit = \"j\"\n", home: home)
        let environment: [String: String?] = ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
        let expected =
            "podline: \(file.path) line 4: keys.quit: \"j\" is already the key of down (by default); a key does one action: "
            + "give quit or down another key"
        for command in [["config"], ["episodes"]] {
            let result = try PodlineBinary.run(command, home: home, environment: environment)
            #expect(result.status == 78, "\(command): \(result.stderr)")
            #expect(result.stderrLines == [expected], "\(command)")
            #expect(result.stdout.isEmpty, "\(command)")
        }
        // Down given another key first: the same file is accepted, and config shows both keys with their lines.
        try Fixtures.writeConfig("speed = 1.25\n\n[keys]\ndown = \"C-n\"\nquit = \"j\"\n", home: home)
        let accepted = try PodlineBinary.run(["config"], home: home, environment: environment)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stderr.isEmpty)
        #expect(accepted.stdoutLines.contains { $0.hasPrefix("keys.quit = \"j\"") && $0.hasSuffix("# config.toml line 5") })
        #expect(accepted.stdoutLines.contains { $0.hasPrefix("keys.down = \"C-n\"") && $0.hasSuffix("# config.toml line 4") })
    }

    @Test("a refused key names its table and action, and the line it is on")
    func refusedParts() {
        do {
            _ = try ConfigFile.parse("# mine\n[keys]\nquit = \"Q\"\nfly = \"x\"\n", path: "/home/me/config.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.path == "/home/me/config.toml")
            #expect(error.line == 4)
            #expect(error.key == "keys.fly")
            #expect(error.problem == "unknown key")
        }
    }

    @Test("podline config --defaults documents [keys]: every action with its first default key, commented out")
    func documented() throws {
        let text = ConfigFile.documentedDefaults
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "# [keys]"))
        for action in KeyAction.allCases {
            let key = try #require(action.defaultKeys.first)
            #expect(lines.contains("# \(action.rawValue) = \"\(key.name)\"  # \(action.summary)"), "\(action.rawValue)")
        }
        // The documented file reads back as the defaults: no key changed.
        #expect(try ConfigFile.parse(text, path: "config.toml").settings.keys.isEmpty)

        // The table uncommented is accepted, and keeps each action on its first key.
        let entries = lines[(start + 1)...].prefix { $0.hasPrefix("# ") && $0.contains(" = ") }.map { String($0.dropFirst(2)) }
        #expect(entries.count == KeyAction.allCases.count)
        let uncommented = try ConfigFile.parse("[keys]\n" + entries.joined(separator: "\n") + "\n", path: "config.toml")
        #expect(uncommented.settings.keys.count == KeyAction.allCases.count)
        let keys = KeyMap(overrides: uncommented.settings.keys)
        for action in KeyAction.allCases {
            let key = try #require(action.defaultKeys.first)
            #expect(keys.action(for: key) == action, "\(action.rawValue): \(key.name)")
        }
    }
}
