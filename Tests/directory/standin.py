"""Stand-ins for the iTunes Search API and the Podcast Index API, written from their documented requests and answers,
for Podline's find tests.

Usage: standin.py PORTFILE CATALOGUE.json KEY SECRET
CATALOGUE: [{"title", "author", "feed" (or null), "episodes", "newest" (unix time), "language", "genres", "itunes_id",
"index_id", "in": ["itunes", "podcastindex"], "guid" (its podcast:guid; optional)}]
  GET /search?term=&media=podcast&entity=podcast&limit=&country=       iTunes search (titles holding the term)
  GET /lookup?id=&entity=podcast                                      iTunes lookup
  GET /api/1.0/search/byterm?q=&max=                                  Podcast Index search (signed)
  GET /api/1.0/podcasts/trending?max=&lang=&cat=                      Podcast Index trending (signed)
  GET /api/1.0/podcasts/byfeedid?id=                                  Podcast Index feed (signed)
  GET /api/1.0/podcasts/byguid?guid=                                  Podcast Index feed by podcast:guid (signed)
A Podcast Index request must carry X-Auth-Key, an X-Auth-Date within 3 minutes of this server's clock, and
Authorization = lowercase hex SHA-1 of key + secret + date; else 401.
Controls: POST /_control {"fault": null|"html"|"truncated"|"403"|"404"|"429"|"500"|"slow", "skew": seconds, "many": n}
(many: the search answers n generated results), GET /_state {"requests": [path and decoded query of each request]}.
"""
import datetime
import hashlib
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

portfile, catalogue_file, key, secret = sys.argv[1:5]
catalogue = json.load(open(catalogue_file))
lock = threading.Lock()
control = {"fault": None, "skew": 0, "many": 0}
requests = []


def itunes(entry):
    result = {"wrapperType": "track", "kind": "podcast", "collectionId": entry["itunes_id"], "trackId": entry["itunes_id"],
              "artistName": entry["author"], "collectionName": entry["title"], "trackName": entry["title"],
              "trackCount": entry["episodes"], "country": "USA", "primaryGenreName": entry["genres"][0],
              "genres": entry["genres"] + ["Podcasts"],
              "releaseDate": datetime.datetime.utcfromtimestamp(entry["newest"]).strftime("%Y-%m-%dT%H:%M:%SZ"),
              "collectionViewUrl": "https://podcasts.apple.com/us/podcast/x/id%d" % entry["itunes_id"]}
    if entry["feed"] is not None:
        result["feedUrl"] = entry["feed"]
    return result


def index(entry):
    return {"id": entry["index_id"], "title": entry["title"], "url": entry["feed"], "author": entry["author"],
            "ownerName": entry["author"], "episodeCount": entry["episodes"], "newestItemPubdate": entry["newest"],
            "language": entry["language"], "itunesId": entry["itunes_id"], "dead": 0,
            "categories": {str(i + 1): g for i, g in enumerate(entry["genres"])}, "podcastGuid": entry.get("guid", "")}


def generated(n):
    return [{"title": "Generated %d" % i, "author": "Bulk", "feed": "http://127.0.0.1:9/g%d.xml" % i, "episodes": i,
             "newest": 1700000000, "language": "en", "genres": ["News"], "itunes_id": 5000000 + i, "index_id": 9000000 + i,
             "in": ["itunes", "podcastindex"]} for i in range(n)]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        if control["fault"] == "truncated" and status == 200 and not self.path.startswith("/_"):
            data = data[: max(1, len(data) // 2)]
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def signed(self):
        date = self.headers.get("X-Auth-Date") or ""
        expected = hashlib.sha1((key + secret + date).encode()).hexdigest()
        if self.headers.get("X-Auth-Key") != key or self.headers.get("Authorization") != expected:
            return False
        return date.isdigit() and abs(int(date) - (time.time() + control["skew"])) <= 180

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        with lock:
            control.update(json.loads(self.rfile.read(length) or b"{}"))
        self.reply(200, control)

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        if url.path == "/_state":
            with lock:
                return self.reply(200, {"requests": requests})
        with lock:
            requests.append({"path": url.path, "query": query})
        fault = control["fault"]
        if fault == "slow":
            time.sleep(30)
        if fault in ("403", "404", "429", "500"):
            return self.reply(int(fault), {"errorMessage": "refused"})
        if fault == "html":
            return self.reply(200, b"<!DOCTYPE html><html><body>Service Unavailable</body></html>", "text/html")
        bulk = generated(control["many"])
        entries = catalogue + bulk
        if url.path == "/search":
            term = query.get("term", "").lower()
            found = [e for e in catalogue if "itunes" in e["in"] and term in e["title"].lower()]
            # With "many", every generated show too, whatever the limit asked: a directory that ignores it.
            found = bulk + found if bulk else found[: int(query.get("limit", "50"))]
            return self.reply(200, {"resultCount": len(found), "results": [itunes(e) for e in found]})
        if url.path == "/lookup":
            found = [e for e in entries if str(e["itunes_id"]) == query.get("id")]
            return self.reply(200, {"resultCount": len(found), "results": [itunes(e) for e in found]})
        if url.path.startswith("/api/1.0/"):
            if not self.signed():
                return self.reply(401, {"status": "false", "description": "Authorization header failed"})
            if url.path == "/api/1.0/search/byterm":
                term = query.get("q", "").lower()
                found = [e for e in entries if "podcastindex" in e["in"] and term in e["title"].lower()]
                found = found[: int(query.get("max", "40"))]
                return self.reply(200, {"status": "true", "feeds": [index(e) for e in found], "count": len(found), "query": query.get("q")})
            if url.path == "/api/1.0/podcasts/trending":
                found = [e for e in entries if "podcastindex" in e["in"]
                         and (not query.get("lang") or e["language"] == query["lang"])
                         and (not query.get("cat") or query["cat"] in e["genres"])]
                found = found[: int(query.get("max", "10"))]
                return self.reply(200, {"status": "true", "feeds": [index(e) for e in found], "count": len(found)})
            if url.path == "/api/1.0/podcasts/byfeedid":
                found = [e for e in entries if str(e["index_id"]) == query.get("id")]
                return self.reply(200, {"status": "true", "feed": index(found[0]) if found else []})
            if url.path == "/api/1.0/podcasts/byguid":
                found = [e for e in entries if e.get("guid") and e["guid"] == query.get("guid")]
                return self.reply(200, {"status": "true", "feed": index(found[0]) if found else [], "query": {"guid": query.get("guid")}})
        self.reply(404, {"errorMessage": "not found"})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(portfile + ".tmp", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(portfile + ".tmp", portfile)
server.serve_forever()
