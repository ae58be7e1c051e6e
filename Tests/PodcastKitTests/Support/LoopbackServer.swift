import Foundation
import TestSupport

/// A real HTTP server on 127.0.0.1 (a small Python program) serving files from a folder, with routes
/// that misbehave on purpose: redirect chains, 304s, gzip, slow and truncated answers, byte ranges.
///
/// Routes: `/file/NAME` (ETag, Last-Modified, Range; `?gzip=1`, `?norange=1`, `?badrange=1`),
/// `/chain/301,302/REST` (one redirect per code, then `/REST`), `/loop`, `/status/CODE`,
/// `/slow/SECONDS/REST` (waits before answering), `/stall/REST` (sends half, then waits),
/// `/truncate/REST` (announces the full length, sends half, closes), `/trickle/file/NAME` (8 KB every 20 ms,
/// honouring Range), `/log` (requests seen, as JSON lines).
final class LoopbackServer: @unchecked Sendable {
    let folder: URL
    let port: Int
    private let process: Process

    init() throws {
        folder = try Fixtures.temporaryDirectory("podline-http")
        let script = folder.appendingPathComponent("server.py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        let portFile = folder.appendingPathComponent("port")
        process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.which("python3") ?? "/usr/bin/python3")
        process.arguments = [script.path, folder.path, portFile.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        func writtenPort() -> Int? {
            (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let found = poll(timeout: 4, every: 0.02, writtenPort) { $0 != nil }
        guard let found else {
            process.terminate()
            throw TestSupportError("the loopback HTTP server did not start")
        }
        port = found
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// `http://127.0.0.1:PORT/PATH`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Puts a file where `/file/NAME` serves it.
    func put(_ name: String, _ text: String) throws { try put(name, Data(text.utf8)) }

    func put(_ name: String, _ data: Data) throws {
        let files = folder.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try data.write(to: files.appendingPathComponent(name))
    }

    /// One request the server received.
    struct LoggedRequest: Decodable {
        var path: String
        var headers: [String: String]
    }

    /// The requests received so far, oldest first.
    func log() throws -> [LoggedRequest] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("log.jsonl"), encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try JSONDecoder().decode(LoggedRequest.self, from: Data($0.utf8)) }
    }

    private static let script = #"""
        import gzip, hashlib, http.server, json, os, socketserver, sys, time, email.utils

        root, port_file = sys.argv[1], sys.argv[2]
        files = os.path.join(root, "files")
        log_path = os.path.join(root, "log.jsonl")

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                with open(log_path, "a") as log:
                    log.write(json.dumps({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}}) + "\n")
                path, _, query = self.path.partition("?")
                parts = path.lstrip("/").split("/")
                kind = parts[0]
                rest = "/".join(parts[1:])
                if kind == "file":
                    return self.file(rest, query)
                if kind == "chain":
                    codes = parts[1].split(",")
                    tail = "/".join(parts[2:])
                    location = "/" + tail if len(codes) == 1 else "/chain/" + ",".join(codes[1:]) + "/" + tail
                    return self.send_plain(int(codes[0]), b"moved", {"Location": location})
                if kind == "loop":
                    return self.send_plain(302, b"again", {"Location": "/loop"})
                if kind == "status":
                    return self.send_plain(int(parts[1]), b"status page")
                if kind == "slow":
                    time.sleep(float(parts[1]))
                    return self.file("/".join(parts[3:]), query) if parts[2] == "file" else self.send_plain(404, b"no")
                if kind == "trickle":
                    data = self.read_file(parts[2])
                    start = 0
                    range_header = self.headers.get("Range")
                    if range_header:
                        start = int(range_header.split("=")[1].split("-")[0])
                        self.send_response(206)
                        self.send_header("Content-Range", "bytes %d-%d/%d" % (start, len(data) - 1, len(data)))
                    else:
                        self.send_response(200)
                    self.send_header("Content-Length", str(len(data) - start))
                    self.end_headers()
                    for offset in range(start, len(data), 8192):
                        self.wfile.write(data[offset:offset + 8192])
                        self.wfile.flush()
                        time.sleep(0.02)
                    return
                if kind == "stall" or kind == "truncate":
                    data = self.read_file(parts[2] if parts[1] == "file" else rest)
                    if data is None:
                        return self.send_plain(404, b"no")
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data[: len(data) // 2])
                    self.wfile.flush()
                    if kind == "stall":
                        time.sleep(30)
                    self.close_connection = True
                    return
                self.send_plain(404, b"not found")

            def read_file(self, name):
                try:
                    with open(os.path.join(files, name), "rb") as f:
                        return f.read()
                except OSError:
                    return None

            def file(self, name, query):
                data = self.read_file(name)
                if data is None:
                    return self.send_plain(404, b"not found")
                etag = '"' + hashlib.sha1(data).hexdigest() + '"'
                mtime = os.path.getmtime(os.path.join(files, name))
                modified = email.utils.formatdate(mtime, usegmt=True)
                headers = {"ETag": etag, "Last-Modified": modified}
                if self.headers.get("If-None-Match") == etag or (
                    "If-None-Match" not in self.headers and self.headers.get("If-Modified-Since") == modified):
                    return self.send_plain(304, b"", headers)
                range_header = self.headers.get("Range")
                if range_header and "norange=1" not in query:
                    start = int(range_header.split("=")[1].split("-")[0])
                    if start >= len(data):
                        return self.send_plain(416, b"", {"Content-Range": "bytes */%d" % len(data)})
                    claimed = start + 1 if "badrange=1" in query else start
                    headers["Content-Range"] = "bytes %d-%d/%d" % (claimed, len(data) - 1, len(data))
                    return self.send_plain(206, data[start:], headers)
                if "gzip=1" in query and "gzip" in self.headers.get("Accept-Encoding", ""):
                    headers["Content-Encoding"] = "gzip"
                    data = gzip.compress(data)
                self.send_plain(200, data, headers)

            def send_plain(self, code, body, headers=None):
                self.send_response(code)
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                if code != 304:
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if code != 304:
                    self.wfile.write(body)

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True
            allow_reuse_address = True

        server = Server(("127.0.0.1", 0), Handler)
        with open(port_file + ".tmp", "w") as f:
            f.write(str(server.server_address[1]))
        os.rename(port_file + ".tmp", port_file)
        server.serve_forever()
        """#
}
