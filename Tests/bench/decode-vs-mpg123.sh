#!/usr/bin/env bash
# Decode benchmark: `podline play --output wav:…` against `mpg123 -w` on the same 10-minute
# 128 kb/s stereo MP3, alternating, median of 5 wall times each, plus callgrind instruction counts.
# Prints a Markdown table row per measure; --json prints one JSON object instead.
# Needs: sox, lame, mpg123, valgrind. Builds podline in release mode with a static Swift runtime.
set -euo pipefail
cd "$(dirname "$0")/../.."
json=false
[ "${1:-}" = "--json" ] && json=true
runs=${RUNS:-5}
work=$(mktemp -d /tmp/podline-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

swift build -c release --static-swift-stdlib --scratch-path "${SCRATCH:-.build}" --product podline >&2
built=$(swift build -c release --static-swift-stdlib --scratch-path "${SCRATCH:-.build}" --show-bin-path)/podline
# valgrind 3.19 cannot read the toolchain's DWARF 5, so both measures use a stripped copy of the same code.
podline="$work/podline"
strip -o "$podline" "$built"

sox -n -r 44100 -c 2 -b 16 "$work/tone.wav" synth 600 sine 220:880 sine 330:990 vol 0.4 2>/dev/null
lame --quiet -b 128 "$work/tone.wav" "$work/ten-minutes.mp3"
rm "$work/tone.wav"

now() { date +%s.%N; }
ours=(); theirs=()
for i in $(seq "$runs"); do
  t0=$(now); "$podline" play "$work/ten-minutes.mp3" --output "wav:$work/ours.wav"; t1=$(now)
  mpg123 -q -w "$work/theirs.wav" "$work/ten-minutes.mp3"; t2=$(now)
  ours+=("$(echo "$t1 - $t0" | bc -l)"); theirs+=("$(echo "$t2 - $t1" | bc -l)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ours_wall=$(median "${ours[@]}"); theirs_wall=$(median "${theirs[@]}")

instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" 2>&1 >/dev/null \
    | awk '/Collected :/ {print $NF}' | tail -1
}
ours_ins=$(instructions "$podline" play "$work/ten-minutes.mp3" --output "wav:$work/ours.wav")
theirs_ins=$(instructions mpg123 -q -w "$work/theirs.wav" "$work/ten-minutes.mp3")

wall_ratio=$(echo "scale=3; $ours_wall / $theirs_wall" | bc -l)
ins_ratio=$(echo "scale=3; $ours_ins / $theirs_ins" | bc -l)
met() { if [ "$(echo "$1 <= 1.05" | bc -l)" = 1 ]; then echo yes; else echo no; fi; }
if $json; then
  printf '{"decode_wall":{"podline":%s,"mpg123":%s,"ratio":%s,"goal":1.05},"decode_instructions":{"podline":%s,"mpg123":%s,"ratio":%s,"goal":1.05}}\n' \
    "$ours_wall" "$theirs_wall" "$wall_ratio" "$ours_ins" "$theirs_ins" "$ins_ratio"
else
  echo "| what | Podline | anchor | ratio | goal | met |"
  echo "|---|---|---|---|---|---|"
  printf '| decode 10 min MP3 to WAV, wall (median of %s) | %.3f s | mpg123 -w %.3f s | %s | ≤ 1.05 | %s |\n' "$runs" "$ours_wall" "$theirs_wall" "$wall_ratio" "$(met "$wall_ratio")"
  printf '| decode 10 min MP3 to WAV, instructions (callgrind) | %s | mpg123 -w %s | %s | ≤ 1.05 | %s |\n' "$ours_ins" "$theirs_ins" "$ins_ratio" "$(met "$ins_ratio")"
fi
