"""Exact bisection of pod trees whose pods' own switches are not interchangeable.

The pod-tree DP (:mod:`model.metrics.pod_dp`) counts how many of a pod's own switches
stand on each side, which is exact only when every child reaches every own switch
equally (``PodTree.uniform``). Links dealt unevenly (3 links per leaf over 2 spines,
one island with half the uplinks of the others) break that: which switches stand on
side A matters, not only how many.

This DP keeps the side of each own switch instead. For a node v and each assignment σ of
sides to v's own switches, its table T_v[σ](k) is the least capacity crossing inside v's
subtree (the links below v's own switches) with k of its accelerators on side A. A pod's
table for σ combines its children one at a time by min-plus convolution, each child
contributing

    g_c(k) = min over τ of T_c[τ](k) + X_c(τ, σ)

where X_c is the capacity of the links between the child's own switches (sides τ) and
the pod's (sides σ). A unit of n alike accelerators with k of them on A contributes,
for each own switch j it reaches with capacity C, C·(n−k)/n when j stands on A and
C·k/n when it stands on B. Every link of a pod tree joins a node's own switches (or a
unit) to its parent's own switches, so each link is counted exactly once, at the pod
above it, and the least over σ at the roots is the minimum bisection: no assumption on
the capacities is made. The price is 2^c assignments for a pod of c classes (below), so
this is used only while the whole work stays small (:data:`WORK_LIMIT`); larger trees
keep the structured upper bound, flagged ``exact: false``. Tables stop at the target
count (counts only add up), and a single top pod read at half of an even number of
accelerators needs only half its assignments: an assignment and its mirror image
(every side flipped) cost the same there.

Not every switch needs its own side: switches of a pod fall into classes that stand
together, and each class is one switch for the DP (2^c assignments for c classes). The
classes are those of the coarsest equitable partition that keeps each pod's switches
apart from other pods' and each unit on its own: every switch of a class has the same
capacity to each unit and to each other class (found by colour refinement, weighted by
capacity; :func:`_classes`). Why a class stands together: fix every accelerator's side
and split each unit into its part on A and its part on B. The partition into those parts
and the classes is still equitable (a switch's capacity to a unit's part on A is the
unit's capacity to it times the share on A), so it is a fractional automorphism of the
min-cut LP that places the switches (its links cut into parallel pieces of one common
capacity). Such an LP has an optimum constant on every class (Grohe, Kersting, Mladenov
and Selman, "Dimension reduction via colour refinement", ESA 2014), and with every class
constant it is the min-cut LP of the graph of classes, which has an integral optimum:
some minimum cut places every class whole. Switches wired alike (the same links to the
same nodes) always share a class; so do, for example, the spines of a plane whose
uplinks reach one group of cores as the plane's other spines do, though each reaches
different cores (one island with half the uplinks of the others gives the top pod two
classes of cores and each plane one or two classes of spines).

Accelerators sharing a NIC are not modelled (a NIC split between the sides crosses less
than its accelerators' shares): the caller does not use this DP for them.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import numpy as np

from model.metrics.budget import check as check_budget
from model.metrics.min_plus import breakpoints_only, min_plus
from model.metrics.pods import PodTree

INF = float("inf")
WORK_LIMIT = 300_000_000
"""Estimated table entries read (before copies are folded) above which the DP is not
attempted."""
OPERATIONS_LIMIT = 300_000_000
"""Element operations actually spent (convolutions and contributions) after which the
DP is abandoned and the upper bound stands: the estimate above does not see how much
folding copies saves, so the work done bounds the rest. Counted, not timed, so that the
answer never depends on how busy the machine is."""
MAX_LINKS = 250_000
"""Aggregated links above which the DP is not attempted (each child's links to its
parent's classes are read in Python)."""
MAX_OWN = 12
"""Classes of own switches a pod may have (4,096 assignments)."""
MAX_ACCELERATORS = 120_000
"""Accelerators above which the DP is not attempted: its tables, and the running
combinations it keeps to place the cut, grow with them (the 100K campus with one
island's uplinks halved peaks at about 280 MB and takes about 1.8 s)."""


@dataclass
class _Choice:
    """How a pod's table for one assignment was made: per child, the running table
    before it and the child's contribution (with the child's best assignment per k)."""

    before: list[np.ndarray]
    contribution: list[np.ndarray]
    child_sigma: list[np.ndarray | None]
    children: list[int]
    """The children in the order they were combined."""


@dataclass
class SwitchSides:
    """A bisection found by :func:`solve`: its value, the side of each own switch (by
    global member, True = side A) and the accelerators on A of each unit."""

    value: float
    switch_a: dict[int, bool]
    on_a: np.ndarray


CALL_COST = 5_000
"""Operations each convolution or contribution counts besides its elements: the Python
around a small one costs about as much as 5,000 element operations."""


class _OutOfWorkError(Exception):
    """More operations than :data:`OPERATIONS_LIMIT`."""


class _Budget:
    """Operations one solve has spent, against :data:`OPERATIONS_LIMIT`."""

    def __init__(self) -> None:
        self.spent = 0

    def add(self, operations: int) -> None:
        check_budget()  # the run's deadline (model.metrics.budget)
        self.spent += operations
        if self.spent > OPERATIONS_LIMIT:
            raise _OutOfWorkError

    def minplus(self, a: np.ndarray, b: np.ndarray, limit: int | None = None
                ) -> np.ndarray:
        """Min-plus convolution the cheapest way (shifted copies or linear pieces),
        entries below ``limit`` only, counted."""
        out, _, work = min_plus(a, b, limit)
        self.add(work + CALL_COST)
        return out


def _classes(tree: PodTree) -> dict[int, list[list[int]]]:
    """Per pod: its own switches grouped into the classes of the coarsest equitable
    partition that keeps each pod's switches apart from other pods' and each unit on its
    own (colour refinement, weighted by capacity): two switches share a class when they
    have the same capacity to every unit and to every class. Each class in member order.
    Why a class may stand together: see the module doc."""
    members = tree.own_members
    owner = np.repeat(np.arange(tree.size, dtype=np.int64), np.diff(tree.own_ptr))
    index = np.full(int(members.max()) + 1 if members.size else 0, -1, dtype=np.int64)
    index[members] = np.arange(members.size)
    n = members.size
    # every link seen from each switch end: (switch, the other end, capacity); a unit
    # is the other end n + unit
    u_lo, u_hi, u_cap = tree.unit_edges
    s_lo, s_hi, s_cap = tree.switch_edges
    at = np.concatenate([index[u_hi], index[s_lo], index[s_hi]])
    other = np.concatenate([n + u_lo, index[s_hi], index[s_lo]])
    capacity = np.concatenate([u_cap, s_cap, s_cap]).astype(np.float64)
    # switch colours stay below n (ranks), units' colours are n + unit throughout
    pods, first = np.unique(owner, return_inverse=True)
    colour = np.concatenate([first.reshape(-1), n + np.arange(tree.units, dtype=np.int64)])
    count = pods.size
    while True:
        width = int(colour.max()) + 1
        pairs, inverse = np.unique(at * width + colour[other], return_inverse=True)
        totals = np.round(np.bincount(inverse.reshape(-1), weights=capacity), 6)
        switch_of = pairs // width
        cuts = np.searchsorted(switch_of, np.arange(1, n))
        towards = np.split(pairs % width, cuts)
        amounts = np.split(totals, cuts)
        keys = [(int(colour[i]), towards[i].tobytes(), amounts[i].tobytes())
                for i in range(n)]
        rank: dict[tuple[int, bytes, bytes], int] = {}
        fresh = np.array([rank.setdefault(key, len(rank)) for key in keys], dtype=np.int64)
        colour = np.concatenate([fresh, colour[n:]])
        if len(rank) == count:
            break
        count = len(rank)
    colour_of = dict(zip(members.tolist(), colour[:n].tolist(), strict=True))
    out: dict[int, list[list[int]]] = {}
    for node in range(tree.units, tree.size):
        groups: dict[int, list[int]] = {}
        for member in tree.own(node).tolist():
            groups.setdefault(colour_of[member], []).append(member)
        out[node] = list(groups.values())
    return out


def _work(tree: PodTree, classes: dict[int, list[list[int]]], target: int) -> float:
    """Estimated element operations of :func:`solve` on ``tree``."""
    own = {node: len(groups) for node, groups in classes.items()}
    if own and max(own.values()) > MAX_OWN:
        return INF
    total = 0.0
    for node in own:
        total += _node_work(tree, own, node, target)
        if total > WORK_LIMIT:
            break  # too much already: no need to count the rest
    return total


def _node_work(tree: PodTree, own: dict[int, int], node: int, target: int) -> float:
    """Estimated element operations of one pod's tables: for every assignment of its
    classes, each child's best over the child's own assignments (its table's size per
    assignment) and one convolution per child (about the pod's size each)."""
    size = min(int(tree.accelerators[node]), target) + 1
    kids = tree.children(node)
    child_sizes = np.minimum(tree.accelerators[kids], target) + 1
    below = sum(2.0 ** own.get(c, 0) * float(n)
                for c, n in zip(kids.tolist(), child_sizes.tolist(), strict=True))
    return 2.0 ** own.get(node, 0) * (below + kids.size * size * 2)


_Links = tuple[dict[int, list[tuple[int, float]]], dict[int, list[tuple[int, int, float]]]]


def _links(tree: PodTree) -> _Links | None:
    """Each unit's links (member, capacity) and each pod's uplinks (own member, parent's
    member, capacity); None when the tree is too large for this DP."""
    u_lo, u_hi, u_cap = tree.unit_edges
    s_lo, s_hi, s_cap = tree.switch_edges
    if not tree.size or int(tree.accelerators.max()) > MAX_ACCELERATORS \
            or u_lo.size + s_lo.size > MAX_LINKS:
        return None
    unit_links: dict[int, list[tuple[int, float]]] = {}
    for u, m, c in zip(u_lo.tolist(), u_hi.tolist(), u_cap.tolist(), strict=True):
        unit_links.setdefault(u, []).append((m, c))
    switch_links: dict[int, list[tuple[int, int, float]]] = {}
    node_of_member = {int(m): node for node in range(tree.units, tree.size)
                      for m in tree.own(node).tolist()}
    for lo, hi, c in zip(s_lo.tolist(), s_hi.tolist(), s_cap.tolist(), strict=True):
        switch_links.setdefault(node_of_member[lo], []).append((lo, hi, c))
    return unit_links, switch_links


def solve(tree: PodTree, target: int) -> SwitchSides | None:
    """The minimum bisection with ``target`` accelerators on side A, or None when the
    tree is too large for this DP (see :data:`WORK_LIMIT`)."""
    found = _links(tree)
    if found is None:
        return None
    unit_links, switch_links = found
    classes = _classes(tree)
    if _work(tree, classes, target) > WORK_LIMIT:
        return None
    class_of = {m: i for groups in classes.values() for i, group in enumerate(groups)
                for m in group}

    try:
        return _solve(tree, target, classes, class_of, unit_links, switch_links, _Budget())
    except _OutOfWorkError:
        return None


def _solve(tree: PodTree, target: int, classes: dict[int, list[list[int]]],
           class_of: dict[int, int], unit_links: dict[int, list[tuple[int, float]]],
           switch_links: dict[int, list[tuple[int, int, float]]], budget: _Budget
           ) -> SwitchSides | None:
    """:func:`solve` once its inputs are laid out."""
    tables: dict[int, np.ndarray] = {}
    """Per node: its table, assignments × (accelerators + 1) (units: one row), cut at
    the target: counts only add up, so no larger one can contribute."""
    choices: dict[int, list[_Choice]] = {}
    cap = target + 1
    roots = list(tree.roots)
    mirror_root = roots[0] if len(roots) == 1 and 2 * target == int(
        tree.accelerators[roots[0]]) else -1
    for node in range(tree.size):
        if node < tree.units:
            tables[node] = np.zeros((1, int(tree.unit_size[node]) + 1))
            continue
        count = len(classes[node])
        sigmas = (np.arange(1 << count)[:, None] >> np.arange(count)) & 1  # 1 = A
        # a single top pod with an even number of accelerators is read at half of them,
        # where an assignment and its mirror image (every side flipped) cost the same:
        # its first class may stay on side A
        mirrored = node == mirror_root
        rows, made = [], []
        # children with the same table and the same links to the same classes
        # contribute the same: each such shape is worked out once per assignment
        kids = tree.children(node).tolist()
        shapes = [_shape(tree, child, class_of, tables, unit_links, switch_links)
                  for child in kids]
        for sigma in sigmas:
            total = np.zeros(1)
            choice = _Choice([], [], [], [])
            if mirrored and not sigma[0]:
                rows.append(np.full(1, INF))
                made.append(choice)
                continue
            known: dict[Hashable, tuple[np.ndarray, np.ndarray | None]] = {}
            # children whose contributions are equal are combined as copies: all but
            # one of them may stand at a breakpoint of the contribution (two inside
            # linear pieces trade accelerators at a constant rate until one reaches an
            # end), so their convolutions are a few shifted copies each
            alike: dict[bytes, list[tuple[int, np.ndarray, np.ndarray | None]]] = {}
            for child, shape in zip(kids, shapes, strict=True):
                if shape not in known:
                    budget.add(CALL_COST + (int(tables[child].size) if child >= tree.units
                                            else 0))
                    known[shape] = _contribution(tree, child, sigma, class_of,
                                                 len(classes.get(child, [])), tables,
                                                 unit_links, switch_links)
                g, best = known[shape]
                alike.setdefault(g.tobytes(), []).append((child, g, best))
            for copies in alike.values():
                corners = breakpoints_only(copies[0][1]) if len(copies) > 1 else copies[0][1]
                for i, (child, g, best) in enumerate(copies):
                    used = g if i == 0 else corners
                    choice.before.append(total)
                    choice.contribution.append(used)
                    choice.child_sigma.append(best)
                    choice.children.append(child)
                    total = budget.minplus(total, used, cap)
            rows.append(total)
            made.append(choice)
        size = min(int(tree.accelerators[node]), target) + 1
        table = np.full((len(rows), size), INF)
        for i, row in enumerate(rows):
            table[i, :min(size, row.size)] = row[:size]
        tables[node] = table
        choices[node] = made

    # the roots are independent: combine their best tables, then read the target
    best_rows = [tables[r].min(axis=0) for r in roots]
    total = np.zeros(1)
    befores = []
    for row in best_rows:
        befores.append(total)
        total = budget.minplus(total, row, cap)
    if target >= total.size or total[target] == INF:
        return None
    result = SwitchSides(float(total[target]), {}, np.zeros(tree.units, dtype=np.int64))
    k = target
    for root, row, before in reversed(list(zip(roots, best_rows, befores, strict=True))):
        take = _split(before, row, k)
        sigma_index = int(np.argmin(tables[root][:, take]))
        _place(tree, root, sigma_index, take, classes, choices, result)
        k -= take
    return result


def _shape(tree: PodTree, child: int, class_of: dict[int, int],
           tables: dict[int, np.ndarray], unit_links: dict[int, list[tuple[int, float]]],
           switch_links: dict[int, list[tuple[int, int, float]]]) -> Hashable:
    """What ``child``'s contribution depends on besides the parent's assignment: its
    table and its links, by class, to the parent's switches."""
    if child < tree.units:
        return ("unit", int(tree.unit_size[child]),
                tuple(sorted((class_of[m], c) for m, c in unit_links.get(child, []))))
    table = tables[child]
    return ("pod", table.shape, table.tobytes(), tuple(sorted(
        (class_of[lo], class_of[hi], c) for lo, hi, c in switch_links.get(child, []))))


def _contribution(tree: PodTree, child: int, sigma: np.ndarray, class_of: dict[int, int],
                  child_classes: int, tables: dict[int, np.ndarray],
                  unit_links: dict[int, list[tuple[int, float]]],
                  switch_links: dict[int, list[tuple[int, int, float]]]
                  ) -> tuple[np.ndarray, np.ndarray | None]:
    """``g_c`` of the module doc for ``child`` under the parent's sides ``sigma``, and
    the child's best assignment for each k (None for a unit)."""
    if child < tree.units:
        n = int(tree.unit_size[child])
        k = np.arange(n + 1, dtype=np.float64)
        g = np.zeros(n + 1)
        for member, capacity in unit_links.get(child, []):
            share = capacity / n if n else 0.0
            g += share * ((n - k) if sigma[class_of[member]] else k)
        return g, None
    taus = (np.arange(1 << child_classes)[:, None] >> np.arange(child_classes)) & 1
    crossing = np.zeros(taus.shape[0])
    for lo, hi, capacity in switch_links.get(child, []):
        crossing += capacity * (taus[:, class_of[lo]] != sigma[class_of[hi]])
    options = tables[child] + crossing[:, None]
    best = np.argmin(options, axis=0)
    return options[best, np.arange(options.shape[1])], best


def _split(before: np.ndarray, g: np.ndarray, k: int) -> int:
    """The count the last table added gives to ``k`` in ``before ⊕ g``."""
    low, high = max(0, k - (before.size - 1)), min(k, g.size - 1)
    i = np.arange(low, high + 1)
    return int(low + np.argmin(before[k - i] + g[i]))


def _place(tree: PodTree, node: int, sigma_index: int, k: int,
           classes: dict[int, list[list[int]]], choices: dict[int, list[_Choice]],
           result: SwitchSides) -> None:
    """Record the sides that give ``node``'s table for assignment ``sigma_index`` at
    ``k`` accelerators on A, down to the units."""
    if node < tree.units:
        result.on_a[node] = k
        return
    for i, group in enumerate(classes[node]):
        for member in group:
            result.switch_a[member] = bool((sigma_index >> i) & 1)
    choice = choices[node][sigma_index]
    for child, before, g, best in reversed(list(zip(
            choice.children, choice.before, choice.contribution, choice.child_sigma,
            strict=True))):
        take = _split(before, g, k)
        _place(tree, child, int(best[take]) if best is not None else 0, take, classes,
               choices, result)
        k -= take
