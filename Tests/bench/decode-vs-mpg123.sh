#!/usr/bin/env bash
# Decode benchmark, now the decode rows of podline-bench: `podline play FILE --output wav:…` against
# `mpg123 -w` on 10-minute tone and speech MP3s, alternating, median of RUNS (default 5) wall and CPU
# times, plus callgrind instruction counts. The release podline is built with --static-swift-stdlib in
# SCRATCH (default .build-release). Further options (--json, --no-build, …) go to podline-bench.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec swift run -c release podline-bench --only decode --runs "${RUNS:-5}" --scratch "${SCRATCH:-.build-release}" "$@"
