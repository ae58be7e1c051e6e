import Foundation

/// A private Icecast server (Debian's `icecast2`) on a free port of 127.0.0.1, with its sources: `ezstream` playing a
/// playlist of MP3 files in real time, or `ffmpeg` sending AAC. It can be stopped and started again on the same port,
/// as a radio server that goes away mid-stream.
public final class IcecastServer: @unchecked Sendable {
    public private(set) var port = 0
    public let folder: URL
    /// The source password every source here uses.
    public static let sourcePassword = "podline-source"
    private static let adminPassword = "podline-admin"
    private var server: BackgroundProcess?
    private var sources: [BackgroundProcess] = []

    /// Starts the server and waits until it answers.
    public init() throws {
        guard CommandRunner.which("icecast2") != nil else { throw TestSupportError("icecast2 is not installed") }
        folder = try Fixtures.temporaryDirectory("pl-icecast")
        // Icecast will not run as root: it changes to nobody, who must write its logs (the temporary folder above it is
        // open to everyone already).
        chmod(folder.path, 0o777)
        // A port free a moment ago can be taken by another program's outgoing connection before icecast binds it; icecast
        // then exits at once, and the server is tried again on another port.
        for attempt in 1...5 {
            port = try LoopbackSocket.freePort()
            try writeConfiguration()
            do {
                try start()
                return
            } catch is ExitedEarly where attempt < 5 {
                continue
            }
        }
    }

    /// Writes `icecast.xml` for the current port.
    private func writeConfiguration() throws {
        try """
        <icecast>
          <limits><clients>400</clients><sources>8</sources><queue-size>1048576</queue-size><client-timeout>30</client-timeout>
            <header-timeout>15</header-timeout><source-timeout>5</source-timeout><burst-on-connect>1</burst-on-connect>
            <burst-size>16384</burst-size></limits>
          <authentication><source-password>\(Self.sourcePassword)</source-password><admin-user>admin</admin-user>
            <admin-password>\(Self.adminPassword)</admin-password></authentication>
          <hostname>127.0.0.1</hostname><location>here</location><admin>nobody@localhost</admin>
          <listen-socket><port>\(port)</port><bind-address>127.0.0.1</bind-address></listen-socket>
          <paths><basedir>/usr/share/icecast2</basedir><logdir>\(folder.path)</logdir>
            <webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot></paths>
          <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>3</loglevel></logging>
          <security><chroot>0</chroot><changeowner><user>nobody</user><group>nogroup</group></changeowner></security>
        </icecast>
        """.write(to: folder.appendingPathComponent("icecast.xml"), atomically: true, encoding: .utf8)
    }

    deinit { stop() }

    /// The address of `mount` (`/live.mp3`).
    public func url(_ mount: String) -> String { "http://127.0.0.1:\(port)\(mount)" }

    /// Starts the server (again) and waits until it answers.
    public func start() throws {
        let config = folder.appendingPathComponent("icecast.xml").path
        server = try BackgroundProcess(
            "/usr/bin/icecast2", ["-c", config], stderr: folder.appendingPathComponent("icecast.stderr"))
        let started = server!
        let answered = poll(timeout: 10, every: 0.05, { self.answers() || !started.process.isRunning }, until: { $0 })
        guard answered, started.process.isRunning else {
            let said = (try? String(contentsOf: folder.appendingPathComponent("icecast.stderr"), encoding: .utf8)) ?? ""
            let last = said.split(separator: "\n").last(where: { $0.contains("EROR") }).map(String.init) ?? said
            if !started.process.isRunning { throw ExitedEarly(port: port, said: last) }
            throw TestSupportError("icecast2 did not answer on port \(port): \(last)")
        }
    }

    /// Icecast exited before it answered (its port taken, most often): what it said.
    struct ExitedEarly: Error, CustomStringConvertible {
        let port: Int
        let said: String
        var description: String { "icecast2 exited on port \(port): \(said)" }
    }

    /// Kills the server and its sources, as a server that goes away does.
    public func stop() {
        for source in sources { source.killNow() }
        sources = []
        server?.killNow()
        server = nil
    }

    /// Starts `ezstream` playing `files` (MP3, their ID3 titles sent as the stream's titles) in a loop to `mount`.
    @discardableResult
    public func ezstream(_ files: [URL], mount: String) throws -> BackgroundProcess {
        let name = mount.filter { $0.isLetter || $0.isNumber }
        let playlist = folder.appendingPathComponent("\(name).m3u")
        try files.map(\.path).joined(separator: "\n").appending("\n").write(to: playlist, atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("\(name)-ezstream.xml")
        try """
        <ezstream>
          <servers><server><hostname>127.0.0.1</hostname><port>\(port)</port><password>\(Self.sourcePassword)</password></server></servers>
          <streams><stream><mountpoint>\(mount)</mountpoint><format>MP3</format><stream_name>Podline test</stream_name></stream></streams>
          <intakes><intake><type>playlist</type><filename>\(playlist.path)</filename></intake></intakes>
        </ezstream>
        """.write(to: config, atomically: true, encoding: .utf8)
        // ezstream refuses a configuration others can read.
        chmod(config.path, 0o600)
        let source = try BackgroundProcess(
            try CommandRunner.which("ezstream") ?? { throw TestSupportError("ezstream is not installed") }(), ["-c", config.path],
            stderr: folder.appendingPathComponent("\(name)-ezstream.log"))
        sources.append(source)
        try waitForMount(mount)
        return source
    }

    /// Starts `ffmpeg` sending `seconds` of a 440 Hz tone as AAC (ADTS) to `mount` in real time.
    @discardableResult
    public func aacSource(mount: String, seconds: Int = 600) throws -> BackgroundProcess {
        let target = "icecast://source:\(Self.sourcePassword)@127.0.0.1:\(port)\(mount)"
        let source = try BackgroundProcess(
            try CommandRunner.which("ffmpeg") ?? { throw TestSupportError("ffmpeg is not installed") }(),
            [
                "-v", "error", "-re", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=\(seconds)", "-ac", "2",
                "-c:a", "aac", "-b:a", "96k", "-f", "adts", "-content_type", "audio/aac", "-ice_name", "Podline test", target,
            ], stderr: folder.appendingPathComponent("ffmpeg-source.log"))
        sources.append(source)
        try waitForMount(mount)
        return source
    }

    /// Sets the title the server sends listeners of `mount` (its admin interface, as a studio's software does).
    public func setTitle(_ title: String, mount: String) throws {
        var query = URLComponents(string: url("/admin/metadata"))!
        query.queryItems = [.init(name: "mount", value: mount), .init(name: "mode", value: "updinfo"), .init(name: "song", value: title)]
        let answer = try CommandRunner.run(
            "/usr/bin/curl", ["-sf", "-u", "admin:\(Self.adminPassword)", query.url!.absoluteString], timeout: 10)
        guard answer.status == 0 else { throw TestSupportError("icecast did not take the title: \(answer.stderr)") }
    }

    /// True once the server answers its status page.
    private func answers() -> Bool {
        (try? CommandRunner.run("/usr/bin/curl", ["-sf", "-o", "/dev/null", url("/status-json.xsl")], timeout: 5).status) == 0
    }

    /// Waits until a source is on `mount`.
    private func waitForMount(_ mount: String) throws {
        let listed = "\"listenurl\":\"\(url(mount))\""
        let status = poll(
            timeout: 10, every: 0.1,
            {
                (try? CommandRunner.run("/usr/bin/curl", ["-sf", self.url("/status-json.xsl")], timeout: 5).stdout) ?? ""
            }, until: { $0.contains(listed) })
        guard status.contains(listed) else { throw TestSupportError("no source came on \(mount)") }
    }
}
