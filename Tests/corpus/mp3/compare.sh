#!/usr/bin/env bash
# Decodes every OUTDIR/*.mp3 with mpg123 and with Podline and compares the PCM sample by sample.
#
#   Tests/corpus/mp3/compare.sh PODLINE OUTDIR [RESULTDIR]
#
# PODLINE is a podline binary (use a copy, not .build/debug/podline while a build may replace it).
# For each FILE: `mpg123 -q -w REF.wav FILE` (the reference), `mpg123 -q -w - FILE | cat` (every
# format segment, one WAV header each), and `PODLINE play FILE --output wav:OUT.wav --quiet
# --home DIR` with a fresh HOME, XDG_RUNTIME_DIR and XDG_CONFIG_HOME so that no running player
# is reached. Exit codes and stderr of both are kept. Results go to RESULTDIR (default
# OUTDIR/compare): results.jsonl (one JSON object per file), table.md, and the WAVs and logs.
#
# With COMPARE_HTTP=1 each file is also played as http://127.0.0.1:PORT/FILE from a python3
# http.server on the loopback address started (and stopped) here, which exercises Podline's fed
# decoder (Decoder(streamNamed:) + mpg123_feed) instead of mpg123_open.
set -uo pipefail

PODLINE=${1:?usage: compare.sh PODLINE OUTDIR [RESULTDIR]}
OUTDIR=${2:?usage: compare.sh PODLINE OUTDIR [RESULTDIR]}
RES=${3:-$OUTDIR/compare}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PODLINE=$(cd "$(dirname "$PODLINE")" && pwd)/$(basename "$PODLINE")
TIMEOUT=${COMPARE_TIMEOUT:-60}

command -v mpg123 >/dev/null || { echo "compare: mpg123 is missing" >&2; exit 1; }
[ -x "$PODLINE" ] || { echo "compare: $PODLINE is not executable" >&2; exit 1; }

mkdir -p "$RES"
rm -f "$RES/results.jsonl"
SCRATCH=$(mktemp -d)
SERVER_PID=
cleanup() {
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null
    rm -rf "$SCRATCH"
}
trap cleanup EXIT

# play_podline SOURCE OUT.wav LOGPREFIX: one Podline run in a fresh, empty environment (no config, no
# library, no control socket shared with any other player); prints its exit code.
play_podline() {
    local source=$1 wav=$2 log=$3 run
    run=$(mktemp -d "$SCRATCH/run.XXXXXX")
    mkdir -p "$run/home" "$run/runtime" "$run/config"
    chmod 700 "$run/runtime"
    env -i PATH="$PATH" LANG=C.UTF-8 HOME="$run/home" XDG_RUNTIME_DIR="$run/runtime" \
        XDG_CONFIG_HOME="$run/config" XDG_DATA_HOME="$run/home/data" XDG_CACHE_HOME="$run/home/cache" \
        timeout "$TIMEOUT" "$PODLINE" play "$source" --output "wav:$wav" --quiet --home "$run/home/podline" \
        </dev/null >"$log.out" 2>"$log.err"
    echo $?
}

PORT=
if [ "${COMPARE_HTTP:-0}" = 1 ]; then
    PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    python3 -m http.server --bind 127.0.0.1 --directory "$OUTDIR" "$PORT" >"$RES/http-server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 50); do
        python3 -c 'import socket,sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 0.2)' "$PORT" 2>/dev/null && break
        sleep 0.1
    done
fi

for file in "$OUTDIR"/*.mp3; do
    name=$(basename "$file" .mp3)
    ref="$RES/$name.mpg123.wav"
    pipe="$RES/$name.mpg123-pipe.wav"
    out="$RES/$name.podline.wav"
    rm -f "$ref" "$pipe" "$out"

    timeout "$TIMEOUT" mpg123 -q -w "$ref" "$file" 2>"$RES/$name.mpg123.err"
    mpg_rc=$?
    timeout "$TIMEOUT" mpg123 -q -w - "$file" 2>/dev/null | cat >"$pipe"

    pod_rc=$(play_podline "$file" "$out" "$RES/$name.podline")
    http_args=()
    if [ -n "$PORT" ]; then
        hout="$RES/$name.podline-http.wav"
        rm -f "$hout"
        http_rc=$(play_podline "http://127.0.0.1:$PORT/$name.mp3" "$hout" "$RES/$name.podline-http")
        http_args=("$hout" "$http_rc" "$RES/$name.podline-http.err")
    fi

    python3 "$HERE/compare.py" one "$name.mp3" "$ref" "$pipe" "$out" \
        "$mpg_rc" "$RES/$name.mpg123.err" "$pod_rc" "$RES/$name.podline.err" "${http_args[@]}" >>"$RES/results.jsonl"
done

python3 "$HERE/compare.py" table "$RES/results.jsonl" >"$RES/table.md"
same=$(grep -c '"identical": true' "$RES/results.jsonl")
total=$(wc -l <"$RES/results.jsonl")
echo "compare: $same of $total files identical; see $RES/table.md"
