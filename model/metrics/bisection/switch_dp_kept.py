"""What the switch-sides DP's top pod in loose mode makes per group of its children,
remembered in the running engine's memory (``Memory.top_parts``) by what it depends on:
the group's kind, table lengths, links and copies, the grid and the top pod's
assignments — never node numbers, which an edit shifts
(:mod:`model.metrics.bisection.switch_dp_top`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from model.metrics.bisection.switch_dp_loose import concave_on_lattice
from model.metrics.bisection.switch_dp_rows import _concave_rows, _ends, _Group, _Step
from model.metrics.memory import remembered
from model.metrics.representation.topology import IntArray

if TYPE_CHECKING:
    from model.metrics.bisection.pod_dp_switches import _Solver

Array = np.ndarray
Hulls = list[tuple[Array, Array]]
Part = tuple[_Group, Array, Array, int, Hulls]
"""A group as the top pod combines it: the group, what one child contributes with its
units whole (c) and with one split (c1), one row per assignment, how many alike
children it stands for, and the envelope of one child's contribution per assignment."""
Kept = TypeVar("Kept")


def kept(solver: _Solver, what: str, groups: Sequence[tuple[_Group, int]], sides: Array,
         make: Callable[[], Kept], cut: int = -1) -> Kept:
    """``make()``, remembered by the engine by what it depends on (module doc): for
    each of ``groups`` (group, copies) its kind, table lengths, links and copies (cut
    at the target); the grid and the assignments ``sides``; and ``cut``, where the
    tables of several groups together are cut (the target, when they reach past it)."""
    key = (what, solver.g, solver.r, solver.loose, sides.shape, sides.tobytes(), cut,
           *(group_key(solver, grp, m) for grp, m in groups))
    store = remembered().top_parts
    found: Kept | None = store.get(key)  # type: ignore[assignment]
    if found is None:
        found = make()
        arrays = _arrays(found)
        for array in arrays:
            array.flags.writeable = False  # shared with later runs
        store.put(key, found, arrays)
    return found


def group_key(solver: _Solver, grp: _Group, m: int) -> tuple[object, ...]:
    """What ``m`` copies of a child of ``grp`` contribute depends on: its kind, its
    tables' lengths, its links and, when they reach past it, the target."""
    at = (m, solver.q, solver.g, solver.r, solver.loose)
    found = grp.keys.get(at)
    if found is None:  # a group's child is a node of one run's tree
        child = grp.child
        length = solver.lengths(child)
        found = grp.keys[at] = (int(solver.cl.kind[child]), length, grp.links.shape,
                               grp.links.tobytes(), m, min(solver.q, m * (max(length) - 1)))
    return found


def _arrays(item: object) -> list[Array]:
    """The numpy arrays ``item`` holds (in tuples and lists)."""
    if isinstance(item, np.ndarray):
        return [item]
    if isinstance(item, (tuple, list)):
        return [a for x in item for a in _arrays(x)]
    return []


def parts_of(solver: _Solver, groups: list[_Group], envelopes: list[Hulls], sides: Array,
             live: IntArray) -> list[Part]:
    """The parts the top pod's ``groups`` are combined as for its assignments ``live``;
    a group of children whose contribution is not concave along its lattice one child
    at a time (the pruned tables between them are short)."""
    parts: list[Part] = []
    for grp, hulls in zip(groups, envelopes, strict=True):
        c, c1 = contribution(solver, grp, sides, live)
        mine = [hulls[r] for r in live.tolist()]
        if len(grp.members) > 1 and not kept(solver, "concave", [(grp, 1)], sides[live],
                                             partial(concave_on_lattice, c)):
            parts += [(_Group(member, [member], grp.links), c, c1, 1, mine)
                      for member in grp.members]
        else:
            parts.append((grp, c, c1, len(grp.members), mine))
    return parts


def contribution(solver: _Solver, grp: _Group, sides: Array, live: IntArray
                 ) -> tuple[Array, Array]:
    """What one child of ``grp`` contributes to the assignments ``live``, remembered."""
    found: tuple[Array, Array] = kept(solver, "contribution", [(grp, 1)], sides[live],
                                      partial(solver.contribution, grp, sides[live]))
    return found


def copies(solver: _Solver, grp: _Group, c: Array, c1: Array, m: int, sides: Array,
           keep: bool = True) -> tuple[Array, Array, tuple[object, ...]]:
    """``m`` children of ``grp`` contributing ``c`` and ``c1`` to the assignments
    ``sides`` combined (:meth:`~model.metrics.bisection.pod_dp_switches._Solver.copies`,
    with what rebuilds the cut when ``keep``), remembered."""
    found: tuple[Array, Array, tuple[object, ...]] = kept(
        solver, "copies" if keep else "copies only", [(grp, m)], sides,
        partial(solver.copies, c, c1, m, keep))
    return found


def group_copies(solver: _Solver, grp: _Group, sides: Array, keep: bool
                 ) -> tuple[Array, Array, tuple[object, ...]]:
    """What the children of ``grp`` add to their pod's combination with a remainder
    (:meth:`~model.metrics.bisection.pod_dp_switches._Solver._with_remainder`): one
    child's contribution to the assignments ``sides``, its copies combined — made only
    when not remembered under the key of :func:`copies` (the contribution is a function
    of what that key holds). So an edit of one leaf of a rail plane finds the copies of
    the plane's other leaves, which it left alone."""
    def make() -> tuple[Array, Array, tuple[object, ...]]:
        c, c1 = solver.contribution(grp, sides)
        return solver.copies(c, c1, len(grp.members), keep)
    found: tuple[Array, Array, tuple[object, ...]] = kept(
        solver, "pod copies" if keep else "pod copies only", [(grp, len(grp.members))],
        sides, make)
    return found


def whole_parts(solver: _Solver, grp: _Group, m: int, sides: Array, remember: bool
                ) -> tuple[Array, bool, tuple[Array, ...]]:
    """What ``m`` children of ``grp`` add to a pod's combination on a grid of whole
    units (:meth:`~model.metrics.bisection.pod_dp_switches._Solver.combine`), for the
    assignments ``sides``: one child's contribution, whether it is concave, and then
    its tables with m − 1, 1 and m children whole. With ``remember`` (the top pod's
    groups), remembered: a speed edit of one island's uplinks remakes its group's only."""
    def make() -> tuple[Array, bool, tuple[Array, ...]]:
        c, _ = solver.contribution(grp, sides)
        concave = c.shape[1] > 1 and _concave_rows(c)
        return c, concave, ((_ends(c, m - 1), _ends(c, 1), _ends(c, m)) if concave
                            else ())
    if not remember:
        return make()
    found: tuple[Array, bool, tuple[Array, ...]] = kept(solver, "whole parts",
                                                        [(grp, m)], sides, make)
    return found


def row_steps(solver: _Solver, node: int, row: int) -> list[_Step]:
    """The steps of pod ``node`` (below the top) combined for its assignment ``row``
    alone, to place the cut inside it: remembered by what its tables are (its kind, the
    grid, their lengths) and the row, so a cut through an island an edit left alone
    does not combine it again. The steps are read with ``node``'s own groups (a kind's
    groups come in one order)."""
    key = ("row steps", int(solver.cl.kind[node]), solver.g, *solver.lengths(node),
           solver.r, solver.loose, row)
    store = remembered().switch_side_steps
    found: list[_Step] | None = store.get(key)  # type: ignore[assignment]
    if found is None:
        found = solver.combine(node, np.array([row]), False, keep=True)[2]
        arrays = _arrays([(s.whole, s.split, s.table, s.extra, s.how) for s in found])
        for array in arrays:
            array.flags.writeable = False  # shared with later runs
        store.put(key, found, arrays)
    return [replace(step, grp=grp)
            for step, grp in zip(found, solver.groups(node), strict=True)]
