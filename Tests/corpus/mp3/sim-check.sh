#!/usr/bin/env bash
# Checks decode_sim.py against the outputs compare.sh left in RESULTDIR:
#   - the 'podline' model must reproduce Podline's WAV byte for byte (so the reading of Decoder.swift
#     and PlaybackEngine.swift behind it is right), and
#   - the 'fixed' loop must reproduce `mpg123 -w - | cat` (every segment) byte for byte.
#
#   Tests/corpus/mp3/sim-check.sh OUTDIR [RESULTDIR]
set -uo pipefail
OUTDIR=${1:?usage: sim-check.sh OUTDIR [RESULTDIR]}
RES=${2:-$OUTDIR/compare}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SIM="$RES/sim"
mkdir -p "$SIM"
rm -f "$SIM/sim.jsonl"
printf '%-36s %-10s %-10s %s\n' file model=pod fixed=mpg fixed-loop-segments
for file in "$OUTDIR"/*.mp3; do
    name=$(basename "$file" .mp3)
    python3 "$HERE/decode_sim.py" podline "$file" "$SIM/$name.model.wav" >>"$SIM/sim.jsonl"
    python3 "$HERE/decode_sim.py" fixed "$file" "$SIM/$name.fixed.wav" >"$SIM/$name.fixed.json"
    cat "$SIM/$name.fixed.json" >>"$SIM/sim.jsonl"
    a=$(python3 -c "
import sys; sys.path.insert(0, '$HERE'); import compare
def same(x, y):
    x, y = compare.read_wav(x), compare.read_wav(y)
    if not x and not y: return 'same(none)'
    if not x or not y: return 'DIFF'
    return 'same' if [(r, c, bytes(s)) for r, c, s in x] == [(r, c, bytes(s)) for r, c, s in y] else 'DIFF'
print(same('$SIM/$name.model.wav', '$RES/$name.podline.wav'), same('$SIM/$name.fixed.wav', '$RES/$name.mpg123-pipe.wav'))
")
    segs=$(python3 -c "import json; d=json.load(open('$SIM/$name.fixed.json')); print(d.get('segments'), d.get('error') or '')")
    printf '%-36s %-10s %-10s %s\n' "$name" $a "$segs"
done
