"""Archipelago: the GUI, or a command-line verb.

    python main.py                      # the GUI on the built-in example campus
    python main.py DESIGN.json          # the GUI on a file
    python main.py report DESIGN.json [--json]
    python main.py validate DESIGN.json
    python main.py new TEMPLATE [--param value ...] -o DESIGN.json
    python main.py export DESIGN.json --png OUT | --svg OUT | --pdf OUT | ...
"""

from __future__ import annotations

import sys

from cli import VERBS, run_verb


def main(argv: list[str]) -> int:
    """Dispatch to a verb, or start the GUI; returns the process exit status."""
    if argv and argv[0] in VERBS:
        return run_verb(argv[0], argv[1:])
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    from gui.app import run_gui

    return run_gui(argv[0] if argv else None)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
