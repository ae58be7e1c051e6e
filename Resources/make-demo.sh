#!/bin/sh
# Rebuilds Resources/demo-episode.mp3 from nothing but Debian tools:
# a two-tone chime (sox), a spoken introduction (espeak-ng), the chime again, encoded by lame.
# Needs: apt-get install -y espeak-ng sox lame
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sox -n -r 44100 -c 1 "$tmp/chime.wav" synth 0.35 sine 660 synth 0.35 sine mix 880 fade 0.02 0.35 0.1 gain -6 pad 0 0.3
espeak-ng -v en-us -s 150 -w "$tmp/voice.wav" \
  "Welcome to Podline, a podcast player for the command line. \
This is the demo episode. It was made by the project itself, from a synthetic voice and a short chime, \
so it plays without a network. Pause, seek and change the volume to try the player. \
When you are ready, subscribe to a feed with podline add, and refresh it with podline update. \
Thanks for listening."
sox "$tmp/voice.wav" -r 44100 -c 1 "$tmp/voice44.wav" gain -n -3
sox "$tmp/chime.wav" "$tmp/voice44.wav" "$tmp/chime.wav" "$tmp/episode.wav"
lame --quiet -b 56 -m m --tt "Podline demo episode" --ta "Podline" --tl "Podline" "$tmp/episode.wav" demo-episode.mp3
