#!/usr/bin/env bash
# Playback benchmark: real-time playback of 60 s into a private PulseAudio null sink,
# `podline play --output pulse` against `mpg123 -o pulse` on the same file, alternating, median of
# RUNS (default 3) each: CPU time (user+sys) and peak RSS; plus Podline at 1.5× speed.
# Needs: pulseaudio, sox, lame, mpg123, GNU time. Builds podline in release mode.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${RUNS:-3}
work=$(mktemp -d /tmp/podline-playbench.XXXXXX)
export XDG_RUNTIME_DIR="$work/runtime" HOME="$work/runtime"
mkdir -m 700 -p "$XDG_RUNTIME_DIR"
cleanup() {
  [ -f "$XDG_RUNTIME_DIR/pulse/pid" ] && kill "$(cat "$XDG_RUNTIME_DIR/pulse/pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

swift build -c release --static-swift-stdlib --scratch-path "${SCRATCH:-.build}" --product podline >&2
podline=$(swift build -c release --static-swift-stdlib --scratch-path "${SCRATCH:-.build}" --show-bin-path)/podline

sox -n -r 44100 -c 2 -b 16 "$work/a.wav" synth 60 sine 220:880 sine 330:990 vol 0.4 2>/dev/null
lame --quiet -b 128 "$work/a.wav" "$work/minute.mp3"
pulseaudio -D -n --exit-idle-time=-1 --load="module-null-sink sink_name=bench" --load=module-native-protocol-unix 2>/dev/null
sleep 1

measure() { # prints "cpu_seconds rss_kb"
  /usr/bin/time -f "%U %S %M" -o "$work/t" "$@" >/dev/null 2>&1
  awk '{printf "%.3f %d\n", $1 + $2, $3}' "$work/t"
}
ours=(); theirs=(); fast=()
for i in $(seq "$runs"); do
  ours+=("$(measure "$podline" play "$work/minute.mp3" --output pulse)")
  theirs+=("$(measure mpg123 -q -o pulse "$work/minute.mp3")")
  fast+=("$(measure "$podline" play "$work/minute.mp3" --output pulse --speed 1.5)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$0} END {print a[int((NR+1)/2)]}'; }
col() { local n=$1; shift; for x in "$@"; do echo "$x" | awk -v n="$n" '{print $n}'; done; }
ours_cpu=$(median $(col 1 "${ours[@]}")); ours_rss=$(median $(col 2 "${ours[@]}"))
theirs_cpu=$(median $(col 1 "${theirs[@]}")); theirs_rss=$(median $(col 2 "${theirs[@]}"))
fast_cpu=$(median $(col 1 "${fast[@]}"))
ratio=$(echo "scale=2; $ours_cpu / $theirs_cpu" | bc -l)
echo "| what | Podline | anchor | ratio | goal | met |"
echo "|---|---|---|---|---|---|"
printf '| play 60 s into a PulseAudio null sink, CPU (median of %s) | %s s | mpg123 -o pulse %s s | %s | ≤ 1.5 | %s |\n' \
  "$runs" "$ours_cpu" "$theirs_cpu" "$ratio" "$( [ "$(echo "$ratio <= 1.5" | bc -l)" = 1 ] && echo yes || echo no)"
printf '| same, peak RSS | %.1f MB | mpg123 %.1f MB | | ≤ 25 MB | %s |\n' \
  "$(echo "$ours_rss / 1024" | bc -l)" "$(echo "$theirs_rss / 1024" | bc -l)" "$( [ "$ours_rss" -le 25600 ] && echo yes || echo no)"
printf '| same at 1.5× speed (40 s), CPU | %s s | podline at 1× %s s | %s | report | |\n' \
  "$fast_cpu" "$ours_cpu" "$(echo "scale=2; $fast_cpu / $ours_cpu" | bc -l)"
