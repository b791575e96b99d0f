"""Archipelago: the GUI, or a command-line verb.

    python main.py                      # the GUI on the built-in example campus
    python main.py DESIGN.json          # the GUI on a file
    python main.py report DESIGN.json [--json]
    python main.py validate DESIGN.json
    python main.py new TEMPLATE [--param value ...] -o DESIGN.json
    python main.py export DESIGN.json --png OUT | --svg OUT | --pdf OUT | ...
    python main.py optics DESIGN.json [-o OUT.json]
    python main.py compare A.json B.json [--json]
    python main.py sweep --template NAME --param NAME=VALUES ... --out OUT  (docs/sweeps.md)
    python main.py whatif DESIGN.json --fail ELEMENT[:COUNT] ... | --n-1 [--json]  (docs/whatif.md)
"""

from __future__ import annotations

import difflib
import os
import sys
from pathlib import Path

from cli import VERBS, run_verb

GRAPHICAL_PLATFORMS = ("xcb", "wayland", "wayland-egl")
"""Qt platforms that need a display server (others, e.g. offscreen, draw without one)."""


def usage_error(word: str) -> str:
    """What to say when the first argument is neither a verb nor a design file."""
    close = difflib.get_close_matches(word, list(VERBS), n=1)
    hint = f" Did you mean '{close[0]}'?" if close else ""
    lines = [f"main.py: '{word}' is neither a command nor a design file.{hint}",
             "Commands:"]
    lines += [f"  {verb:<9} {text}" for verb, text in VERBS.items()]
    lines.append("Or give a design file (or nothing) to open the editor;"
                 " 'main.py COMMAND --help' for a command's options.")
    return "\n".join(lines)


def missing_display(argv: list[str]) -> str | None:
    """Why the editor cannot open a window here, or None when it can: on Linux and
    other X11/Wayland systems it needs ``DISPLAY`` or ``WAYLAND_DISPLAY``, unless Qt is
    told to draw elsewhere (``QT_QPA_PLATFORM=offscreen``, ``-platform``)."""
    if sys.platform in ("win32", "darwin") or "-platform" in argv:
        return None
    platform = os.environ.get("QT_QPA_PLATFORM", "").split(":")[0].strip()
    if platform and platform not in GRAPHICAL_PLATFORMS:
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return ("main.py: cannot open the editor: there is no display (DISPLAY and"
            " WAYLAND_DISPLAY are not set); the commands (main.py report, validate, new,"
            " export) work without one.")


def main(argv: list[str]) -> int:
    """Dispatch to a verb, or start the GUI; returns the process exit status (2 for a
    first argument that is neither a verb nor a design file, 1 without a display)."""
    if argv and argv[0] in VERBS:
        return run_verb(argv[0], argv[1:])
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    path = argv[0] if argv and not argv[0].startswith("-") else None
    if path is not None and not Path(path).is_file():
        if Path(path).exists() or Path(path).suffix:
            what = "is a folder, not a design file" if Path(path).is_dir() else (
                "no such design file")
            print(f"main.py: {path}: {what}", file=sys.stderr)
        else:
            print(usage_error(path), file=sys.stderr)
        return 2
    problem = missing_display(argv)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from gui.app import run_gui

    return run_gui(path)


def console() -> None:
    """The ``archipelago`` command of an installed copy: :func:`main` on the command
    line's arguments, its result as the exit status."""
    sys.exit(main(sys.argv[1:]))


if __name__ == "__main__":
    console()
