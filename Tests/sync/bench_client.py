"""The anchor of Podline's sync benchmark: mygpoclient doing a sync's work with a library's subscriptions and listening.

Usage: bench_client.py SERVER USER PASSWORD DEVICE LIBRARY.sqlite first|again STATEFILE
  first   registers the device, sends every subscription and every started or played episode as a play action
          (1,000 a request), then reads the subscriptions and the actions back; keeps the servers' timestamps in
          STATEFILE
  again   reads the subscription changes and the actions since those timestamps (a sync with nothing new)
"""
import json
import sqlite3
import sys
import time

from mygpoclient.api import EpisodeAction

import gpodder_client

server, user, password, device, library, mode, statefile = sys.argv[1:]

client = gpodder_client.client(server, user, password)
if mode == "first":
    db = sqlite3.connect(library)
    feeds = [row[0] for row in db.execute("SELECT feedURL FROM show WHERE feedURL LIKE 'http%'")]
    rows = db.execute(
        "SELECT s.feedURL, e.enclosureURL, e.duration, e.isPlayed, e.position, e.heardAt FROM episode e "
        "JOIN show s ON s.id = e.showID WHERE e.enclosureURL IS NOT NULL AND (e.isPlayed OR e.position > 0)").fetchall()
    client.update_device_settings(device, caption="bench", type="desktop")
    client.pull_subscriptions(device, since=0)
    update = client.update_subscriptions(device, add_urls=feeds)
    actions = []
    for podcast, episode, duration, played, position, heard in rows:
        total = int(round(duration or position))
        at = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(heard or time.time()))
        actions.append(EpisodeAction(podcast, episode, "play", device=device, timestamp=at, started=0,
                                     position=total if played else int(position), total=total))
    for start in range(0, len(actions), 1000):
        client.upload_episode_actions(actions[start:start + 1000])
    subscriptions = client.pull_subscriptions(device, since=update.since)
    changes = client.download_episode_actions(since=0)
    json.dump({"subscriptions": subscriptions.since, "actions": changes.since}, open(statefile, "w"))
    print(json.dumps({"subscriptions": len(feeds), "actions": len(actions), "read": len(changes.actions)}))
else:
    state = json.load(open(statefile))
    subscriptions = client.pull_subscriptions(device, since=state["subscriptions"])
    changes = client.download_episode_actions(since=state["actions"])
    print(json.dumps({"added": len(subscriptions.add), "actions": len(changes.actions)}))
