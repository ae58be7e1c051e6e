import Foundation
import TestSupport
import Testing

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
