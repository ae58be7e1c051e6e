#!/usr/bin/env python3
"""Byte-level helpers for make-corpus.sh: tags, junk and damage for the awkward-MP3 corpus.

Everything here is deterministic: random bytes come from random.Random(seed), and the
unusual ID3v2 layouts (footer, extended header, unsynchronisation, two tags) are written
by hand so that the bytes do not depend on the mutagen version. mutagen is used only for
the ordinary rich tags (APIC/PRIV/GEOB/CHAP/CTOC/...) and for APEv2.

usage: tag.py COMMAND ARGS...   (see the functions named cmd_* below)
"""
import random
import struct
import sys
import zlib


# ---------------------------------------------------------------------------
# small helpers

def rnd(seed, n):
    return random.Random(seed).randbytes(n)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def syncsafe(n):
    assert n < (1 << 28)
    return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])


def unsync(data):
    """ID3v2 unsynchronisation: a 0x00 after every 0xFF that precedes 0xE0-0xFF or 0x00."""
    out = bytearray()
    for i, b in enumerate(data):
        out.append(b)
        if b == 0xFF and (i + 1 == len(data) or data[i + 1] >= 0xE0 or data[i + 1] == 0):
            out.append(0)
    return bytes(out)


def text_frame_body(text, encoding=3):
    if encoding == 3:
        return b"\x03" + text.encode("utf-8")
    return b"\x00" + text.encode("latin-1")


def frame(fid, body, version, flags=0):
    size = syncsafe(len(body)) if version == 4 else struct.pack(">I", len(body))
    return fid.encode("ascii") + size + struct.pack(">H", flags) + body


def id3v2(version, frames, padding=0, flags=0, ext=b"", footer=False):
    """A whole ID3v2 tag; `ext` is a ready extended header (its flag is set when given)."""
    if ext:
        flags |= 0x40
    if footer:
        flags |= 0x10
        assert padding == 0, "a tag with a footer has no padding"
    body = ext + b"".join(frames) + b"\x00" * padding
    head = b"ID3" + bytes([version, 0, flags]) + syncsafe(len(body))
    tail = (b"3DI" + bytes([version, 0, flags]) + syncsafe(len(body))) if footer else b""
    return head + body + tail


def id3v1(title="Podline corpus", artist="tag.py", album="awkward", year="2024", comment="id3v1", track=1, genre=12):
    def fix(s, n):
        return s.encode("latin-1")[:n].ljust(n, b"\x00")
    return (b"TAG" + fix(title, 30) + fix(artist, 30) + fix(album, 30) + fix(year, 4)
            + fix(comment, 28) + b"\x00" + bytes([track, genre]))


# ---------------------------------------------------------------------------
# MPEG frame scanning (enough for finding frame boundaries and describing a file)

BITRATES = {
    (1, 3): [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    (2, 3): [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
RATES = {1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 25: [11025, 12000, 8000]}


def parse_header(b, i):
    """(version, rate, channels, bitrate, length) of a Layer III header at i, or None."""
    if i + 4 > len(b) or b[i] != 0xFF or (b[i + 1] & 0xE0) != 0xE0:
        return None
    ver_bits = (b[i + 1] >> 3) & 3
    layer = (b[i + 1] >> 1) & 3
    if ver_bits == 1 or layer != 1:  # reserved version, or not layer III
        return None
    version = {3: 1, 2: 2, 0: 25}[ver_bits]
    br_index = b[i + 2] >> 4
    sr_index = (b[i + 2] >> 2) & 3
    if br_index == 15 or sr_index == 3:
        return None
    padding = (b[i + 2] >> 1) & 1
    channels = 1 if (b[i + 3] >> 6) == 3 else 2
    rate = RATES[version][sr_index]
    if br_index == 0:
        return (version, rate, channels, 0, None)  # free format: length unknown here
    bitrate = BITRATES[(1 if version == 1 else 2, 3)][br_index]
    coeff = 144 if version == 1 else 72
    return (version, rate, channels, bitrate, coeff * bitrate * 1000 // rate + padding)


def audio_start(b):
    """Offset just past any leading ID3v2 tags (as a careful reader would skip them)."""
    i = 0
    while b[i:i + 3] == b"ID3":
        size = (b[i + 6] << 21) | (b[i + 7] << 14) | (b[i + 8] << 7) | b[i + 9]
        i += 10 + size + (10 if b[i + 5] & 0x10 else 0)
    return i


def frames(b, start=None):
    """Offsets and headers of the chain of consecutive frames from the first one found."""
    i = audio_start(b) if start is None else start
    out = []
    while i < len(b):
        h = parse_header(b, i)
        if h is None or h[4] is None:
            if out:
                break
            i += 1
            continue
        # the next frame must follow (or the file end), else this was a false sync
        nxt = i + h[4]
        if nxt < len(b) and parse_header(b, nxt) is None and not out:
            i += 1
            continue
        out.append((i, h))
        i = nxt
    return out


# ---------------------------------------------------------------------------
# commands

def cmd_junk(out, n, seed, kind="random"):
    """Writes N bytes of junk: random, fakesync (random with valid-looking headers), or text."""
    n, seed = int(n), int(seed)
    r = random.Random(seed)
    if kind == "random":
        data = bytearray(r.randbytes(n))
        # never start with something that looks like a tag or a frame: it is junk
        data[0] = 0x00
    elif kind == "fakesync":
        data = bytearray(r.randbytes(n))
        data[0] = 0x00
        # every 97 bytes a plausible MPEG-1 Layer III 128 kbps 44.1 kHz stereo header (FF FB 90 44),
        # and now and then a 48 kHz / 22.05 kHz / mono one, none of them followed by a real frame
        heads = [b"\xff\xfb\x90\x44", b"\xff\xfb\x94\x44", b"\xff\xf3\x90\xc4", b"\xff\xfb\x90\xc4", b"\xff\xe3\x48\xc4"]
        for k, pos in enumerate(range(13, n - 8, 97)):
            data[pos:pos + 4] = heads[k % len(heads)]
    elif kind == "text":
        words = "lorem ipsum podcast episode feed enclosure error not found html body".split()
        text = ""
        while len(text) < n:
            text += r.choice(words) + (" " if r.random() < 0.9 else "\n")
        data = text[:n].encode("ascii")
    else:
        raise SystemExit(f"unknown junk kind {kind}")
    write(out, bytes(data))


def cmd_cat(out, *parts):
    write(out, b"".join(read(p) for p in parts))


def cmd_v23rich(src, out, seed=23):
    """ID3v2.3 with APIC (200 KB picture), PRIV, GEOB, TXXX, COMM, USLT, TLEN, written by mutagen."""
    from mutagen.id3 import ID3, APIC, PRIV, GEOB, TXXX, COMM, USLT, TIT2, TPE1, TLEN, PictureType
    picture = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + rnd(int(seed), 200 * 1024 - 11)
    tag = ID3()
    tag.add(TIT2(encoding=1, text="Awkward corpus: rich ID3v2.3"))
    tag.add(TPE1(encoding=1, text="Podline"))
    tag.add(APIC(encoding=0, mime="image/jpeg", type=PictureType.COVER_FRONT, desc="cover", data=picture))
    tag.add(PRIV(owner="com.apple.streaminfo", data=rnd(int(seed) + 1, 300)))
    tag.add(PRIV(owner="WM/MediaClassPrimaryID", data=bytes(range(16))))
    tag.add(GEOB(encoding=0, mime="application/octet-stream", filename="blob.bin", desc="blob",
                 data=rnd(int(seed) + 2, 5000)))
    tag.add(TXXX(encoding=1, desc="podcast-guid", text="urn:uuid:00000000-0000-4000-8000-000000000023"))
    tag.add(COMM(encoding=1, lang="eng", desc="", text="A comment with ünïcödé."))
    tag.add(USLT(encoding=1, lang="eng", desc="lyrics", text="line one\nline two\n" * 50))
    tag.add(TLEN(encoding=0, text="999999"))  # a wrong length: decoders must not trust it
    data = read(src)
    write(out, b"")
    tag.save(out, v2_version=3, padding=lambda info: 512)
    write(out, read(out) + data)


def cmd_v24chap(src, out, seconds):
    """ID3v2.4 with CTOC and three CHAP frames (with sub-frames), TXXX and COMM, written by mutagen."""
    from mutagen.id3 import ID3, CHAP, CTOC, CTOCFlags, TIT2, TXXX, COMM, WXXX
    ms = int(float(seconds) * 1000)
    tag = ID3()
    tag.add(TIT2(encoding=3, text="Awkward corpus: chapters"))
    cuts = [0, ms // 3, 2 * ms // 3, ms]
    ids = []
    for k in range(3):
        eid = f"chp{k}"
        ids.append(eid)
        tag.add(CHAP(element_id=eid, start_time=cuts[k], end_time=cuts[k + 1],
                     start_offset=0xFFFFFFFF, end_offset=0xFFFFFFFF,
                     sub_frames=[TIT2(encoding=3, text=f"Chapter {k + 1}"),
                                 WXXX(encoding=3, desc="", url=f"https://example.invalid/{k}")]))
    tag.add(CTOC(element_id="toc", flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED,
                 child_element_ids=ids, sub_frames=[TIT2(encoding=3, text="Table of contents")]))
    tag.add(TXXX(encoding=3, desc="chapters", text="3"))
    tag.add(COMM(encoding=3, lang="eng", desc="note", text="CHAP/CTOC test"))
    data = read(src)
    write(out, b"")
    tag.save(out, v2_version=4, padding=lambda info: 0)
    write(out, read(out) + data)


def cmd_v24footer(src, out):
    """ID3v2.4 with a footer ("3DI"), hence no padding."""
    frames_ = [frame("TIT2", text_frame_body("Awkward corpus: v2.4 footer"), 4),
               frame("TXXX", b"\x03footer\x00yes", 4)]
    write(out, id3v2(4, frames_, footer=True) + read(src))


def cmd_v24unsync(src, out, seed=24):
    """ID3v2.4 whose PRIV frame has the unsynchronisation and data-length-indicator format flags,
    its body full of FF Ex / FF 00 pairs."""
    raw = b"podline.unsync\x00" + b"".join(b"\xff\xfb\x90\x44" + rnd(int(seed) + k, 60) + b"\xff\x00" for k in range(40))
    body = syncsafe(len(raw)) + unsync(raw)  # data length indicator, then the unsynchronised data
    frames_ = [frame("TIT2", text_frame_body("Awkward corpus: v2.4 unsync frame"), 4),
               frame("PRIV", body, 4, flags=0x0002 | 0x0001)]
    write(out, id3v2(4, frames_, padding=100) + read(src))


def cmd_v23unsync(src, out, seed=230):
    """ID3v2.3 with the tag-wide unsynchronisation flag (header flag 0x80) and an APIC of sync-like bytes."""
    pic = b"\xff\xd8\xff\xe0" + b"".join(b"\xff\xf3" + rnd(int(seed) + k, 30) for k in range(200))
    apic = b"\x00image/jpeg\x00\x03cover\x00" + pic
    frames_ = [frame("TIT2", text_frame_body("Awkward corpus: v2.3 unsync tag", 0), 3), frame("APIC", apic, 3)]
    body = unsync(b"".join(frames_)) + b"\x00" * 64
    tag = b"ID3" + bytes([3, 0, 0x80]) + syncsafe(len(body)) + body
    write(out, tag + read(src))


def cmd_v23pad64k(src, out):
    """ID3v2.3 with 64 KiB of zero padding."""
    frames_ = [frame("TIT2", text_frame_body("Awkward corpus: 64 KiB padding", 0), 3)]
    write(out, id3v2(3, frames_, padding=65536) + read(src))


def cmd_v23ext(src, out):
    """ID3v2.3 with an extended header carrying a CRC-32."""
    frames_ = [frame("TIT2", text_frame_body("Awkward corpus: v2.3 extended header", 0), 3),
               frame("TXXX", b"\x00exthdr\x00v2.3", 3)]
    padding = 200
    data = b"".join(frames_)
    ext = struct.pack(">IHI", 10, 0x8000, padding) + struct.pack(">I", zlib.crc32(data) & 0xFFFFFFFF)
    write(out, id3v2(3, frames_, padding=padding, ext=ext) + read(src))


def cmd_v24ext(src, out):
    """ID3v2.4 with an extended header: 'tag is an update' + CRC + restrictions."""
    frames_ = [frame("TIT2", text_frame_body("Awkward corpus: v2.4 extended header"), 4),
               frame("TXXX", b"\x03exthdr\x00v2.4", 4)]
    padding = 300
    data = b"".join(frames_) + b"\x00" * padding
    crc = zlib.crc32(data) & 0xFFFFFFFF
    crc5 = bytes([(crc >> 28) & 0x0F, (crc >> 21) & 0x7F, (crc >> 14) & 0x7F, (crc >> 7) & 0x7F, crc & 0x7F])
    flag_data = b"\x00" + b"\x05" + crc5 + b"\x01" + b"\x00"
    ext = syncsafe(6 + len(flag_data)) + b"\x01" + bytes([0x40 | 0x20 | 0x10]) + flag_data
    write(out, id3v2(4, frames_, padding=padding, ext=ext) + read(src))


def cmd_v1v2(src, out):
    """ID3v2.3 in front and ID3v1.1 at the end."""
    frames_ = [frame("TIT2", text_frame_body("Awkward corpus: v1 + v2", 0), 3)]
    write(out, id3v2(3, frames_, padding=32) + read(src) + id3v1())


def cmd_two(src, out):
    """Two ID3v2 tags back to back (v2.3, then v2.4), as left by tools that prepend a new tag."""
    a = id3v2(3, [frame("TIT2", text_frame_body("first tag (v2.3)", 0), 3)], padding=256)
    b = id3v2(4, [frame("TIT2", text_frame_body("second tag (v2.4)"), 4),
                  frame("TXXX", b"\x03which\x00second", 4)], padding=128)
    write(out, a + b + read(src))


def cmd_shortsize(src, out):
    """ID3v2.3 whose header size is 100 bytes short: the tag's last bytes are left in front of the audio."""
    frames_ = [frame("TIT2", text_frame_body("Awkward corpus: tag size too small", 0), 3),
               frame("COMM", b"\x00eng\x00" + b"x" * 400, 3)]
    tag = bytearray(id3v2(3, frames_, padding=0))
    body = len(tag) - 10
    tag[6:10] = syncsafe(body - 100)
    write(out, bytes(tag) + read(src))


def cmd_ape(src, out):
    """APEv2 tag (header + footer) at the end, written by mutagen."""
    from mutagen.apev2 import APEv2
    write(out, read(src))
    tag = APEv2()
    tag["Title"] = "Awkward corpus: APEv2"
    tag["Artist"] = "Podline"
    tag["Comment"] = "an APEv2 tag " * 20
    tag.save(out)


def cmd_truncate(src, out, fraction, into):
    """Cuts the file `into` bytes after the start of the frame found at `fraction` of its frames."""
    b = read(src)
    fs = frames(b)
    off, h = fs[int(len(fs) * float(fraction))]
    assert int(into) < h[4]
    write(out, b[:off + int(into)])


def cmd_insert(src, out, fraction, n, seed, into=0):
    """Inserts n random bytes `into` bytes after the start of the frame at `fraction` of the frames."""
    b = read(src)
    fs = frames(b)
    off = fs[int(len(fs) * float(fraction))][0] + int(into)
    junk = bytearray(rnd(int(seed), int(n)))
    write(out, b[:off] + bytes(junk) + b[off:])


def cmd_head(src, out, n):
    """The first n bytes of src (an interrupted download)."""
    write(out, read(src)[:int(n)])


def cmd_frames(src, out, first, count):
    """`count` whole frames of src starting at frame index `first` (no tags)."""
    b = read(src)
    fs = frames(b)
    start = fs[int(first)][0]
    last = fs[int(first) + int(count) - 1]
    write(out, b[start:last[0] + last[1][4]])


def cmd_partialv1(src, out):
    """Appends the first 70 bytes of an ID3v1 tag (the file was cut inside it)."""
    write(out, read(src) + id3v1()[:70])


def chain_at(b, i):
    """Consecutive frames from offset i (free-format frames measured to the next matching header)."""
    out = []
    while i < len(b):
        h = parse_header(b, i)
        if h is None:
            break
        if h[4] is None:  # free format: the frame runs to the next header with the same fixed bits
            key = (b[i + 1], b[i + 2] & 0xFC)
            j = i + 4
            while j + 4 <= len(b) and not (b[j] == 0xFF and b[j + 1] == key[0] and (b[j + 2] & 0xFC) == key[1]):
                j += 1
            h = h[:4] + ((j if j + 4 <= len(b) else len(b)) - i,)
        out.append((i, h))
        i += h[4]
    return out


def cmd_scan(path):
    """Describes a file: leading tags, runs of (MPEG version, rate, channels, bitrate), gaps, trailer."""
    b = read(path)
    start = audio_start(b)
    parts = []
    i = start
    first = None
    end = None
    while i < len(b):
        c = chain_at(b, i)
        # a run counts when at least three frames chain (or it reaches the end of the file)
        if len(c) >= 3 or (c and c[0][1][3] and c[-1][0] + c[-1][1][4] >= len(b)):
            if first is None:
                first = i
            elif end is not None and i > end:
                parts.append(f"[{i - end} bytes not frames at {end}]")
            runs = []
            for off, h in c:
                key = (h[0], h[1], h[2])
                if runs and runs[-1][0] == key:
                    runs[-1][1] += 1
                    runs[-1][2].add(h[3])
                else:
                    runs.append([key, 1, {h[3]}])
            parts += [f"{n}x MPEG{'2.5' if k[0] == 25 else k[0]} {k[1]}Hz {'mono' if k[2] == 1 else 'stereo'} "
                      f"{'/'.join(str(x) if x else 'free' for x in sorted(brs))}k" for k, n, brs in runs]
            end = c[-1][0] + c[-1][1][4]
            i = end
        else:
            i += 1
    if end is not None and end > len(b):
        parts.append(f"[last frame cut: {end - len(b)} bytes missing]")
    elif end is not None and end < len(b):
        parts.append(f"[{len(b) - end} trailing bytes: {b[end:end + 8]!r}...]")
    tail = ", ".join(parts) if parts else "no frames"
    print(f"{path}: {len(b)} bytes, tags end at {start}, first frame at {first}: {tail}")


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        raise SystemExit(2)
    fn = globals().get("cmd_" + sys.argv[1])
    if fn is None:
        raise SystemExit(f"unknown command {sys.argv[1]}")
    fn(*sys.argv[2:])


if __name__ == "__main__":
    main()
