#!/usr/bin/env python3
"""Compares Podline's WAV output with mpg123's, sample by sample (used by compare.sh).

  compare.py one NAME REF.wav REFPIPE.wav OUT.wav MPG_RC MPG_ERR POD_RC POD_ERR [HTTP.wav HTTP_RC HTTP_ERR]
                                                                                  -> one JSON line
  compare.py table RESULTS.jsonl                                                  -> a Markdown table

REF.wav is `mpg123 -w REF.wav` (a seekable file: reopened, hence truncated, at each format change, so
it holds only the audio after the last change). REFPIPE.wav is `mpg123 -w - | cat` (a pipe: one
RIFF header per format segment, sizes left as placeholders), which keeps every segment.
WAV files are read with the `wave` module when it can; WAVE_FORMAT_EXTENSIBLE (what libao writes,
and which Python < 3.12's `wave` refuses) and multi-header pipe output are parsed by hand.
"""
import json
import os
import struct
import sys
import wave
from array import array


def read_wav(path):
    """[(rate, channels, samples: array('h'))] for a WAV file; [] if missing/empty; None if unparsable."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return []
    raw = open(path, "rb").read()
    try:
        with wave.open(path, "rb") as w:
            if w.getsampwidth() != 2:
                return None
            data = array("h", w.readframes(w.getnframes()))
            # a header whose sizes cover the whole file: the wave module's answer stands; otherwise
            # (pipe output with placeholder sizes, or several headers) parse the stream by hand
            if len(raw) - 2 * len(data) <= 128 and raw.count(b"WAVEfmt ") == 1:
                return [(w.getframerate(), w.getnchannels(), data)]
    except (wave.Error, EOFError, struct.error):
        pass
    return read_riff_stream(raw)


def read_riff_stream(b):
    """Parses one or more concatenated RIFF/WAVE headers (pipe output has placeholder sizes)."""
    segments = []
    i = 0
    while i + 12 <= len(b) and b[i:i + 4] == b"RIFF" and b[i + 8:i + 12] == b"WAVE":
        j = i + 12
        rate = channels = bits = None
        data = None
        while j + 8 <= len(b):
            cid, size = b[j:j + 4], struct.unpack("<I", b[j + 4:j + 8])[0]
            if cid == b"fmt ":
                tag, channels, rate, _, _, bits = struct.unpack("<HHIIHH", b[j + 8:j + 24])
                j += 8 + size + (size & 1)
            elif cid == b"data":
                start = j + 8
                # a placeholder size (0 or 0xFFFFFFFF), or one past the end: the data runs to the next header
                nxt = b.find(b"RIFF", start)
                while nxt >= 0 and b[nxt + 8:nxt + 16] != b"WAVEfmt ":
                    nxt = b.find(b"RIFF", nxt + 1)
                end_guess = len(b) if nxt < 0 else nxt
                end = start + size if 0 < size < 0xFFFFFFFF and start + size <= end_guess else end_guess
                data = b[start:end]
                j = end
                break
            else:
                j += 8 + size + (size & 1)
        if rate is None or data is None or bits != 16:
            return None
        samples = array("h")
        samples.frombytes(data[:len(data) - len(data) % 2])
        segments.append((rate, channels, samples))
        i = j
    return segments if segments else None


def describe(segs):
    if segs is None:
        return "unparsable"
    if not segs:
        return "no output"
    return " + ".join(f"{len(s) // c} fr @ {r} Hz/{c} ch" for r, c, s in segs)


def diff(ref, out):
    """Compares two single-segment decodes: dict with identical, first difference, maxdiff."""
    (rr, rc, rs), (orr, oc, os_) = ref, out
    res = {"same_format": rr == orr and rc == oc}
    if not res["same_format"]:
        res["identical"] = False
        res["first_diff"] = "format differs"
        return res
    n = min(len(rs), len(os_))
    first = None
    maxd = 0
    count = 0
    for k in range(n):
        d = abs(rs[k] - os_[k])
        if d:
            count += 1
            if first is None:
                first = k
            if d > maxd:
                maxd = d
    res["differing_samples"] = count
    res["max_abs_diff"] = maxd
    if first is not None:
        res["first_diff"] = f"frame {first // rc} ch {first % rc}: mpg123 {rs[first]} podline {os_[first]}"
    elif len(rs) != len(os_):
        res["first_diff"] = f"length: frame {n // rc} (common prefix identical)"
    else:
        res["first_diff"] = None
    res["identical"] = first is None and len(rs) == len(os_)
    # offset search: is Podline's output the reference shifted (a few frames lost or added at the start)?
    if first is not None and n > 2000:
        res["shift"] = find_shift(rs, os_, rc)
    return res


def find_shift(a, b, ch, window=4096, max_shift=200000):
    """Frames by which b equals a shifted (b[k] == a[k+shift]); None if no exact match of a window."""
    probe = b[: min(len(b), window * ch)]
    if len(probe) < 64:
        return None
    pb = probe.tobytes()
    ab = a.tobytes()
    pos = ab.find(pb)
    while pos >= 0 and pos % (2 * ch):
        pos = ab.find(pb, pos + 1)
    if pos >= 0:
        return pos // (2 * ch)
    # maybe a lost the start instead: search a's head in b
    probe = a[: min(len(a), window * ch)].tobytes()
    pos = b.tobytes().find(probe)
    while pos >= 0 and pos % (2 * ch):
        pos = b.tobytes().find(probe, pos + 1)
    return -(pos // (2 * ch)) if pos >= 0 else None


def first_line(path):
    try:
        with open(path, errors="replace") as f:
            for line in f:
                line = line.strip()
                if line:
                    return line
    except OSError:
        pass
    return ""


def cmd_one(name, ref_path, pipe_path, out_path, mpg_rc, mpg_err, pod_rc, pod_err, *http):
    ref = read_wav(ref_path)
    pipe = read_wav(pipe_path)
    out = read_wav(out_path)
    row = {
        "file": name,
        "mpg123": describe(ref),
        "mpg123_all_segments": describe(pipe),
        "mpg123_rc": int(mpg_rc),
        "mpg123_err": first_line(mpg_err),
        "podline": describe(out),
        "podline_rc": int(pod_rc),
        "podline_err": first_line(pod_err),
    }
    if ref and out and len(ref) == 1 and len(out) == 1:
        row.update(diff(ref[0], out[0]))
        row["ref_frames"] = len(ref[0][2]) // ref[0][1]
        row["out_frames"] = len(out[0][2]) // out[0][1]
    else:
        row["identical"] = (not ref and not out)
        row["first_diff"] = None if row["identical"] else "one side has no output"
    # how Podline's output sits within the full (all-segments) decode
    if pipe and out and len(out) == 1:
        row["segments"] = len(pipe)
        last = pipe[-1]
        if len(pipe) > 1:
            row["note_segments"] = "mpg123 -w keeps only the last of %d format segments" % len(pipe)
        if last[0] == out[0][0] and last[1] == out[0][1]:
            row["out_equals_last_segment"] = last[2] == out[0][2]
    if http:
        hout = read_wav(http[0])
        row["http"] = describe(hout)
        row["http_rc"] = int(http[1])
        row["http_err"] = first_line(http[2])
        if ref and hout and len(ref) == 1 and len(hout) == 1:
            d = diff(ref[0], hout[0])
            row["http_identical"] = d["identical"]
            row["http_first_diff"] = d.get("first_diff")
            if d.get("shift") is not None:
                row["http_first_diff"] = (row["http_first_diff"] or "") + f"; shifted by {d['shift']} frames"
        else:
            row["http_identical"] = not ref and not hout
            row["http_first_diff"] = None if row["http_identical"] else "one side has no output"
    print(json.dumps(row, ensure_ascii=False))


def cmd_table(path):
    rows = [json.loads(l) for l in open(path) if l.strip()]
    http = any("http" in r for r in rows)

    def cell(text, limit=110):
        text = (text or "").replace("|", "\\|")
        return text if len(text) <= limit else text[:limit - 3] + "..."

    head = ("| file | mpg123 -w (frames @ rate/ch), rc | all segments (mpg123 -w - \\| cat) | Podline (frames @ rate/ch) "
            "| Podline rc | Podline stderr (first line) | verdict |")
    rule = "|---|---|---|---|---|---|---|"
    if http:
        head += " Podline over HTTP (fed decoder): output, rc, stderr | HTTP verdict |"
        rule += "---|---|"
    print(head)
    print(rule)
    for r in rows:
        if r["identical"]:
            verdict = "identical"
        else:
            verdict = "DIFFERENT"
            if r.get("first_diff"):
                verdict += ": " + r["first_diff"]
            if r.get("max_abs_diff"):
                verdict += f" (max |d|={r['max_abs_diff']}, {r['differing_samples']} samples)"
            if r.get("shift") is not None:
                verdict += f"; Podline = mpg123 shifted by {r['shift']} frames"
        if r.get("podline_rc") == 124:
            verdict = "TIMEOUT: Podline never ended (killed by timeout); " + verdict
        line = (f"| {r['file']} | {r['mpg123']}, rc {r['mpg123_rc']} | {r['mpg123_all_segments']} | {r['podline']} | "
                f"{r['podline_rc']} | {cell(r['podline_err'])} | {cell(verdict, 200)} |")
        if http:
            hv = "identical" if r.get("http_identical") else "DIFFERENT: " + (r.get("http_first_diff") or "")
            if r.get("http_rc") == 124:
                hv = "TIMEOUT: Podline never ended (killed by timeout); " + hv
            line += f" {r.get('http', '')}, rc {r.get('http_rc', '')}, {cell(r.get('http_err', ''), 90)} | {cell(hv, 120)} |"
        print(line)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        raise SystemExit(2)
    if sys.argv[1] == "one":
        cmd_one(*sys.argv[2:])
    elif sys.argv[1] == "table":
        cmd_table(*sys.argv[2:])
    else:
        raise SystemExit("unknown command")


if __name__ == "__main__":
    main()
