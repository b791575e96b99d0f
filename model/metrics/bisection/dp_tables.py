"""What the pod-tree DP (:mod:`model.metrics.bisection.pod_dp`) computes per node signature, and
what it keeps of it from one run to the next.

After an edit the subtrees it did not touch keep their signature hashes, so their
tables, and the combinations of their groups, are found in the engine's memory
(:attr:`~model.metrics.memory.Memory.dp_tables` by (signature hash, grid, reach,
remainder, top pod), :attr:`~model.metrics.memory.Memory.dp_prefixes` by (the parent's
side, grid, reach, remainder, and the (hash, count) of each group combined)) instead of
recomputed. The reach is the target for the top pod, else where the table stops (its
size, or the limit). Both stores are bounded by the bytes of the arrays they hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from model.metrics.algorithms.min_plus import Split

Array = np.ndarray


@dataclass
class Costs:
    """DP tables of one node signature: ``f[σ]`` and ``f1[σ]`` (σ = 0: parent's
    switches on A, 1: on B), and how each pod chose."""

    f: list[Array]
    f1: list[Array]
    own_side: list[Array] = field(default_factory=list)
    """Per parent side and count: the side the pod's own switches take."""
    own_side1: list[Array] = field(default_factory=list)
    plan: list[object] = field(default_factory=list)
    """Per own side: the fold steps to split a count among the children."""
    at: int = 0
    """The count of the tables' first entry: 0, or the target for the top pod, whose
    tables hold the target's entry alone (it is read at no other count, and spread over
    every count it would be a dozen arrays of 50,000 entries per run at 100K)."""

    def arrays(self) -> list[Array]:
        """The arrays these tables hold, the plans' included (for the memory bound)."""
        return held_arrays([self.f, self.f1, self.own_side, self.own_side1, self.plan])


def held_arrays(items: object) -> list[Array]:
    """The numpy arrays inside nested lists and tuples, and the first tables of the
    :class:`Split` s there (what a remembered entry keeps alive)."""
    held: list[Array] = []
    pending: list[object] = [items]
    while pending:
        item = pending.pop()
        if isinstance(item, Split):
            held.append(item.a)
        elif isinstance(item, np.ndarray):
            held.append(item)
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
    return held
