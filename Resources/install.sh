#!/bin/sh
# Builds the release podline and installs it with its man page and shell completions under a prefix,
# or removes what it installed.
#
#   Resources/install.sh [--prefix DIR]              build and install (default prefix /usr/local)
#   Resources/install.sh --uninstall [--prefix DIR]  remove the installed files
#
# The binary links the Swift standard library statically (Package.swift adds the release link flags:
# no exported dynamic symbols, no PIE) and is installed stripped; the demo episode goes to
# share/podline, where `podline demo` finds it. The scheduled update's user units go to
# lib/systemd/user, disabled: `systemctl --user enable --now podline-update.timer` turns them on.
set -eu

prefix=/usr/local
action=install
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 64; }; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --uninstall) action=uninstall; shift ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option '$1' (use --prefix DIR or --uninstall)" >&2; exit 64 ;;
    esac
done
[ -n "$prefix" ] || { echo "install.sh: the prefix is empty" >&2; exit 64; }

bin="$prefix/bin/podline"
man="$prefix/share/man/man1/podline.1"
bash_completion="$prefix/share/bash-completion/completions/podline"
zsh_completion="$prefix/share/zsh/site-functions/_podline"
fish_completion="$prefix/share/fish/vendor_completions.d/podline.fish"
demo="$prefix/share/podline/demo-episode.mp3"
service="$prefix/lib/systemd/user/podline-update.service"
timer="$prefix/lib/systemd/user/podline-update.timer"

if [ "$action" = uninstall ]; then
    for file in "$bin" "$man" "$bash_completion" "$zsh_completion" "$fish_completion" "$demo" "$service" "$timer"; do
        if [ -e "$file" ]; then rm -f "$file" && echo "removed $file"; fi
    done
    rmdir "$prefix/share/podline" 2>/dev/null || true
    exit 0
fi

cd "$(dirname "$0")/.."
set -- -c release --static-swift-stdlib --product podline
swift build "$@"
built="$(swift build "$@" --show-bin-path)/podline"
install -D -m 755 -s "$built" "$bin"
install -D -m 644 man/podline.1 "$man"
install -D -m 644 Resources/demo-episode.mp3 "$demo"
mkdir -p "$(dirname "$bash_completion")" "$(dirname "$zsh_completion")" "$(dirname "$fish_completion")"
"$bin" --generate-completion-script bash > "$bash_completion"
"$bin" --generate-completion-script zsh > "$zsh_completion"
"$bin" --generate-completion-script fish > "$fish_completion"
# The units as `podline schedule every 1h` writes them, made in a scratch home where no user manager runs (so
# nothing is enabled, and they carry no one's folders), then installed disabled.
units=$(mktemp -d)
trap 'rm -rf "$units"' EXIT
env -u XDG_CONFIG_HOME -u XDG_DATA_HOME -u PODLINE_HOME HOME="$units" XDG_RUNTIME_DIR="$units" \
    "$bin" schedule every 1h > /dev/null
install -D -m 644 "$units/.config/systemd/user/podline-update.service" "$service"
install -D -m 644 "$units/.config/systemd/user/podline-update.timer" "$timer"
for file in "$bin" "$man" "$bash_completion" "$zsh_completion" "$fish_completion" "$demo" "$service" "$timer"; do
    echo "installed $file"
done
