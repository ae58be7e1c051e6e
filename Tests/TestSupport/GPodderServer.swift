import Foundation

/// A real gpodder.net API server on 127.0.0.1 (gpodder-fastapi-router under uvicorn, in the Python environment that
/// `Tests/sync/setup.sh` makes), with its own database in a folder of its own; and the phone that talks to it
/// (`Tests/sync/phone.py`, mygpoclient).
public final class GPodderServer: @unchecked Sendable {
    private let process = Process()
    public let folder: URL
    public let port: Int

    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Python of the sync tests' environment.
    public static var python: String {
        root.appendingPathComponent(".build/sync-venv/bin/python").path
    }

    /// Starts a server with an empty database.
    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw TestSupportError(
                "no sync test environment at \(Self.python): run sh Tests/sync/setup.sh (the README's test command does)")
        }
        folder = try Fixtures.temporaryDirectory("gpodder-server")
        let portFile = folder.appendingPathComponent("port")
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [Self.root.appendingPathComponent("Tests/sync/gpodder_server.py").path, folder.path, portFile.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: Self.log(in: folder))
        let process = self.process
        try process.run()
        func written() -> Int? { (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) } }
        guard let port = poll(timeout: 30, every: 0.05, written, until: { $0 != nil || !process.isRunning }) ?? nil else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
            throw TestSupportError("the gpodder server did not start: \(log.suffix(2000))")
        }
        self.port = port
    }

    private static func log(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("server.log")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        return url
    }

    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// Creates an account.
    public func register(_ user: String, password: String) throws {
        _ = try phone(user, password: password, device: "-", ["signup"])
    }

    /// Runs the phone (mygpoclient) as device `device` of `user`, and returns the JSON it prints.
    public func phone(_ user: String, password: String, device: String, _ command: [String]) throws -> Any {
        let script = Self.root.appendingPathComponent("Tests/sync/phone.py").path
        let result = try CommandRunner.run(Self.python, [script, url, user, password, device] + command)
        guard result.status == 0, let value = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) else {
            throw TestSupportError("the phone's \(command.first ?? "") failed: \(result.stderr.suffix(1500))")
        }
        return value
    }

    /// Stops the server at once (as a server that goes down).
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}
