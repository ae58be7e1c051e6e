#!/usr/bin/env bash
# Playback benchmark, now the playback rows of podline-bench: 60 s of real-time playback into a private
# PulseAudio null sink, `podline play --output pulse` against `mpg123 -o pulse`, plus Podline at 1.5×
# speed, alternating, median of RUNS (default 3) CPU times and peak RSS. The release podline is built
# with --static-swift-stdlib in SCRATCH (default .build-release). Further options go to podline-bench.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec swift run -c release podline-bench --only playback --runs "${RUNS:-3}" --scratch "${SCRATCH:-.build-release}" "$@"
