"""Regenerate the Chinese guide's pictures of the Chinese PDF report (headless):

    .venv/bin/python docs/zh/images/report_pages.py

Writes ``report-zh-page-1.png`` and ``report-zh-page-2.png``: the first two pages of the
report of the CloudMatrix384 template (4 super-nodes), exported with ``--lang zh_CN``
and rasterised with ``pdftoppm`` (poppler-utils).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]


def main() -> int:
    """Write the pictures; returns the exit status."""
    if not shutil.which("pdftoppm"):
        print("needs pdftoppm (poppler-utils)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        design, pdf = Path(folder) / "cm.json", Path(folder) / "cm.pdf"
        main_py = str(REPO / "main.py")
        subprocess.run([sys.executable, main_py, "new", "cloudmatrix", "--super-nodes", "4",
                        "--super-nodes-per-building", "2", "-o", str(design)], check=True)
        subprocess.run([sys.executable, main_py, "export", str(design), "--pdf", str(pdf),
                        "--lang", "zh_CN"], check=True)
        subprocess.run(["pdftoppm", "-r", "80", "-png", "-f", "1", "-l", "2", str(pdf),
                        str(Path(folder) / "page")], check=True)
        for number in (1, 2):
            target = HERE / f"report-zh-page-{number}.png"
            shutil.copy(Path(folder) / f"page-{number}.png", target)
            print(target.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
