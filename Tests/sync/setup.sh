#!/bin/sh
# Makes the Python environment of the sync tests in .build/sync-venv (Debian's python3-venv; the packages from PyPI,
# pinned in requirements.txt). Quick when it is there already.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.build/sync-venv"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import gpodder_router, uvicorn, aiosqlite, mygpoclient" 2>/dev/null; then
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --ignore-requires-python -r "$root/Tests/sync/requirements.txt"
