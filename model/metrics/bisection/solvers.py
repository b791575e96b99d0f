"""The bisection's solvers, and the dispatcher that tries them in order.

A solver is a function ``(problem, found) -> Found | None``: given the
:class:`BisectionProblem` and the best cut found so far by earlier solvers (None at
first), it returns a cut or None when it does not apply or gives up. The dispatcher
:func:`compute_bisection` calls the solvers of its ``solvers`` argument in order and
stops at the first exact cut; otherwise it reports the best inexact one (the lowest
crossing, the earlier on a tie). Passing the list is how a caller — a test, a
benchmark — chooses a solver, like networkx's ``flow_func``.

The default order (:data:`DEFAULT_SOLVERS`):

1. :func:`switch_sides_dp` — the pod-tree DP that places switches one by one
   (:mod:`model.metrics.bisection.pod_dp_switches`), exact for hierarchical networks whose
   switches are not interchangeable, while small;
2. :func:`pod_tree_dp` — the pod-tree DP (:mod:`model.metrics.bisection.pod_dp`), exact for
   hierarchical networks whose pods are uniform;
3. :func:`dragonfly_plus` — the closed form for Dragonfly+ wiring
   (:mod:`model.metrics.bisection.dragonfly_cut`), exact whatever the number of groups;
4. :func:`uneven_dragonfly` — every placement of the spines of a small Dragonfly+
   whose groups are uneven (:mod:`model.metrics.bisection.group_spines`), exact when
   the cut it lays out recounts to its least;
5. :func:`bounded_heuristic` — for networks with peer links, the best cut so far
   (the heuristic's) with the proven lower bound, exact when they meet;
6. :func:`integer_program` — exact for small networks of any shape
   (:mod:`model.metrics.bisection.milp`);
7. :func:`heuristic` — the best of a few structured splits with switches placed by
   minimum cut: an upper bound, never exact; it runs only when nothing confirmed was
   found before it.

When no solver proves its cut, the best is given a proven lower bound where one is
known — networks with peer links (:func:`with_lower_bound`,
:mod:`model.metrics.bisection.bound`) — and is exact when the bound reaches it.

Every cut is recounted link by link from the wiring (:func:`~model.metrics.bisection.report_cut.
report_cut`): ``exact`` is claimed only when the recount equals the value the method
found and the cut is balanced.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from model.metrics.algorithms.min_plus import TooMuchWorkError
from model.metrics.bisection import milp as bisection_milp
from model.metrics.bisection import pod_dp_switches
from model.metrics.bisection.bound import lower_bound
from model.metrics.bisection.dragonfly_cut import dragonfly_minimum, dragonfly_sides
from model.metrics.bisection.flows import MemberNetwork
from model.metrics.bisection.group_bound import read_groups
from model.metrics.bisection.group_spines import spine_minimum
from model.metrics.bisection.pod_dp import PodDP
from model.metrics.bisection.pods import PodTree
from model.metrics.bisection.report_cut import (
    MemberUnits,
    Sides,
    accelerator_sides,
    report_by_members,
    report_cut,
)
from model.metrics.representation.dragonfly_shape import dragonfly_shape
from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import IntArray, Topology
from model.metrics.results import Bisection


@dataclass(frozen=True)
class BisectionProblem:
    """What a solver gets: the plane, its endpoints, the pod tree over the bisection
    units (None when the network has none), the units as switch members when known, and
    the accelerators wanted on side A."""

    topo: Topology
    ep: Endpoints
    tree: PodTree | None
    by_members: MemberUnits | None
    target: int
    found: dict[str, object] = field(default_factory=dict, compare=False)
    """What solvers found that later ones reuse in this run (the heuristic's cut, the
    lower bound), so that no solver does the same work twice."""


@dataclass(frozen=True)
class Found:
    """A solver's cut, reported; ``confirmed``: its recount equals the value its method
    found (so no structured split needs to be tried against it)."""

    bisection: Bisection
    confirmed: bool = True


Solver = Callable[[BisectionProblem, "Found | None"], "Found | None"]
"""A bisection solver (see module doc)."""


def _confirms(result: Bisection, value: float, target: int) -> bool:
    """True when the link-by-link recount of a cut equals the value its method found
    and the cut is balanced: only then is the figure that method's minimum."""
    return (abs(result.gbps - value) <= 1e-6 * max(1.0, value)
            and result.cut.accelerators_a == target)


FAILURE_OPERATIONS = 2_000_000_000
"""Operations the switch-sides DP may spend on a view with failures, against
:data:`~model.metrics.bisection.pod_dp_switches.OPERATIONS_LIMIT` (60 million, about a
fifth of a second) for the live figures of an edit. A failure breaks the symmetry the
DP's classes feed on — two of the heterogeneous campus's 512 cores down leave 12
classes of cores and 8 of each island's spines, a core and a leaf down 8 — and the
DP then needs 0.2 to 1.5 billion operations, 1 to 7 s on the 2-core machine (session
13, loaded); a what-if is asked for, not typed, and the run's deadline still stops it
(:mod:`model.metrics.budget`). Counted, as the other limit, so the answer never
depends on how busy the machine is."""


def switch_sides_dp(problem: BisectionProblem, found: Found | None) -> Found | None:
    """The exact bisection by :mod:`model.metrics.bisection.pod_dp_switches` for a pod tree whose
    switches are not interchangeable and no NIC is shared; None when it does not apply,
    the tree is too large for it, or the recount disagrees. A view with failures may
    spend :data:`FAILURE_OPERATIONS`."""
    topo, ep, tree = problem.topo, problem.ep, problem.tree
    if tree is None or tree.uniform or ep.shares_nics:
        return None
    limit = FAILURE_OPERATIONS if topo.failures else pod_dp_switches.OPERATIONS_LIMIT
    solved = pod_dp_switches.solve(tree, problem.target, limit)
    if solved is None:
        return None
    switch = np.zeros(topo.switches, dtype=np.int8)
    switch[:solved.switch.size] = solved.switch
    result = _recount(problem, tree, switch, solved.on_a, exact=True)
    return Found(result) if _confirms(result, solved.value, problem.target) else None


def _recount(problem: BisectionProblem, tree: PodTree, switch: np.ndarray, on_a: IntArray,
             exact: bool) -> Bisection:
    """The reported bisection of a pod-tree cut (each switch's side, ``on_a[u]``
    accelerators of unit u on A), recounted from the wiring: member by member when the
    units are switch members (no per-incidence array is made), else link by link. (A
    NIC shared by accelerators on both sides needs the link-by-link recount's
    ``_split_nics``.)"""
    topo, ep = problem.topo, problem.ep
    if problem.by_members is not None and not ep.shares_nics:
        return report_by_members(topo, ep, switch, on_a, problem.by_members, exact=exact)
    return report_cut(topo, ep, Sides(switch, accelerator_sides(tree, on_a)), exact=exact)


def pod_tree_dp(problem: BisectionProblem, found: Found | None) -> Found | None:
    """The bisection by the pod-tree DP: exact when the tree is uniform and the recount
    confirms it; a confirmed cut of a tree that is not uniform is reported inexact; an
    unconfirmed balanced cut is reported inexact and unconfirmed (later solvers may
    beat it). None without a tree, when the DP runs out of work, or finds no cut."""
    topo, tree, target = problem.topo, problem.tree, problem.target
    if tree is None:
        return None
    try:
        value, node_sides, on_a = PodDP(tree, target).solve()
    except TooMuchWorkError:
        return None
    if not np.isfinite(value):
        return None
    switch = np.zeros(topo.switches, dtype=np.int8)
    owner = np.repeat(node_sides, np.diff(tree.own_ptr))
    switch[tree.own_members] = (owner == 0).astype(np.int8)
    result = _recount(problem, tree, switch, on_a, exact=tree.uniform)
    if _confirms(result, value, target):
        return Found(result)
    if result.cut.accelerators_a != target:
        return None
    return Found(replace(result, exact=False), confirmed=False)


def integer_program(problem: BisectionProblem, found: Found | None) -> Found | None:
    """The exact bisection of a small network of any shape as an integer program
    (:mod:`model.metrics.bisection.milp`); None when the network is too large, the
    solver does not prove optimality, or the recount disagrees."""
    topo, ep = problem.topo, problem.ep
    if ep.count + topo.switches > bisection_milp.MAX_NODES:
        return None
    solved = bisection_milp.solve(topo, ep, problem.target)
    if solved is None:
        return None
    result = report_cut(topo, ep, Sides(solved.switch, solved.accelerator), exact=True)
    return Found(result) if _confirms(result, solved.value, problem.target) else None


def dragonfly_plus(problem: BisectionProblem, found: Found | None) -> Found | None:
    """The exact bisection of a Dragonfly+ of alike groups, in closed form
    (:mod:`model.metrics.bisection.dragonfly_cut`, whose docstring proves it); None when the
    network is not of that shape or the recount disagrees."""
    topo, ep, target = problem.topo, problem.ep, problem.target
    if topo.hierarchical:
        return None
    shape = dragonfly_shape(topo, ep)
    if shape is None or not shape.alike:
        return None
    cut = dragonfly_minimum(shape, target)
    if cut is None:
        return None
    switch, accelerator = dragonfly_sides(shape, ep, cut, target)
    result = report_cut(topo, ep, Sides(switch, accelerator), exact=True)
    return Found(result) if _confirms(result, cut.gbps, target) else None


def uneven_dragonfly(problem: BisectionProblem, found: Found | None) -> Found | None:
    """The least balanced cut of a small Dragonfly+ of uneven groups, over every
    placement of its spines (:mod:`model.metrics.bisection.group_spines`, whose
    docstring proves it): exact when the cut laid out recounts to that least; else the
    least is kept as a lower bound (``found["spine least"]``) and the cut is offered
    inexact. None when the network is not of that shape or too large for it."""
    topo, ep, target = problem.topo, problem.ep, problem.target
    if topo.hierarchical:
        return None
    groups = read_groups(topo, ep)
    problem.found["groups"] = (groups,)  # the bound reads them too
    if groups is None:
        return None
    solved = spine_minimum(groups, ep, topo.switches, target)
    if solved is None:
        return None
    problem.found["spine least"] = solved.gbps
    result = report_cut(topo, ep, Sides(solved.switch, solved.accelerator), exact=True)
    if _confirms(result, solved.gbps, target):
        return Found(result)
    if result.cut.accelerators_a != target:
        return None
    return Found(replace(result, exact=False), confirmed=False)


def heuristic(problem: BisectionProblem, found: Found | None) -> Found | None:
    """Best of several structured balanced splits — accelerators in building, island,
    rack group and switch order — with the switches placed by an s–t minimum cut (optimal
    for that split of the accelerators): an upper bound. Skipped when an earlier solver
    found a confirmed cut."""
    if found is not None and found.confirmed:
        return None
    kept = problem.found.get("heuristic")
    if isinstance(kept, Found):
        return kept
    topo, ep, target = problem.topo, problem.ep, problem.target
    n = ep.count
    order = np.arange(n)
    rack_group = np.repeat(np.array([r.index for r in topo.racks], np.int64),
                           [r.accelerators for r in topo.racks])
    orders = [
        np.lexsort((order, rack_group, ep.island, ep.building)),
        np.lexsort((order, rack_group, ep.island, -ep.building)),
        np.lexsort((order, -ep.island, ep.building)),
    ]
    if ep.inc_acc.size:
        first_member = np.full(n, -1, dtype=np.int64)
        first_member[ep.inc_acc] = ep.inc_member
        orders.append(np.lexsort((order, first_member)))
    network = MemberNetwork(topo, ep)
    best: Bisection | None = None
    for candidate in orders:
        acc_side = np.zeros(n, dtype=np.int8)
        acc_side[candidate[:target]] = 1
        _, on_a = network.cut(acc_side == 1, acc_side == 0)
        switch = np.zeros(topo.switches, dtype=np.int8)
        switch[sorted(on_a)] = 1
        result = report_cut(topo, ep, Sides(switch, acc_side), exact=False)
        if best is None or result.gbps < best.gbps:
            best = result
    assert best is not None
    made = Found(best, confirmed=False)
    problem.found["heuristic"] = made
    return made


def bounded_heuristic(problem: BisectionProblem, found: Found | None) -> Found | None:
    """For a network with peer links: the best cut so far (the heuristic's, unless an
    earlier solver confirmed one) given the proven lower bound of
    :mod:`model.metrics.bisection.bound`, exact when the bound reaches it — tried
    before the integer program, which on a small uneven Dragonfly+ takes seconds to
    prove what the bound proves in milliseconds. None for a hierarchical network (no
    bound applies); otherwise the heuristic's cut, inexact, when the bound falls short."""
    if problem.topo.hierarchical:
        return None
    own = heuristic(problem, found)
    best = found if own is None or (found is not None
                                    and found.bisection.gbps <= own.bisection.gbps) else own
    if best is None:
        return None
    result = with_lower_bound(problem, best.bisection)
    if result.exact:
        return Found(result)
    return own


DEFAULT_SOLVERS: tuple[Solver, ...] = (switch_sides_dp, pod_tree_dp, dragonfly_plus,
                                       uneven_dragonfly, bounded_heuristic,
                                       integer_program, heuristic)
"""The engine's solvers, in the order they are tried (see module doc)."""


class NoSolverError(ValueError):
    """No solver of the list gave a cut (a list without :func:`heuristic`)."""


def compute_bisection(topo: Topology, ep: Endpoints, tree: PodTree | None,
                      by_members: MemberUnits | None = None,
                      solvers: Sequence[Solver] = DEFAULT_SOLVERS) -> Bisection:
    """Minimum balanced bisection of the plane by the first of ``solvers`` to find an
    exact cut, else the best inexact one (see module doc). ``by_members``: the tree's
    units are switch members (the cut is then recounted member by member). Raises
    :class:`NoSolverError` when no solver gives a cut."""
    n = ep.count
    if n < 2:
        empty = Sides(np.zeros(topo.switches, np.int8), np.zeros(n, np.int8))
        return report_cut(topo, ep, empty, exact=True)
    problem = BisectionProblem(topo, ep, tree, by_members, n // 2)
    best: Found | None = None
    for solver in solvers:
        found = solver(problem, best)
        if found is None:
            continue
        if found.bisection.exact:
            return found.bisection
        if best is None or found.bisection.gbps < best.bisection.gbps:
            best = found
    if best is None:
        names = ", ".join(getattr(s, "__name__", repr(s)) for s in solvers) or "none"
        raise NoSolverError(f"no bisection solver found a cut (solvers tried: {names}); "
                            "end the list with the heuristic, which always finds one")
    return with_lower_bound(problem, best.bisection)


def with_lower_bound(problem: BisectionProblem, best: Bisection) -> Bisection:
    """The best inexact cut with the proven lower bound of
    :mod:`model.metrics.bisection.bound` where one applies; exact when the bound
    reaches the cut (then the cut is a minimum), or :func:`uneven_dragonfly`'s least
    where it ran. The bound is computed once a run."""
    if "lower bound" not in problem.found:
        read = problem.found.get("groups")
        problem.found["lower bound"] = lower_bound(
            problem.topo, problem.ep, problem.target,
            read if isinstance(read, tuple) else None)
    bound = problem.found["lower bound"]
    least = problem.found.get("spine least")
    assert bound is None or isinstance(bound, float)
    if isinstance(least, float):
        bound = least if bound is None else max(bound, least)
    if bound is None:
        return best
    if bound >= best.gbps * (1 - 1e-9) and best.cut.accelerators_a == problem.target:
        return replace(best, exact=True, lower_bound_gbps=None)
    return replace(best, lower_bound_gbps=min(bound, best.gbps))
