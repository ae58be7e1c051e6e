import Foundation

/// A stand-in server written in Python (under `Tests/`) on 127.0.0.1: started with its arguments, ready once it has
/// written its port to the file it is given first, and driven through JSON over HTTP.
public final class PythonService: @unchecked Sendable {
    private let process = Process()
    public let port: Int

    /// Starts `script` (a path under the package's `Tests/`) with `python` (Debian's python3 by default) and
    /// `arguments` after the port file.
    public init(script: String, arguments: [String], python: String? = nil) throws {
        let folder = try Fixtures.temporaryDirectory("python-service")
        let portFile = folder.appendingPathComponent("port")
        guard let interpreter = python ?? CommandRunner.which("python3") else { throw TestSupportError("python3 is not installed") }
        process.executableURL = URL(fileURLWithPath: interpreter)
        process.arguments = [GPodderServer.root.appendingPathComponent("Tests/" + script).path, portFile.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let process = self.process
        try process.run()
        func written() -> Int? { (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) } }
        guard let port = poll(timeout: 30, every: 0.02, written, until: { $0 != nil || !process.isRunning }) ?? nil else {
            throw TestSupportError("\(script) did not start")
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// The JSON object `path` answers with (POSTing `body` when given), through Python's urllib (Foundation's
    /// URLSession would link libcurl into every binary of TestSupport's, podline-bench's static one included).
    public func request(_ path: String, body: String? = nil) throws -> [String: Any] {
        guard let python = CommandRunner.which("python3") else { throw TestSupportError("python3 is not installed") }
        let script = """
            import sys, urllib.request
            data = sys.stdin.buffer.read() if sys.argv[2] == "post" else None
            sys.stdout.buffer.write(urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=data)).read())
            """
        let result = try CommandRunner.run(
            python, ["-c", script, url + path, body == nil ? "get" : "post"], stdin: body.map { Data($0.utf8) } ?? Data())
        guard result.status == 0 else { throw TestSupportError("\(path) failed: \(result.stderr)") }
        return try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any] ?? [:]
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
