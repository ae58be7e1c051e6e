#!/bin/sh
# Builds podline-fuzz with libFuzzer and AddressSanitizer, and runs one fuzz target.
#
#   Tests/fuzz/run.sh build                 build .build-fuzz/release/podline-fuzz only
#   Tests/fuzz/run.sh TARGET [SECONDS]      fuzz feed, opml, command, socket, id3, chapters, transcript, keys, screen, media or icy (default 600 s)
#   Tests/fuzz/run.sh all [SECONDS]         every target in turn
#
# The corpus the fuzzer grows and any crash-*, timeout-* or oom-* input go to $FUZZ_WORK/TARGET
# (default /tmp/podline-fuzz); only the seeds in Tests/fuzz/corpus are kept in the repository.
set -eu
SCRIPT=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/../.."
SCRATCH=${SCRATCH:-.build-fuzz}
WORK=${FUZZ_WORK:-/tmp/podline-fuzz}
BINARY=$SCRATCH/release/podline-fuzz

build() {
    # -enable-testing lets the socket target reach PodlineCLI's internal line splitter and request decoder;
    # lld, because gold stops with an internal error on the instrumented objects.
    flock /tmp/podline-build.lock swift build -c release --scratch-path "$SCRATCH" --product podline-fuzz \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -enable-testing -Xswiftc -use-ld=lld
}

fuzz() {
    target=$1
    seconds=$2
    dict=
    case $target in
        feed|opml) dict=Tests/fuzz/xml.dict ;;
        command) dict=Tests/fuzz/command.dict ;;
        socket) dict=Tests/fuzz/socket.dict ;;
        chapters) dict=Tests/fuzz/json.dict ;;
        transcript) dict=Tests/fuzz/transcript.dict ;;
        icy) dict=Tests/fuzz/icy.dict ;;
    esac
    mkdir -p "$WORK/$target"
    # One fuzzer process at a time, at the lowest priority: builds and real-time tests need the other core.
    PODLINE_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 nice -n 19 "$BINARY" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 \
        ${dict:+-dict="$dict"} -artifact_prefix="$WORK/$target-" "$WORK/$target" "Tests/fuzz/corpus/$target"
}

command=${1:-}
seconds=${2:-600}
case $command in
    "") sed -n '2,9p' "$SCRIPT" | sed 's/^# \{0,1\}//' >&2; exit 64 ;;
    build) build ;;
    all) [ -x "$BINARY" ] || build; for target in feed opml command socket id3 chapters transcript keys screen media icy; do fuzz "$target" "$seconds"; done ;;
    feed|opml|command|socket|id3|chapters|transcript|keys|screen|media|icy) [ -x "$BINARY" ] || build; fuzz "$command" "$seconds" ;;
    *) echo "run.sh: unknown target '$command' (use build, feed, opml, command, socket, id3, chapters, transcript, keys, screen, media, icy or all)" >&2; exit 64 ;;
esac
