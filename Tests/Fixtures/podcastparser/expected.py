#!/usr/bin/env python3
"""Reference values for the feeds beside this file, from podcastparser (and feedparser for Atom).

    pip install podcastparser feedparser      # written against podcastparser 0.6.11, feedparser 6.0.14
    python3 expected.py > expected.json

Every fixture is parsed as if fetched from FEED_URL, https://example.com/podcast/feed.xml, so relative
URLs resolve against https://example.com/podcast/. `--base URL` uses another feed URL; `{name}` in it
is replaced by the fixture's name without `.xml` (e.g. `--base http://127.0.0.1:8000/podcast/{name}.xml`
to compare with Podline reading the same files over HTTP).

For each fixture it prints, under "podcastparser":
  feed: title, link, cover_url
  episodes (in podcastparser's order: newest first; the fixtures' pubDates already descend):
    title, link, guid, enclosures [{url, mime_type, file_size}]
podcastparser drops some items (no title and not exactly one enclosure); "items_in_document" counts
<item>/<entry> elements so that drops show.

podcastparser's Atom support is basic: it reads atom:icon (as cover_url) but not atom:logo, and it
ignores xml:base in Atom (it honours xml:base only on the RSS root <rss>). So for the Atom fixtures
(atom_*.xml) two more sections are added:
  "feedparser": feedparser implements xml:base and reads <logo> (feed.logo) and <icon> (feed.icon),
    but returns an attribute dict for a <logo>/<icon> that carries its own xml:base;
  "xml_base": what RFC 4287 with XML Base (each xml:base resolved against its parent's base, the
    outermost against the feed URL) gives for logo, icon, the feed's alternate link and each entry's
    alternate link and enclosure; computed here with urllib.parse.urljoin, no feed library involved.
"""
import argparse
import json
import os
import re
import sys

import podcastparser

FEED_URL = "https://example.com/podcast/feed.xml"
HERE = os.path.dirname(os.path.abspath(__file__))


def podcastparser_view(url, path):
    with open(path, "rb") as stream:
        parsed = podcastparser.parse(url, stream)
    return {
        "feed": {
            "title": parsed.get("title"),
            "link": parsed.get("link"),
            "cover_url": parsed.get("cover_url"),
        },
        "episodes": [
            {
                "title": episode.get("title"),
                "link": episode.get("link"),
                "guid": episode.get("guid"),
                "enclosures": [
                    {"url": e["url"], "mime_type": e["mime_type"], "file_size": e["file_size"]}
                    for e in episode.get("enclosures", [])
                ],
            }
            for episode in parsed["episodes"]
        ],
    }


def feedparser_view(url, path):
    import feedparser

    with open(path, "rb") as stream:
        parsed = feedparser.parse(stream.read(), response_headers={"content-location": url})
    feed = parsed.feed
    return {
        "feed": {
            "title": feed.get("title"),
            "link": feed.get("link"),
            # feedparser keeps <logo>/<icon> as feed.logo/feed.icon; when the element has attributes of
            # its own (an xml:base) it stores the attribute dict instead of the text, a feedparser quirk.
            "logo": feed.get("logo"),
            "icon": feed.get("icon"),
        },
        "episodes": [
            {
                "title": entry.get("title"),
                "link": entry.get("link"),
                "guid": entry.get("id"),
                "enclosures": [
                    {"url": e.get("href"), "mime_type": e.get("type"), "file_size": e.get("length")}
                    for e in entry.get("enclosures", [])
                ],
            }
            for entry in parsed.entries
        ],
    }


XML_BASE = "{http://www.w3.org/XML/1998/namespace}base"
ATOM = "{http://www.w3.org/2005/Atom}"


def xml_base_view(url, path):
    from urllib.parse import urljoin
    import xml.etree.ElementTree as ET

    root = ET.parse(path).getroot()

    def base_of(element, parent_base):
        own = element.get(XML_BASE)
        return urljoin(parent_base, own) if own is not None else parent_base

    def text_url(element, parent_base):
        if element is None:
            return None
        return urljoin(base_of(element, parent_base), (element.text or "").strip())

    def link_url(parent, parent_base, rel):
        for link in parent.findall(ATOM + "link"):
            if link.get("rel", "alternate") == rel:
                return urljoin(base_of(link, parent_base), link.get("href"))
        return None

    feed_base = base_of(root, url)
    return {
        "feed": {
            "link": link_url(root, feed_base, "alternate"),
            "logo": text_url(root.find(ATOM + "logo"), feed_base),
            "icon": text_url(root.find(ATOM + "icon"), feed_base),
        },
        "episodes": [
            {
                "link": link_url(entry, base_of(entry, feed_base), "alternate"),
                "enclosure": link_url(entry, base_of(entry, feed_base), "enclosure"),
            }
            for entry in root.findall(ATOM + "entry")
        ],
    }


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--base", default=FEED_URL, help="feed URL; {name} is the fixture's name")
    options = arguments.parse_args()
    result = {
        "feed_url": options.base,
        "podcastparser_version": getattr(podcastparser, "__version__", None),
        "fixtures": {},
    }
    for file_name in sorted(os.listdir(HERE)):
        if not file_name.endswith(".xml"):
            continue
        name = file_name[: -len(".xml")]
        path = os.path.join(HERE, file_name)
        url = options.base.replace("{name}", name)
        with open(path, "rb") as stream:
            items = len(re.findall(rb"<(?:item|entry)[\s>]", stream.read()))
        entry = {"items_in_document": items, "podcastparser": podcastparser_view(url, path)}
        if name.startswith("atom_"):
            entry["feedparser"] = feedparser_view(url, path)
            entry["xml_base"] = xml_base_view(url, path)
        result["fixtures"][name] = entry
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
