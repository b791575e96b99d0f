"""The accelerators of split units standing on side A, incidence by incidence, as the
bisection's recount (:func:`model.metrics.bisection.report_cut.report_by_members`)
fills them: the closed form against filling block by block."""

from __future__ import annotations

import numpy as np
import pytest

from model.metrics.bisection.report_cut import _filled_first


def _block_by_block(blocks: list[tuple[np.ndarray, np.ndarray]], on_a: np.ndarray
                    ) -> list[np.ndarray]:
    """Each block's incidences on A, filling each unit's first ``on_a[u]`` accelerators
    in block order (what the recount did one block at a time)."""
    taken = np.zeros(on_a.size, dtype=np.int64)
    out = []
    for unit, here in blocks:
        got = np.array([min(max(int(on_a[u]) - int(taken[u]), 0), int(h))
                        for u, h in zip(unit, here, strict=True)], dtype=np.int64)
        taken[unit] += got
        out.append(got)
    return out


@pytest.mark.parametrize("seed", range(20))
def test_filled_first_equals_block_by_block(seed: int) -> None:
    rng = np.random.default_rng(seed)
    units = int(rng.integers(1, 12))
    blocks = []
    for _ in range(int(rng.integers(1, 8))):
        unit = rng.permutation(units)[: int(rng.integers(1, units + 1))]  # once per block
        blocks.append((unit.astype(np.int64), rng.integers(0, 9, unit.size).astype(np.int64)))
    size = np.zeros(units, dtype=np.int64)
    for unit, here in blocks:
        size[unit] += here
    on_a = np.array([int(rng.integers(0, s + 1)) for s in size], dtype=np.int64)
    expected = np.concatenate(_block_by_block(blocks, on_a))
    got = _filled_first(np.concatenate([u for u, _ in blocks]),
                        np.concatenate([h for _, h in blocks]), on_a)
    assert got.tolist() == expected.tolist()
    assert int(got.sum()) == int(on_a[np.unique(np.concatenate([u for u, _ in blocks]))].sum())
