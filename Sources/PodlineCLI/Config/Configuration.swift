/// config.toml as this process reads it: once, the first time a command asks.
///
/// Every command reads its settings from here, so a flag, the show's own setting, config.toml and the built-in
/// default are weighed the same way everywhere; a broken file is refused by every command alike (exit 78).
public enum Configuration {
    private static let loaded = Result { () throws(ConfigError) -> ConfigFile in try ConfigFile.load() }

    /// The file read, or why it was refused.
    public static func file() throws(ConfigError) -> ConfigFile {
        try loaded.get()
    }

    /// The settings in force; the defaults only when the file was refused (commands have stopped by then).
    public static var settings: Settings {
        (try? loaded.get().settings) ?? Settings()
    }

    /// Checks the file once for a command about to run: on a broken file, one line naming the file, the line and
    /// the key, and the configuration exit status.
    public static func check() -> Int32? {
        do {
            _ = try file()
            return nil
        } catch {
            printError(error.description)
            return ExitStatus.config
        }
    }
}
