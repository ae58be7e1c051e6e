import Foundation

/// A stand-in for Nextcloud's GPodder Sync app on 127.0.0.1 (`Tests/sync/nextcloud_standin.py`), with controls to seed
/// what a phone posted, to inject faults and to read what it holds.
public final class NextcloudStandIn: @unchecked Sendable {
    private let process = Process()
    public let port: Int

    /// Starts one that takes `user` and `password`.
    public init(user: String, password: String) throws {
        let folder = try Fixtures.temporaryDirectory("nextcloud-standin")
        let portFile = folder.appendingPathComponent("port")
        guard let python = CommandRunner.which("python3") else { throw TestSupportError("python3 is not installed") }
        let script = GPodderServer.root.appendingPathComponent("Tests/sync/nextcloud_standin.py").path
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, folder.path, portFile.path, user, password]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let process = self.process
        try process.run()
        func written() -> Int? { (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) } }
        guard let port = poll(timeout: 10, every: 0.02, written, until: { $0 != nil || !process.isRunning }) ?? nil else {
            throw TestSupportError("the Nextcloud stand-in did not start")
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT` (Podline adds the app's path).
    public var url: String { "http://127.0.0.1:\(port)" }

    /// Sets faults, clock skew, malformed actions, or seeds actions and subscriptions (`/_control`).
    public func control(_ json: String) throws {
        _ = try request("/_control", body: json)
    }

    /// What it holds: `subscriptions` (url → subscribed, updated), `actions`, and `posted` (actions per POST).
    public func state() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: request("/_state", body: nil)) as? [String: Any] ?? [:]
    }

    /// GETs `path`, or POSTs `body` to it, through Python's urllib (Foundation's URLSession would link libcurl into
    /// every binary of TestSupport's, podline-bench's static one included).
    private func request(_ path: String, body: String?) throws -> Data {
        guard let python = CommandRunner.which("python3") else { throw TestSupportError("python3 is not installed") }
        let script = """
            import sys, urllib.request
            data = sys.stdin.buffer.read() if sys.argv[2] == "post" else None
            sys.stdout.buffer.write(urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=data)).read())
            """
        let result = try CommandRunner.run(
            python, ["-c", script, url + path, body == nil ? "get" : "post"], stdin: body.map { Data($0.utf8) } ?? Data())
        guard result.status == 0 else { throw TestSupportError("the stand-in's \(path) failed: \(result.stderr)") }
        return result.stdoutData
    }

    /// Stops it at once (as a server that goes down).
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}
