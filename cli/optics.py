"""``python main.py optics DESIGN.json [-o OUT.json] [--bundle ID ...]``

Chooses, for every bundle (or the bundles named), the cheapest medium whose speed equals
the bundle's and whose reach covers its length (see :mod:`model.media_reach`), prints one line
per bundle (old → new medium, length and why), and saves the design to ``OUT.json``
(default: over the input file). Exit status 0, or 1 when some bundle has no medium that
reaches (it is left as it was).
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the verb's arguments."""
    parser.add_argument("design", help="the design file (.json)")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="where to save the changed design (default: the input file)")
    parser.add_argument("--bundle", action="append", metavar="ID",
                        help="choose only for this bundle (repeat for several)")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the choices without saving anything")


def run(args: argparse.Namespace) -> int:
    """Choose, print, save; returns the exit status."""
    from model.fileformat import load_design, save_design
    from model.media_reach import LENGTH_CLASS_WORDS, apply_choices, choose_media

    design = load_design(args.design)
    unknown = [b for b in args.bundle or [] if b not in design.bundles]
    if unknown:
        print(f"error: the design has no bundle {unknown[0]!r}", file=sys.stderr)
        return 2
    choices = choose_media(design, args.bundle)
    for c in choices:
        name = design.bundles[c.bundle_id].name
        where = (f"{c.length.length_m:g} m, "
                 f"{LENGTH_CLASS_WORDS[c.length.length_class]}")
        if c.medium is None:
            print(f"{name}: unchanged ({c.old_medium or 'no medium'}): {c.reason}")
        elif c.changes:
            print(f"{name}: {c.old_medium or 'no medium'} → {c.medium.id} ({where})")
        else:
            print(f"{name}: keeps {c.medium.id} ({where})")
    changed = 0 if args.dry_run else apply_choices(design, choices)
    if not args.dry_run:
        out = args.output or args.design
        save_design(design, out)
        print(f"{changed} bundle{'' if changed == 1 else 's'} changed; saved {out}")
    return 1 if any(c.medium is None for c in choices) else 0
