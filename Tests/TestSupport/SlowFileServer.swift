import Foundation

/// A real HTTP server on 127.0.0.1 (Python's http.server) that sends file bodies slowly, chunk by chunk,
/// and leaves a `NAME.sent` marker in its folder when a body has been sent completely. With `dropAfter`, every
/// answer breaks off (the connection closed) after that many bytes of its body, as a flaky network does.
/// `/moved/NAME` answers 301 with `/NAME` as the new location; `/found/NAME` answers 302 (a temporary redirect);
/// `/norange/NAME` sends the whole file whatever Range is asked for, as a server without Range support does.
/// `/rotate/NAME` sends `NAME.1` to the first fetch (a request without Range), `NAME.2` to the second and so on (404
/// once they run out), as a server that inserts other ads into each download does. Every request is noted
/// (`requests(for:)`, `agents(for:)`).
public final class SlowFileServer: @unchecked Sendable {
    /// The folder it serves.
    public let folder: URL
    /// Its TCP port.
    public private(set) var port = 0
    private let process = Process()

    private static let script = #"""
        import http.server, os, socket, sys, time
        folder, chunk, delay, portfile = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
        drop = int(sys.argv[5])
        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args): pass
            def do_GET(self):
                with open(os.path.join(folder, 'requests.log'), 'a') as log:
                    log.write('%s %s\n' % (self.path, self.headers.get('Range') or '-'))
                with open(os.path.join(folder, 'agents.log'), 'a') as log:
                    log.write('%s %s\n' % (self.path, self.headers.get('User-Agent') or '-'))
                if self.path.startswith('/moved/'):
                    self.send_response(301); self.send_header('Location', self.path[6:])
                    self.send_header('Content-Length', '0'); self.end_headers(); return
                if self.path.startswith('/found/'):
                    self.send_response(302); self.send_header('Location', self.path[6:])
                    self.send_header('Content-Length', '0'); self.end_headers(); return
                norange = self.path.startswith('/norange/')
                name = os.path.basename(self.path.split('?')[0])
                if self.path.startswith('/rotate/'):
                    counted = os.path.join(folder, name + '.fetches')
                    fetches = int(open(counted).read()) if os.path.exists(counted) else 0
                    if not self.headers.get('Range'):
                        fetches += 1
                        open(counted, 'w').write(str(fetches))
                    name = '%s.%d' % (name, fetches)
                path = os.path.join(folder, name)
                if not os.path.isfile(path):
                    self.send_response(404); self.send_header('Content-Length', '0'); self.end_headers(); return
                size = os.path.getsize(path)
                start = 0
                rng = self.headers.get('Range')
                if rng and rng.startswith('bytes=') and not norange:
                    start = int(rng[6:].split('-')[0] or 0)
                    self.send_response(206)
                    self.send_header('Content-Range', 'bytes %d-%d/%d' % (start, size - 1, size))
                else:
                    self.send_response(200)
                self.send_header('Content-Type', 'audio/mpeg')
                self.send_header('Content-Length', str(size - start))
                if not norange: self.send_header('Accept-Ranges', 'bytes')
                self.end_headers()
                try:
                    sent = 0
                    body = open(path, 'rb')
                    body.seek(start)
                    for i in range(start, size, chunk):
                        piece = body.read(chunk)
                        if drop and sent + len(piece) >= drop:
                            self.wfile.write(piece[:drop - sent]); self.wfile.flush()
                            self.connection.shutdown(socket.SHUT_RDWR); self.close_connection = True
                            return
                        self.wfile.write(piece); self.wfile.flush(); time.sleep(delay); sent += len(piece)
                    open(path + '.sent', 'w').close()
                except (BrokenPipeError, ConnectionResetError):
                    pass
        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        open(portfile, 'w').write(str(server.server_address[1]))
        server.serve_forever()
        """#

    /// Serves `folder`, sending `chunkBytes` every `delay` seconds (and breaking off every answer after
    /// `dropAfter` bytes, when given).
    public init(folder: URL, chunkBytes: Int, delay: Double, dropAfter: Int? = nil) throws {
        self.folder = folder
        let scriptURL = folder.appendingPathComponent("slow-server.py")
        let portURL = folder.appendingPathComponent("slow-server.port")
        try Self.script.write(to: scriptURL, atomically: true, encoding: .utf8)
        // A port file left by an earlier server of the same folder would name a port nobody listens on.
        try? FileManager.default.removeItem(at: portURL)
        guard let python = CommandRunner.which("python3") else { throw TestSupportError("python3 is not installed") }
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [scriptURL.path, folder.path, "\(chunkBytes)", "\(delay)", portURL.path, "\(dropAfter ?? 0)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        func writtenPort() -> Int? { (try? String(contentsOf: portURL, encoding: .utf8)).flatMap { Int($0) } }
        guard let written = poll(timeout: 5, every: 0.025, writtenPort, until: { $0 != nil }) else {
            throw TestSupportError("the slow file server did not start")
        }
        port = written
    }

    /// The URL of `name` in the served folder.
    public func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    /// The requests for `path` (as in `url(_:)`) in the order they came: the Range header of each, `-` for none.
    public func requests(for path: String) -> [String] { logged("requests.log", for: path) }

    /// The User-Agent of each request for `path` (as in `url(_:)`), in the order they came.
    public func agents(for path: String) -> [String] { logged("agents.log", for: path) }

    /// What the log `name` noted of each request for `path`, in the order they came.
    private func logged(_ name: String, for path: String) -> [String] {
        let log = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0] == "/" + path ? String(parts[1]) : nil
        }
    }

    /// True once the whole body of `name` has been sent.
    public func finishedSending(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name + ".sent").path)
    }

    /// Stops the server.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }
}
