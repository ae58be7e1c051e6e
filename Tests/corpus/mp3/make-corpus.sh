#!/usr/bin/env bash
# Generates the awkward-MP3 corpus into OUTDIR, deterministically (same tools, same bytes).
#
#   Tests/corpus/mp3/make-corpus.sh OUTDIR
#
# Needs sox, lame, espeak-ng and mutagen (Debian packages: apt-get install sox lame espeak-ng
# python3-mutagen; or pip install mutagen). $PYTHON, else the first of python3 and /usr/bin/python3
# that has mutagen, runs tag.py.
# Writes OUTDIR/*.mp3, OUTDIR/DESCRIPTION.txt (what each file is, with a frame scan) and
# OUTDIR/SHA256SUMS. Every source is a short synthetic tone or espeak-ng speech, so the whole
# corpus is a few MB and takes seconds to make.
set -euo pipefail

OUT=${1:?usage: make-corpus.sh OUTDIR}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PY=${PYTHON:-}
if [ -z "$PY" ]; then
    for candidate in python3 /usr/bin/python3; do
        if "$candidate" -c 'import mutagen' 2>/dev/null; then PY=$candidate; break; fi
    done
fi
PY=${PY:-python3}
TAG="$PY $HERE/tag.py"
for tool in sox lame espeak-ng "$PY"; do
    command -v "$tool" >/dev/null || { echo "make-corpus: $tool is missing" >&2; exit 1; }
done
"$PY" -c 'import mutagen' 2>/dev/null || { echo "make-corpus: $PY has no mutagen (apt-get install python3-mutagen, or pip install mutagen)" >&2; exit 1; }

mkdir -p "$OUT"
rm -f "$OUT"/*.mp3 "$OUT"/DESCRIPTION.txt "$OUT"/SHA256SUMS
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export LC_ALL=C

# tone NAME RATE CHANNELS SECONDS: a sweep per channel (left and right differ), fades at both ends.
tone() {
    local name=$1 rate=$2 ch=$3 secs=$4
    if [ "$ch" = 1 ]; then
        sox -R -n -r "$rate" -c 1 -b 16 "$W/$name.wav" synth "$secs" sine 300-1200 vol 0.5 fade 0.01 "$secs" 0.01
    else
        sox -R -n -r "$rate" -c 2 -b 16 "$W/$name.wav" synth "$secs" sine 300-1200 sine 1000-400 vol 0.5 fade 0.01 "$secs" 0.01
    fi
}
# enc SRC.wav OUT.mp3 LAME-OPTIONS...: quiet, deterministic lame run.
enc() {
    local src=$1 out=$2
    shift 2
    lame --silent --noreplaygain "$@" "$W/$src.wav" "$W/$out.mp3" 2>"$W/lame.err" || { cat "$W/lame.err" >&2; exit 1; }
}
desc() { # NAME TEXT: records what a corpus file is
    printf '%s\t%s\n' "$1" "$2" >>"$W/desc.tsv"
}

# ---- sources
tone s44 44100 2 2
tone s44b 44100 2 1
tone m44 44100 1 1
tone s22 22050 2 1.5
tone m22 22050 1 1
tone s48 48000 2 1
tone s32 32000 2 1
tone m8 8000 1 0.3
tone m8long 8000 1 1.5
tone m11 11025 1 1.5
tone m11tiny 11025 1 0.03
tone s44short 44100 2 0.1
espeak-ng -v en -s 170 -w "$W/speech.wav" "Podline corpus. The quick brown fox jumps over the lazy dog."

# ---- encoded parts
enc s44 plain -b 128                                  # CBR 128k with a LAME/Info tag
enc s44b plain2 -b 128
enc s44 vbr -V 2
enc s44 vbrnox -V 2 -t
enc s44 free --freeformat -b 400
enc m8long mpeg25_8k -b 16 --resample 8
enc m11 mpeg25_11k -b 24 --resample 11.025
enc m11tiny tiny11k -b 24 --resample 11.025
enc speech speech -b 64
enc s22 p22 -b 64 --resample 22.05
enc s22 p22t -b 64 --resample 22.05 -t
enc s44b p44t -b 128 -t
enc m44 m44 -b 64
enc m44 m44t -b 64 -t
enc s48 p48t -b 160 --resample 48 -t
enc s32 p32t -b 96 --resample 32 -t
enc m22 m22t -b 48 --resample 22.05 -t
enc m8 m8t -b 8 --resample 8 -t
enc s44short low32t -b 32 --resample 44.1 -t -F
enc s44 high320t -b 320 --resample 44.1 -t

# ---- 1. tags
$TAG v23rich "$W/plain.mp3" "$OUT/tag_v23_rich_apic200k.mp3"
desc tag_v23_rich_apic200k.mp3 "ID3v2.3 (mutagen): APIC 200 KiB, PRIV x2, GEOB 5 KB, TXXX, COMM, USLT, wrong TLEN; then CBR 128k 44.1k stereo with Info tag"
$TAG v24chap "$W/plain.mp3" "$OUT/tag_v24_chapters.mp3" 2
desc tag_v24_chapters.mp3 "ID3v2.4 (mutagen): CTOC + 3 CHAP with TIT2/WXXX sub-frames, TXXX, COMM, no padding"
$TAG v24footer "$W/plain.mp3" "$OUT/tag_v24_footer.mp3"
desc tag_v24_footer.mp3 "ID3v2.4 with a footer (3DI), no padding"
$TAG v24unsync "$W/plain.mp3" "$OUT/tag_v24_unsync_frame.mp3"
desc tag_v24_unsync_frame.mp3 "ID3v2.4 PRIV frame with the unsynchronisation + data-length flags; body full of FF FB 90 44"
$TAG v23unsync "$W/plain.mp3" "$OUT/tag_v23_unsync_tag.mp3"
desc tag_v23_unsync_tag.mp3 "ID3v2.3 with tag-wide unsynchronisation (flag 0x80), APIC of FF F3 pairs"
$TAG v23pad64k "$W/plain.mp3" "$OUT/tag_v23_padding64k.mp3"
desc tag_v23_padding64k.mp3 "ID3v2.3 with 65536 bytes of padding"
$TAG v23ext "$W/plain.mp3" "$OUT/tag_v23_exthdr.mp3"
desc tag_v23_exthdr.mp3 "ID3v2.3 with an extended header (CRC-32)"
$TAG v24ext "$W/plain.mp3" "$OUT/tag_v24_exthdr.mp3"
desc tag_v24_exthdr.mp3 "ID3v2.4 with an extended header (update + CRC + restrictions)"
$TAG v1v2 "$W/plain.mp3" "$OUT/tag_v1_and_v2.mp3"
desc tag_v1_and_v2.mp3 "ID3v2.3 in front, ID3v1.1 at the end"
$TAG ape "$W/plain.mp3" "$OUT/tag_apev2_end.mp3"
desc tag_apev2_end.mp3 "APEv2 tag (header + footer, mutagen) at the end"
$TAG two "$W/plain.mp3" "$OUT/tag_two_id3v2.mp3"
desc tag_two_id3v2.mp3 "two ID3v2 tags back to back (v2.3 + v2.4)"
$TAG shortsize "$W/plain.mp3" "$OUT/tag_v23_size_100_short.mp3"
desc tag_v23_size_100_short.mp3 "ID3v2.3 whose header size is 100 bytes too small (tag bytes before the first frame)"

# ---- 2. format changes mid-stream (cat of separately encoded parts)
$TAG cat "$OUT/fmt_rate_44k_to_22k_info.mp3" "$W/plain.mp3" "$W/p22.mp3"
desc fmt_rate_44k_to_22k_info.mp3 "cat: 2 s 44.1k stereo (Info tag) + 1.5 s 22.05k stereo (Info tag)"
$TAG cat "$OUT/fmt_rate_48k_to_32k.mp3" "$W/p48t.mp3" "$W/p32t.mp3"
desc fmt_rate_48k_to_32k.mp3 "cat: 1 s 48k stereo + 1 s 32k stereo, no Info tags"
$TAG cat "$OUT/fmt_mono_to_stereo.mp3" "$W/m44t.mp3" "$W/p44t.mp3"
desc fmt_mono_to_stereo.mp3 "cat: 1 s 44.1k mono + 1 s 44.1k stereo, no Info tags"
$TAG cat "$OUT/fmt_stereo_to_mono_info.mp3" "$W/plain2.mp3" "$W/m44.mp3"
desc fmt_stereo_to_mono_info.mp3 "cat: 1 s 44.1k stereo (Info tag) + 1 s 44.1k mono (Info tag)"
$TAG cat "$OUT/fmt_rate_and_channels.mp3" "$W/p44t.mp3" "$W/m22t.mp3" "$W/p48t.mp3"
desc fmt_rate_and_channels.mp3 "cat: 44.1k stereo + 22.05k mono + 48k stereo, 1 s each, no Info tags"
$TAG cat "$OUT/fmt_same_format_two_info.mp3" "$W/plain2.mp3" "$W/plain2.mp3"
desc fmt_same_format_two_info.mp3 "cat: the same 1 s 44.1k stereo file twice, each with its Info tag"

# ---- 3. small first frames, MPEG 2.5, VBR, free format
$TAG cat "$OUT/small_first_8k8kbps_then_44k.mp3" "$W/m8t.mp3" "$W/p44t.mp3"
desc small_first_8k8kbps_then_44k.mp3 "cat: 0.3 s 8 kHz mono 8 kbps (72-byte frames) + 1 s 44.1k stereo 128k"
$TAG cat "$OUT/small_first_32k_then_320k.mp3" "$W/low32t.mp3" "$W/high320t.mp3"
desc small_first_32k_then_320k.mp3 "cat: 0.1 s 44.1k stereo 32 kbps (104-byte frames) + 2 s 320 kbps, same format"
cp "$W/mpeg25_8k.mp3" "$OUT/mpeg25_8k.mp3"
desc mpeg25_8k.mp3 "MPEG 2.5, 8 kHz mono, 16 kbps, Info tag"
cp "$W/mpeg25_11k.mp3" "$OUT/mpeg25_11k.mp3"
desc mpeg25_11k.mp3 "MPEG 2.5, 11.025 kHz mono, 24 kbps, Info tag"
cp "$W/vbr.mp3" "$OUT/vbr_xing.mp3"
desc vbr_xing.mp3 "VBR -V 2 with Xing/LAME header"
cp "$W/vbrnox.mp3" "$OUT/vbr_no_xing.mp3"
desc vbr_no_xing.mp3 "VBR -V 2 without Xing/LAME header (lame -t)"
cp "$W/free.mp3" "$OUT/freeformat_400k.mp3"
desc freeformat_400k.mp3 "free-format bitstream (bitrate index 0), 400 kbps, 44.1k stereo"
cp "$W/speech.mp3" "$OUT/speech_22k_mono.mp3"
desc speech_22k_mono.mp3 "espeak-ng speech, 22.05k mono, 64 kbps (baseline)"
cp "$W/plain.mp3" "$OUT/plain_cbr128.mp3"
desc plain_cbr128.mp3 "CBR 128k 44.1k stereo with Info tag (baseline, no tags)"

# ---- 4. junk before the first frame
for spec in "1k 1024 101" "10k 10240 102" "100k 102400 103"; do
    set -- $spec
    $TAG junk "$W/junk.bin" "$2" "$3" random
    $TAG cat "$OUT/junk_${1}_random.mp3" "$W/junk.bin" "$W/plain.mp3"
    desc "junk_${1}_random.mp3" "$2 random bytes (seed $3, first byte 00), then plain_cbr128"
done
$TAG junk "$W/junk.bin" 8192 104 fakesync
$TAG cat "$OUT/junk_8k_fake_sync.mp3" "$W/junk.bin" "$W/plain.mp3"
desc junk_8k_fake_sync.mp3 "8 KiB random bytes with a plausible MPEG header every 97 bytes, then plain_cbr128"
$TAG junk "$W/junk.bin" 40960 105 random
$TAG cat "$OUT/junk_40k_then_tiny_11k.mp3" "$W/junk.bin" "$W/tiny11k.mp3"
desc junk_40k_then_tiny_11k.mp3 "40 KiB random bytes, then a 0.03 s 11.025 kHz mono file"
$TAG junk "$W/junk.bin" 2048 106 text
$TAG cat "$OUT/junk_2k_text.mp3" "$W/junk.bin" "$W/plain.mp3"
desc junk_2k_text.mp3 "2 KiB of ASCII text (like a prepended error page), then plain_cbr128"

# ---- 5. damage
$TAG truncate "$W/plain.mp3" "$OUT/damaged_truncated_midframe.mp3" 0.6 200
desc damaged_truncated_midframe.mp3 "plain_cbr128 cut 200 bytes into the frame at 60%"
$TAG insert "$W/plain.mp3" "$OUT/damaged_garbage_middle_500.mp3" 0.5 500 107
desc damaged_garbage_middle_500.mp3 "plain_cbr128 with 500 random bytes inserted at the frame boundary at 50%"
$TAG insert "$W/plain.mp3" "$OUT/damaged_garbage_middle_4k.mp3" 0.5 4096 108 100
desc damaged_garbage_middle_4k.mp3 "plain_cbr128 with 4 KiB random bytes inserted 100 bytes into the frame at 50%"
$TAG head "$OUT/tag_v23_rich_apic200k.mp3" "$OUT/damaged_cut_inside_id3v2.mp3" 100000
desc damaged_cut_inside_id3v2.mp3 "the first 100000 bytes of tag_v23_rich_apic200k (a download cut inside its 208 KiB tag)"
$TAG frames "$W/plain.mp3" "$OUT/damaged_single_frame.mp3" 1 1
desc damaged_single_frame.mp3 "one 417-byte frame of plain_cbr128 and nothing else"
$TAG frames "$W/plain.mp3" "$OUT/damaged_two_frames.mp3" 1 2
desc damaged_two_frames.mp3 "two frames of plain_cbr128 and nothing else"
$TAG partialv1 "$W/plain.mp3" "$OUT/damaged_partial_id3v1.mp3"
desc damaged_partial_id3v1.mp3 "plain_cbr128 followed by the first 70 bytes of an ID3v1 tag"

# ---- description and checksums
{
    echo "# Awkward-MP3 corpus: made by Tests/corpus/mp3/make-corpus.sh"
    echo "# tools: $(lame --version 2>/dev/null | head -1 | tr -s ' '); $(sox --version 2>/dev/null | tr -s ' '); $(espeak-ng --version 2>/dev/null | cut -d' ' -f1-4); mutagen $("$PY" -c 'import mutagen; print(mutagen.version_string)')"
    sort "$W/desc.tsv" | while IFS=$'\t' read -r name text; do
        echo "$name: $text"
        echo "    $($TAG scan "$OUT/$name" | sed "s|^$OUT/||")"
    done
} >"$OUT/DESCRIPTION.txt"
(cd "$OUT" && sha256sum -- *.mp3 >SHA256SUMS)
echo "make-corpus: $(ls "$OUT"/*.mp3 | wc -l) files in $OUT"
