#!/usr/bin/env python3
"""Reference values for the Podcasting 2.0 tags of the feeds beside this file.

    pip install podcastparser      # written against podcastparser 0.6.11
    python3 expected.py > expected.json

Each feed is parsed as if fetched from https://example.com/podcast/feed.xml. people.xml declares the
namespace as https://podcastindex.org/namespace/1.0; people_github.xml is the same feed under the older
GitHub address, the only one podcastparser 0.6.11 knows (it reads nothing of the first).

"podcastparser": what podcastparser reads of these tags: each episode's podcast:person list (name, role,
  group, href, img; it lower-cases role and group and defaults them to host and cast) and the channel's
  funding_url (the first podcast:funding podcastparser keeps).
"elementtree": the tags podcastparser does not read (channel persons, funding with titles, soundbites,
  trailers, the podroll's remoteItems), read here with xml.etree.ElementTree straight from the
  namespace's attributes, no feed library involved. Values are as written (no filtering).
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

import podcastparser

FEED_URL = "https://example.com/podcast/feed.xml"
HERE = os.path.dirname(os.path.abspath(__file__))
NAMESPACES = [
    "https://podcastindex.org/namespace/1.0",
    "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md",
]


def podcastparser_view(path):
    with open(path, "rb") as stream:
        parsed = podcastparser.parse(FEED_URL, stream)
    return {
        "funding_url": parsed.get("funding_url"),
        "episodes": [
            {"title": episode.get("title"), "persons": episode.get("persons", [])}
            for episode in parsed.get("episodes", [])
        ],
    }


def text(element):
    value = (element.text or "").strip()
    return value or None


def elementtree_view(path):
    channel = ET.parse(path).getroot().find("channel")
    uri = next(uri for uri in NAMESPACES if channel.find("{%s}guid" % uri) is not None)
    NS = "{%s}" % uri
    return {
        "persons": [dict(element.attrib, name=text(element)) for element in channel.findall(NS + "person")],
        "funding": [{"url": element.get("url"), "title": text(element)} for element in channel.findall(NS + "funding")],
        "trailers": [dict(element.attrib, title=text(element)) for element in channel.findall(NS + "trailer")],
        "podroll": [dict(element.attrib) for element in channel.findall(NS + "podroll/" + NS + "remoteItem")],
        "episodes": [
            {
                "title": text(item.find("title")),
                "persons": [dict(element.attrib, name=text(element)) for element in item.findall(NS + "person")],
                "soundbites": [dict(element.attrib, title=text(element)) for element in item.findall(NS + "soundbite")],
            }
            for item in channel.findall("item")
        ],
    }


def main():
    fixtures = {}
    for name in sorted(os.listdir(HERE)):
        if name.endswith(".xml"):
            path = os.path.join(HERE, name)
            fixtures[name[:-4]] = {"podcastparser": podcastparser_view(path), "elementtree": elementtree_view(path)}
    json.dump({"feed_url": FEED_URL, "fixtures": fixtures}, sys.stdout, indent=1, sort_keys=True, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
