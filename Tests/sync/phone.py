"""A second device for Podline's sync tests: mygpoclient, as a phone app uses the gpodder.net API.

Usage: phone.py SERVER USER PASSWORD DEVICE COMMAND [ARGS...]; prints one JSON value.
  signup                           creates the account (the server's registration route)
  register                         the device, as a phone registers itself (type mobile)
  link OTHER                       one sync group of this device and OTHER
  subscribe URL...                 subscribes (and unsubscribe URL...)
  subscriptions                    the device's subscriptions as the server gives them from since=0
  play PODCAST EPISODE GUID STARTED POSITION TOTAL TIMESTAMP
  actions [SINCE]                  the account's episode actions since SINCE (default 0)

The client sends its credentials and JSON type up front (gpodder_client.py says why).
"""
import json
import sys
import urllib.request

from mygpoclient.api import EpisodeAction

import gpodder_client

server, user, password, device, command, *args = sys.argv[1:]

client = gpodder_client.client(server, user, password)

if command == "signup":
    request = urllib.request.Request(
        server.rstrip("/") + "/api/2/auth/%s/register.json" % user, data=json.dumps({"password": password}).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    result = json.loads(urllib.request.urlopen(request).read())
elif command == "register":
    client.update_device_settings(device, caption="Phone", type="mobile")
    result = {"device": device}
elif command == "link":
    result = client._client.POST(
        server.rstrip("/") + "/api/2/sync-devices/%s.json" % user,
        {"synchronize": [[device, args[0]]], "stop-synchronize": []})
elif command == "subscribe":
    update = client.update_subscriptions(device, add_urls=args)
    result = {"since": update.since, "update_urls": update.update_urls}
elif command == "unsubscribe":
    update = client.update_subscriptions(device, remove_urls=args)
    result = {"since": update.since}
elif command == "subscriptions":
    changes = client.pull_subscriptions(device, since=0)
    result = {"add": changes.add, "remove": changes.remove, "since": changes.since}
elif command == "play":
    podcast, episode, guid, started, position, total, timestamp = args
    action = EpisodeAction(podcast, episode, "play", device=device, timestamp=timestamp,
                           started=int(started), position=int(position), total=int(total))
    # mygpoclient's actions carry no guid; the dictionary is sent as it is, with one added as AntennaPod sends it.
    entry = action.to_dictionary()
    entry["guid"] = guid
    result = {"since": client._client.POST(client._locator.upload_episode_actions_uri(), [entry])["timestamp"]}
elif command == "actions":
    changes = client.download_episode_actions(since=int(args[0]) if args else 0)
    result = {"since": changes.since, "actions": [a.to_dictionary() for a in changes.actions]}
else:
    sys.exit("unknown command " + command)
print(json.dumps(result))
