import Foundation

/// Temporary folders and generated audio for tests.
public enum Fixtures {
    /// Writes `toml` as the config.toml of a home whose `XDG_CONFIG_HOME` is `home/config`; returns the file.
    @discardableResult
    public static func writeConfig(_ toml: String, home: URL) throws -> URL {
        let folder = home.appendingPathComponent("config/podline")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.toml")
        try toml.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A new empty folder under the system's temporary directory.
    public static func temporaryDirectory(_ label: String = "podline-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A folder named `name` made in `folder` (the files a test server serves, say).
    public static func subfolder(_ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Makes a sine-tone MP3 with sox and lame: `seconds` long at `frequency` Hz.
    public static func toneMP3(
        in folder: URL, name: String = "tone.mp3", seconds: Double, frequency: Double = 440,
        rate: Int = 44_100, channels: Int = 2, bitrate: Int = 128, amplitude: Double = 0.5
    ) throws -> URL {
        let wav = folder.appendingPathComponent(name + ".wav")
        let mp3 = folder.appendingPathComponent(name)
        try CommandRunner.tool(
            "sox",
            [
                "-n", "-r", "\(rate)", "-c", "\(channels)", "-b", "16", wav.path,
                "synth", "\(seconds)", "sine", "\(frequency)", "vol", "\(amplitude)",
            ])
        try CommandRunner.tool("lame", ["--quiet", "-b", "\(bitrate)", wav.path, mp3.path])
        try? FileManager.default.removeItem(at: wav)
        return mp3
    }

    /// Decodes `mp3` with the mpg123 command-line player to a reference WAV.
    public static func mpg123Reference(of mp3: URL, in folder: URL) throws -> URL {
        let wav = folder.appendingPathComponent(mp3.deletingPathExtension().lastPathComponent + "-mpg123.wav")
        try CommandRunner.tool("mpg123", ["-q", "-w", wav.path, mp3.path])
        return wav
    }
}
