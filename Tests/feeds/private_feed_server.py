"""A private podcast's server for Podline's tests: HTTP Basic for everything but /open/, on 127.0.0.1.

Usage: private_feed_server.py PORTFILE FOLDER USER PASSWORD
  /NAME          the file NAME of FOLDER (Range supported), with the right credentials; else 401
  /open/NAME     the same without credentials
  /away/NAME     302 to http://localhost:PORT/open/NAME: another host name, which must get no credentials
  GET /_state    {"requests": [{"path", "host", "authorization": "none"|"right"|"wrong"}]}
"""
import base64
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

portfile, folder, user, password = sys.argv[1:5]
expected = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
lock = threading.Lock()
requests = []


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/_state":
            with lock:
                return self.send(200, json.dumps({"requests": requests}).encode(), [("Content-Type", "application/json")])
        given = self.headers.get("Authorization")
        state = "none" if given is None else ("right" if given == expected else "wrong")
        with lock:
            requests.append({"path": self.path, "host": self.headers.get("Host"), "authorization": state})
        if self.path.startswith("/away/"):
            port = self.server.server_address[1]
            return self.send(302, headers=[("Location", "http://localhost:%d/open/%s" % (port, self.path[6:]))])
        if not self.path.startswith("/open/") and state != "right":
            return self.send(401, b"Unauthorized", [("WWW-Authenticate", 'Basic realm="private"')])
        path = os.path.join(folder, os.path.basename(self.path.split("?")[0]))
        if not os.path.isfile(path):
            return self.send(404)
        data = open(path, "rb").read()
        kind = "application/rss+xml" if path.endswith(".xml") else "audio/mpeg"
        start = 0
        wanted = self.headers.get("Range")
        if wanted and wanted.startswith("bytes="):
            start = int(wanted[6:].split("-")[0] or 0)
            return self.send(206, data[start:], [("Content-Type", kind), ("Accept-Ranges", "bytes"),
                                                 ("Content-Range", "bytes %d-%d/%d" % (start, len(data) - 1, len(data)))])
        self.send(200, data, [("Content-Type", kind), ("Accept-Ranges", "bytes")])


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(portfile + ".tmp", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(portfile + ".tmp", portfile)
server.serve_forever()
