"""What the switch-sides DP (:mod:`model.metrics.bisection.pod_dp_switches`) asks for
several times in one run — a pod's groups of children, the links a group crosses for
some assignments, every assignment of a count of classes — is made once a run and
shared read only; and the split-last proof (:mod:`model.metrics.bisection.switch_dp_split`)
reads only the least of its cuts with the split unit before the last, as it would
have chosen it among all of them."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from model.metrics import Engine
from model.metrics.algorithms.min_plus import min_plus_rows
from model.metrics.bisection import pod_dp_switches as pds
from model.metrics.bisection import switch_dp_split as split
from model.metrics.bisection.switch_dp_rows import _Group
from tests.reference.campuses import heterogeneous_campus

INF = float("inf")


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[tuple[object, ...]]]]:
    """Each answer of ``groups``, ``crossing`` and ``bits`` (by run, question and the
    answer's identity), and each top pod bound and pruned."""
    seen: dict[str, list[tuple[object, ...]]] = {"groups": [], "crossing": [], "bits": [],
                                                  "pruned": []}
    groups, crossing, bits = pds._Solver.groups, pds._Solver.crossing, pds._Solver.bits
    pruned = pds.pruned_top

    def spy_groups(self: pds._Solver, node: int) -> list[_Group]:
        out = groups(self, node)
        seen["groups"].append((id(self), node, id(out)))
        return out

    def spy_crossing(self: pds._Solver, grp: _Group, sides: np.ndarray) -> np.ndarray:
        out = crossing(self, grp, sides)
        taus = pds._bits(int(self.cl.count[grp.child]))
        assert np.array_equal(out, taus @ grp.links @ (1 - sides).T
                              + (1 - taus) @ grp.links @ sides.T)
        assert not out.flags.writeable
        seen["crossing"].append((id(self), grp.links.tobytes(), sides.tobytes(), id(out)))
        return out

    def spy_bits(self: pds._Solver, classes: int) -> np.ndarray:
        out = bits(self, classes)
        assert np.array_equal(out, pds._bits(classes)) and not out.flags.writeable
        seen["bits"].append((id(self), classes, id(out)))
        return out

    def spy_pruned(*args: object) -> object:
        seen["pruned"].append(())
        return pruned(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pds._Solver, "groups", spy_groups)
    monkeypatch.setattr(pds._Solver, "crossing", spy_crossing)
    monkeypatch.setattr(pds._Solver, "bits", spy_bits)
    monkeypatch.setattr(pds, "pruned_top", spy_pruned)
    yield seen


def test_asked_twice_in_a_run_made_once(asked: dict[str, list[tuple[object, ...]]]) -> None:
    """The heterogeneous campus after rack edits that leave rail blocks partly filled
    (the top pod bound and pruned, the split-last proof): every question asked twice
    in one run has the very answer of the first time, and the figures are a fresh
    engine's."""
    design = heterogeneous_campus()
    racks = next(iter(design.rack_groups.values()))
    engine = Engine()
    engine.compute_all(design)
    for fewer in (1, 2):
        design.update(racks.id, count=racks.count - fewer)
        for what in asked.values():
            what.clear()
        warm = engine.compute_all(design).bisection
        assert asked["pruned"], "the edit did not reach the bound and prune"
        for what in ("groups", "crossing", "bits"):
            answers: dict[tuple[object, ...], object] = {}
            for *question, answer in asked[what]:
                assert answers.setdefault(tuple(question), answer) == answer, (what, fewer)
            assert len(asked[what]) > len(answers), f"{what} asked once only: nothing shared"
        fresh = Engine().compute_all(design).bisection
        assert warm is not None and fresh is not None and warm.exact
        assert warm.gbps == fresh.gbps and warm.cut == fresh.cut


def _row(rng: np.random.Generator) -> split._Row:
    """A prefix of 2–4 parts with small integer tables (ties likely) on lattices, their
    products, and a last group: a :class:`split._Row` as the proof reads it."""
    made = []
    for _ in range(int(rng.integers(2, 5))):
        width, stride = int(rng.integers(3, 12)), int(rng.integers(1, 4))
        g = np.full((1, width), INF)
        g[0, ::stride] = rng.integers(0, 6, len(range(0, width, stride)))
        g1 = rng.integers(0, 6, (1, width)).astype(float)
        g1[rng.random(g1.shape) < 0.2] = INF
        made.append((g, g1, ("one",)))
    products = [np.zeros((1, 1))]
    for g, _, _ in made:
        products.append(min_plus_rows(products[-1], g, products[-1].shape[1] + g.shape[1])[0])
    last = rng.integers(0, 6, (1, int(rng.integers(2, 10)))).astype(float)
    return split._Row([], made, products, (last, last, ("one",)),  # type: ignore[arg-type]
                      [np.flatnonzero(np.isfinite(g[0])) for g, _, _ in made], None)


def _all_cuts(mine: split._Row, bound: tuple[float, int, int, int], target: int,
              row: int) -> list[split._Cut]:
    """Every cut :func:`split._split_before` reads off ``bound``, in its order."""
    _, y, k, n = bound
    g = mine.last[0][0]
    if not 0 <= target - y < g.size or not np.isfinite(g[target - y]):
        return []
    out = []
    for base in (k, k + n):
        counts = split._unwound(mine, base)
        if counts is None:
            continue
        wholes = [float(made[0][0, c]) for made, c in zip(mine.made, counts, strict=True)]
        rest = sum(wholes) + float(g[target - y])
        for p, (_, g1, _) in enumerate(mine.made):
            held = counts[p] + y - base
            if 0 <= held < g1.shape[1] and np.isfinite(g1[0, held]):
                moved = list(counts)
                moved[p] = held
                out.append(split._Cut(rest - wholes[p] + float(g1[0, held]), row,
                                      (*moved, target - y), p))
    return out


@pytest.mark.parametrize("seed", range(60))
def test_split_before_gives_the_first_least_cut(seed: int) -> None:
    """The proof keeps a cut only when it is below the best so far (the first of equal
    ones): the one cut :func:`split._split_before` gives is the first least of all it
    reads off the bound's point, and none when there is none."""
    rng = np.random.default_rng(seed)
    mine = _row(rng)
    width = mine.products[-1].shape[1]
    found = 0
    for _ in range(400):
        target, y = int(rng.integers(0, width + 8)), int(rng.integers(0, width))
        k, n = int(rng.integers(0, width)), int(rng.integers(1, 5))
        every = _all_cuts(mine, (0.0, y, k, n), target, 3)
        got = split._split_before(mine, (0.0, y, k, n), target, 3)
        best = None
        for cut in every:
            if best is None or cut.value < best.value:
                best = cut
        assert got == ([] if best is None else [best])
        found += bool(every)
    assert found, "no point with a cut: the test read nothing"

