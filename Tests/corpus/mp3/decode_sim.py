#!/usr/bin/env python3
"""Drives the system libmpg123 through ctypes the way Podline's Decoder does, and the way it should.

No compiler is involved: this loads libmpg123.so.0 and calls the same functions Decoder.swift calls,
so a proposed Decoder change can be checked against the corpus before any Swift is touched.

  decode_sim.py defaults                      library defaults of a fresh handle (flags, resync limit, ...)
  decode_sim.py podline FILE OUT.wav          model of today's Decoder + PlaybackEngine file output
  decode_sim.py fixed FILE OUT.wav [opts]     keeps the bytes returned with NEW_FORMAT/DONE/errors,
                                              one WAV header per format segment (like `mpg123 -w - | cat`)
      opts: --resync-limit N   --no-frankenstein   --chunk FRAMES
                --pin   after the first frame, allow only its rate and channel count (what
                        mpg123_open_fixed does): libmpg123 then resamples (NtoM) and mixes later
                        segments itself and never returns NEW_FORMAT

'podline' mirrors (read-only references):
  Decoder.configure           ADD_FLAGS GAPLESS|QUIET; format_none; every rate x mono|stereo x s16
  Decoder.init                mpg123_open(path); mpg123_getformat
  Decoder.read                mpg123_read; NEW_FORMAT and error codes drop the `done` bytes
  PlaybackEngine.step         format captured before decoding; chunk = 16384 frames for file outputs
  PlaybackEngine.write        the output is reopened (file truncated) when the chunk's format differs
Prints one JSON line describing what happened.
"""
import ctypes
import json
import struct
import sys

lib = ctypes.CDLL("libmpg123.so.0")
c_long, c_int, c_size_t, c_double, c_void_p, c_char_p = (
    ctypes.c_long, ctypes.c_int, ctypes.c_size_t, ctypes.c_double, ctypes.c_void_p, ctypes.c_char_p)
lib.mpg123_new.restype = c_void_p
lib.mpg123_new.argtypes = [c_char_p, ctypes.POINTER(c_int)]
lib.mpg123_param2.argtypes = [c_void_p, c_int, c_long, c_double]
lib.mpg123_getparam2.argtypes = [c_void_p, c_int, ctypes.POINTER(c_long), ctypes.POINTER(c_double)]
lib.mpg123_format_none.argtypes = [c_void_p]
lib.mpg123_format.argtypes = [c_void_p, c_long, c_int, c_int]
lib.mpg123_rates.argtypes = [ctypes.POINTER(ctypes.POINTER(c_long)), ctypes.POINTER(c_size_t)]
lib.mpg123_open.argtypes = [c_void_p, c_char_p]
lib.mpg123_getformat.argtypes = [c_void_p, ctypes.POINTER(c_long), ctypes.POINTER(c_int), ctypes.POINTER(c_int)]
lib.mpg123_read.argtypes = [c_void_p, c_void_p, c_size_t, ctypes.POINTER(c_size_t)]
lib.mpg123_plain_strerror.restype = c_char_p
lib.mpg123_plain_strerror.argtypes = [c_int]
lib.mpg123_strerror.restype = c_char_p
lib.mpg123_strerror.argtypes = [c_void_p]
lib.mpg123_errcode.argtypes = [c_void_p]
lib.mpg123_close.argtypes = [c_void_p]
lib.mpg123_delete.argtypes = [c_void_p]

# enum mpg123_parms / flags / codes (mpg123.h, API 47)
VERBOSE, FLAGS, ADD_FLAGS, FORCE_RATE, DOWN_SAMPLE, RVA, DOWNSPEED, UPSPEED, START_FRAME, DECODE_FRAMES, \
    ICY_INTERVAL, OUTSCALE, TIMEOUT, REMOVE_FLAGS, RESYNC_LIMIT, INDEX_SIZE, PREFRAMES, FEEDPOOL, FEEDBUFFER = range(19)
FLAG_NAMES = {0x1: "FORCE_MONO(L)", 0x2: "MONO_RIGHT", 0x4: "MONO_MIX", 0x8: "FORCE_STEREO", 0x10: "FORCE_8BIT",
              0x20: "QUIET", 0x40: "GAPLESS", 0x80: "NO_RESYNC", 0x100: "SEEKBUFFER", 0x200: "FUZZY",
              0x400: "FORCE_FLOAT", 0x800: "PLAIN_ID3TEXT", 0x1000: "IGNORE_STREAMLENGTH", 0x2000: "SKIP_ID3V2",
              0x4000: "IGNORE_INFOFRAME", 0x8000: "AUTO_RESAMPLE", 0x10000: "PICTURE", 0x20000: "NO_PEEK_END",
              0x40000: "FORCE_SEEKABLE", 0x80000: "STORE_RAW_ID3", 0x100000: "FORCE_ENDIAN",
              0x200000: "BIG_ENDIAN", 0x400000: "NO_READAHEAD", 0x800000: "FLOAT_FALLBACK",
              0x1000000: "NO_FRANKENSTEIN"}
GAPLESS, QUIET, NO_FRANKENSTEIN = 0x40, 0x20, 0x1000000
OK, DONE, NEW_FORMAT, NEED_MORE, ERR = 0, -12, -11, -10, -1
MONO, STEREO, ENC_SIGNED_16 = 1, 2, 0xD0
FILE_CHUNK = 16384  # PlaybackEngine.chunkFrames for file outputs


def flag_names(v):
    return [n for bit, n in sorted(FLAG_NAMES.items()) if v & bit]


def message(mh, code):
    if code == ERR:
        return lib.mpg123_strerror(mh).decode()
    return lib.mpg123_plain_strerror(code).decode()


def new_handle(extra_flags=0, resync_limit=None):
    err = c_int(0)
    mh = lib.mpg123_new(None, ctypes.byref(err))
    assert mh, err.value
    lib.mpg123_param2(mh, ADD_FLAGS, GAPLESS | QUIET | extra_flags, 0.0)
    if resync_limit is not None:
        lib.mpg123_param2(mh, RESYNC_LIMIT, resync_limit, 0.0)
    lib.mpg123_format_none(mh)
    rates = ctypes.POINTER(c_long)()
    count = c_size_t(0)
    lib.mpg123_rates(ctypes.byref(rates), ctypes.byref(count))
    for k in range(count.value):
        lib.mpg123_format(mh, rates[k], MONO | STEREO, ENC_SIGNED_16)
    return mh


def getformat(mh):
    rate, ch, enc = c_long(0), c_int(0), c_int(0)
    if lib.mpg123_getformat(mh, ctypes.byref(rate), ctypes.byref(ch), ctypes.byref(enc)) != OK or rate.value <= 0:
        return None
    return (rate.value, ch.value)


def wav_header(rate, ch, nbytes):
    return (b"RIFF" + struct.pack("<I", 36 + nbytes) + b"WAVEfmt " +
            struct.pack("<IHHIIHH", 16, 1, ch, rate, rate * ch * 2, ch * 2, 16) + b"data" + struct.pack("<I", nbytes))


def cmd_defaults():
    err = c_int(0)
    mh = lib.mpg123_new(None, ctypes.byref(err))
    out = {}
    for name, p in [("FLAGS", FLAGS), ("RESYNC_LIMIT", RESYNC_LIMIT), ("PREFRAMES", PREFRAMES),
                    ("INDEX_SIZE", INDEX_SIZE), ("FORCE_RATE", FORCE_RATE), ("DOWN_SAMPLE", DOWN_SAMPLE),
                    ("TIMEOUT", TIMEOUT), ("FEEDPOOL", FEEDPOOL), ("FEEDBUFFER", FEEDBUFFER)]:
        v, f = c_long(0), c_double(0)
        lib.mpg123_getparam2(mh, p, ctypes.byref(v), ctypes.byref(f))
        out[name] = v.value
    out["FLAGS_hex"] = hex(out["FLAGS"])
    out["FLAGS_names"] = flag_names(out["FLAGS"])
    print(json.dumps(out))


def cmd_podline(path, out_path):
    """Today's behaviour, modelled line by line."""
    mh = new_handle()
    events = []
    if lib.mpg123_open(mh, path.encode()) != OK:
        print(json.dumps({"file": path, "error": "open failed"}))
        return
    fmt = getformat(mh)
    if fmt is None:
        print(json.dumps({"file": path, "error": "no MPEG audio frames found (init)"}))
        return
    output_fmt = fmt          # the file output is opened at load with the decoder's format
    written = bytearray()     # what the current output file holds
    lost_bytes = 0
    buf = ctypes.create_string_buffer(FILE_CHUNK * 2 * 2 * 2)
    error = None
    while True:
        step_fmt = fmt        # PlaybackEngine.step: `let format = decoder.format`
        frames = None
        while frames is None:                     # decodeChunk
            size = FILE_CHUNK * fmt[1] * 2
            done = c_size_t(0)
            code = lib.mpg123_read(mh, buf, size, ctypes.byref(done))
            if code in (OK, DONE):
                if done.value > 0:
                    frames = done.value // (fmt[1] * 2)
                elif code == DONE:
                    frames = 0
            elif code == NEW_FORMAT:
                lost_bytes += done.value
                events.append({"new_format": getformat(mh), "dropped_old_format_bytes": done.value})
                fmt = getformat(mh)
            else:
                lost_bytes += done.value
                error = message(mh, code)
                events.append({"error": error, "dropped_bytes": done.value})
                frames = -1
        if frames <= 0:
            break
        # write(pcm, frames: frames, format: step_fmt)
        if output_fmt != step_fmt:
            events.append({"reopen_output": step_fmt, "discarded_frames": len(written) // (output_fmt[1] * 2)})
            output_fmt = step_fmt
            written = bytearray()
        nbytes = frames * step_fmt[1] * 2
        if step_fmt != fmt:
            events.append({"chunk_written_with_stale_format": step_fmt, "decoded_as": fmt, "frames": frames})
        written += buf.raw[:nbytes]
    with open(out_path, "wb") as f:
        f.write(wav_header(output_fmt[0], output_fmt[1], len(written)) + bytes(written))
    lib.mpg123_close(mh)
    lib.mpg123_delete(mh)
    print(json.dumps({"file": path, "model": "podline", "output": [output_fmt[0], output_fmt[1], len(written) // (output_fmt[1] * 2)],
                      "error": error, "lost_bytes": lost_bytes, "events": events}))


def cmd_fixed(path, out_path, *opts):
    """The proposed loop: every returned byte is kept in the format it was decoded in."""
    opts = list(opts)
    resync = None
    extra = 0
    chunk = FILE_CHUNK
    pin = False
    while opts:
        o = opts.pop(0)
        if o == "--resync-limit":
            resync = int(opts.pop(0))
        elif o == "--no-frankenstein":
            extra |= NO_FRANKENSTEIN
        elif o == "--chunk":
            chunk = int(opts.pop(0))
        elif o == "--pin":
            pin = True
    mh = new_handle(extra, resync)
    if lib.mpg123_open(mh, path.encode()) != OK:
        print(json.dumps({"file": path, "error": "open failed"}))
        return
    fmt = getformat(mh)
    if pin and fmt is not None:
        lib.mpg123_format_none(mh)
        lib.mpg123_format(mh, fmt[0], fmt[1], ENC_SIGNED_16)
    segments = []
    cur = bytearray()
    error = None
    if fmt is None:
        error = message(mh, lib.mpg123_errcode(mh)) if lib.mpg123_errcode(mh) else "no MPEG frames"
    buf = ctypes.create_string_buffer(chunk * 2 * 2)
    while fmt is not None:
        done = c_size_t(0)
        code = lib.mpg123_read(mh, buf, chunk * fmt[1] * 2, ctypes.byref(done))
        cur += buf.raw[:done.value]            # the bytes are in the format in force before `code`
        if code == OK:
            continue
        if code == NEW_FORMAT:
            if cur:
                segments.append((fmt, cur))
            cur = bytearray()
            fmt = getformat(mh)
            continue
        if code != DONE:
            error = message(mh, code)
        break
    if fmt is not None and cur:
        segments.append((fmt, cur))
    with open(out_path, "wb") as f:
        for (rate, ch), data in segments:
            f.write(wav_header(rate, ch, 0) + bytes(data))   # pipe-style: placeholder sizes
    print(json.dumps({"file": path, "model": "fixed", "segments": [[r, c, len(d) // (c * 2)] for (r, c), d in segments],
                      "error": error}))


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        raise SystemExit(2)
    fn = {"defaults": cmd_defaults, "podline": cmd_podline, "fixed": cmd_fixed}.get(sys.argv[1])
    if fn is None:
        raise SystemExit("unknown command")
    fn(*sys.argv[2:])


if __name__ == "__main__":
    main()
