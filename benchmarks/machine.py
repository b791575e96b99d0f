"""How fast this machine runs plain Python right now, printed beside every benchmark.

The budgets of DESIGN §4 are for "the 2-core reference machine", but the shared machines
the benchmarks run on differ from day to day (the same code has measured 1.7× slower on
one day than on another with the load average below 1). A fixed piece of pure-Python
work, timed in CPU seconds next to the figures, lets a reader compare tables taken on
different days: divide by the ratio of the two calibration times.
"""

from __future__ import annotations

import os
import time

CALIBRATION_ADDITIONS = 10_000_000
"""Integer additions in the calibration loop (about a second of CPU on these machines)."""


def calibration_s(repeats: int = 3) -> float:
    """Least CPU time, in seconds, of ``CALIBRATION_ADDITIONS`` additions in a Python
    loop over ``repeats`` tries (the least is the one least disturbed by neighbours)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        total = 0
        for i in range(CALIBRATION_ADDITIONS):
            total += i
        best = min(best, time.process_time() - start)
    return best


def machine_line() -> str:
    """One line saying the cores, the load and the calibration time."""
    return (f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
            f"{CALIBRATION_ADDITIONS // 1_000_000}M Python additions take "
            f"{calibration_s():.2f} s of CPU (compare tables from different days by this)")
