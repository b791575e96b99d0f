"""``python -m model.fileformat [--check]``: regenerate (or check) the shipped JSON Schema
``resources/design.schema.json`` from the pydantic model of the file."""

from __future__ import annotations

import sys

from model.fileformat.schema import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
