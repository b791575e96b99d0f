"""The engine keeps the process's long-lived objects out of the cyclic garbage
collector's full passes (:func:`model.metrics.engine.long_lived_frozen`).

A full pass of CPython's collector walks every tracked object; right after the imports
(numpy, pydantic, the model) that is ~80,000 objects and 25–60 ms of CPU on the 2-core
machine, which used to land inside a wiring edit every few edits (a GB200 SuperPOD edit
of ~22 ms measured 67–103 ms when one did). Run in a fresh interpreter, so the count is
of this process's heap only.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import gc
from model.metrics import Engine
from model.templates import TEMPLATES
design = TEMPLATES["fat-tree"].build(k=4)
tracked = len(gc.get_objects())
engine = Engine()
first = engine.compute_all(design)
after = len(gc.get_objects())
assert after * 10 < tracked, (tracked, after)
# what the first run kept is still there and right: a fresh engine agrees
assert Engine().compute_all(design).bisection == engine.compute_all(design).bisection
assert first.bisection == engine.compute_all(design).bisection
gc.collect()
print(tracked, after)
"""


def test_first_run_takes_the_long_lived_heap_out_of_full_passes() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, env={"PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM":
                                          "offscreen"}, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    tracked, after = (int(word) for word in done.stdout.split())
    assert tracked > 10_000  # the imports alone: a count that means something
    assert after * 10 < tracked
