#!/usr/bin/env bash
# Start Archipelago (on the built-in example campus, or on the design file given).
# Installs what it needs on first use. Extra arguments go to main.py, e.g.
#   ./run.sh my-campus.json        ./run.sh report resources/examples/campus-100k.json
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$repo/tools/bootstrap.sh"
exec "$repo/.venv/bin/python" "$repo/main.py" "$@"
