#!/usr/bin/env bash
# Run every check: ruff, mypy (strict on model/), then the whole pytest suite headless.
# Installs what it needs on first use. Extra arguments go to pytest (e.g. -k bisection).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$repo"
bash tools/bootstrap.sh
export QT_QPA_PLATFORM=offscreen
echo "== ruff"
.venv/bin/ruff check .
echo "== mypy"
.venv/bin/mypy model cli gui main.py
echo "== pytest"
status=0
.venv/bin/python -m pytest "$@" || status=$?
if [[ $status -eq 5 ]]; then
  echo "test.sh: pytest collected no tests: that is a failure" >&2
  exit 1
fi
exit $status
