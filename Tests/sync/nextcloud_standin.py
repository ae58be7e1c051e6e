"""A stand-in for Nextcloud's GPodder Sync app (thrillfall/nextcloud-gpodder), written from its documented routes and
the behaviour of its controllers, for Podline's sync tests.

Usage: nextcloud_standin.py PORTFILE FOLDER USER PASSWORD
Routes under /index.php/apps/gpoddersync (HTTP Basic):
  GET  /subscriptions?since=N            {"add","remove","timestamp"}: changes with updated > since (server time)
  POST /subscription_change/create       {"add","remove"} -> {"timestamp"}
  GET  /episode_action?since=N           {"actions","timestamp"}: actions with their own time > since
  POST /episode_action/create            [actions] -> {"timestamp"}; podcast, episode, action, timestamp required,
                                         timestamp exactly Y-m-dTH:i:s; one row per episode (guid, else episode URL),
                                         the action stored upper-cased, missing started/position/total as -1
Test controls: POST /_control {"fault": null|"html"|"500"|"422"|"truncate"|"slow-get"|"stall", "skew": seconds, "malformed": n,
"seed_actions": [...], "seed_subscriptions": [urls]} (seeds as a phone would post them) and GET /_state (the stored subscriptions and actions, and how many actions each POST carried).
"""
import base64
import calendar
import datetime
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

portfile, folder, user, password = sys.argv[1:5]
expected = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
base = "/index.php/apps/gpoddersync"
lock = threading.Lock()
subscriptions = {}  # url -> {"subscribed": bool, "updated": int}
actions = {}  # guid or episode -> action dict with "timestamp_epoch"
posted = []  # how many actions each POST carried
control = {"fault": None, "skew": 0, "malformed": 0}


def now():
    return int(time.time()) + control["skew"]


def store_actions(items):
    """Stores actions as the app does: one row per episode, the action upper-cased, missing numbers as -1."""
    for item in items:
        stamp = datetime.datetime.strptime(item["timestamp"], "%Y-%m-%dT%H:%M:%S")
        actions[item.get("guid") or item["episode"]] = {
            "podcast": item["podcast"], "episode": item["episode"], "guid": item.get("guid"),
            "action": item["action"].upper(), "timestamp": item["timestamp"],
            "started": item.get("started", -1), "position": item.get("position", -1),
            "total": item.get("total", -1), "timestamp_epoch": calendar.timegm(stamp.timetuple()),
        }


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        if control["fault"] == "truncate" and self.command == "GET" and "episode_action" in self.path:
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data) + 1000))
            self.end_headers()
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.connection.close()
            return
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return json.loads(self.rfile.read(length) or b"null")

    def handle_request(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        if url.path == "/_control" and self.command == "POST":
            change = self.body()
            with lock:
                store_actions(change.pop("seed_actions", []))
                for u in change.pop("seed_subscriptions", []):
                    subscriptions[u] = {"subscribed": True, "updated": now()}
                control.update(change)
            return self.reply(200, control)
        if url.path == "/_state":
            with lock:
                return self.reply(200, {"subscriptions": subscriptions, "actions": list(actions.values()), "posted": posted})
        if self.headers.get("Authorization") != expected:
            return self.reply(401, {"message": "Unauthorized"})
        fault = control["fault"]
        if fault == "500":
            return self.reply(500, b"<html><body>Internal Server Error</body></html>", "text/html")
        if fault == "html" and self.command == "GET":
            return self.reply(200, b"<!DOCTYPE html><html><body>Nextcloud login</body></html>", "text/html")
        since = int(query.get("since", ["0"])[0])
        if fault == "slow-get" and url.path == base + "/episode_action":
            time.sleep(5)
        if fault == "stall" and url.path == base + "/episode_action":
            time.sleep(120)
        if fault == "422" and self.command == "POST":
            return self.reply(422, {"detail": "body failed validation"})
        with lock:
            if url.path == base + "/subscriptions" and self.command == "GET":
                add = [u for u, s in subscriptions.items() if s["subscribed"] and s["updated"] > since]
                remove = [u for u, s in subscriptions.items() if not s["subscribed"] and s["updated"] > since]
                return self.reply(200, {"add": add, "remove": remove, "timestamp": now()})
            if url.path == base + "/subscription_change/create" and self.command == "POST":
                change = self.body()
                for u in change.get("add", []):
                    subscriptions[u] = {"subscribed": True, "updated": now()}
                for u in change.get("remove", []):
                    subscriptions[u] = {"subscribed": False, "updated": now()}
                return self.reply(200, {"timestamp": now()})
            if url.path == base + "/episode_action" and self.command == "GET":
                found = [dict(a) for a in actions.values() if a["timestamp_epoch"] > since]
                found.sort(key=lambda a: a["timestamp_epoch"])
                found += [{"podcast": "file:///etc/passwd", "episode": "|rm -rf /", "action": "PLAY"}] * control["malformed"]
                return self.reply(200, {"actions": found, "timestamp": now()})
        if url.path == base + "/episode_action/create" and self.command == "POST":
            items = self.body()
            with lock:
                if any(key not in item for item in items for key in ("podcast", "episode", "action", "timestamp")):
                    return self.reply(500, {"message": "a required key is missing"})
                store_actions(items)
                posted.append(len(items))
                return self.reply(200, {"timestamp": now()})
        return self.reply(404, {"message": "Not Found"})

    do_GET = handle_request
    do_POST = handle_request


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(portfile + ".tmp", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(portfile + ".tmp", portfile)
server.serve_forever()
