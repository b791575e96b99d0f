#!/usr/bin/env bash
# Make this checkout runnable: the Debian libraries Qt needs (installed with apt-get when
# missing and we are allowed to), a virtual environment in .venv, and the Python packages
# of pyproject.toml (re-installed only when pyproject.toml changes). Sourced by run.sh
# and test.sh; safe to run again and again.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

# Qt's xcb and offscreen platforms load these at run time; a minimal Debian lacks them.
# fonts-noto-cjk: the Chinese interface and the Chinese PDF report (export --lang zh_CN)
# draw with Noto Sans CJK SC, which the PDF embeds.
qt_debs=(libgl1 libegl1 libfontconfig1 libfreetype6 libxkbcommon0 libxkbcommon-x11-0
         libdbus-1-3 libglib2.0-0 libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0
         libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xinerama0
         libxcb-xkb1 libxrender1 libxi6 libsm6 libice6 fonts-dejavu-core fonts-noto-cjk)
if command -v dpkg-query >/dev/null 2>&1; then
  missing=()
  for deb in "${qt_debs[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$deb" 2>/dev/null || true)
    [[ "$status" == *"install ok installed"* ]] || missing+=("$deb")
  done
  if ((${#missing[@]})); then
    echo "bootstrap: installing Qt's system libraries: ${missing[*]}"
    sudo_cmd=()
    [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
    if "${sudo_cmd[@]}" apt-get update -qq && \
       DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
      :
    else
      echo "bootstrap: could not install ${missing[*]}; Qt may fail to start" >&2
    fi
  fi
fi

python=${PYTHON:-python3}
if [[ ! -x .venv/bin/python ]]; then
  echo "bootstrap: creating .venv"
  "$python" -m venv .venv
fi
stamp=.venv/.archipelago-installed
want=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [[ ! -f $stamp || "$(cat "$stamp")" != "$want" ]]; then
  echo "bootstrap: installing Python packages from pyproject.toml"
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e ".[test]"
  echo "$want" > "$stamp"
fi
