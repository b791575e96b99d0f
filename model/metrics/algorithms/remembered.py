"""A store of results kept across runs, bounded by the memory their arrays take.

The DP remembers tables and combinations from one edit to the next (see
:mod:`model.metrics.bisection.pod_dp`). Every edit of a large campus adds some, each holding
arrays of up to a million entries, so a bound on their number alone would let a long
editing session grow without limit. This store forgets the least recently used entries
once their arrays exceed a byte budget.

Stores belong to an engine's :class:`~model.metrics.memory.Memory`, never to a module.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

import numpy as np

Value = TypeVar("Value")


class HashedKey(tuple):  # type: ignore[type-arg]
    """A key tuple that hashes its items once: a tuple does not keep its hash, and a
    key of every record of a design (hundreds of them, each hashing its fields) is
    looked up and stored several times a run. Equal to, and hashed like, the plain
    tuple of its items.

    >>> key = HashedKey((1, "a"))
    >>> key == (1, "a"), hash(key) == hash((1, "a")), {key: 0}[(1, "a")]
    (True, True, 0)
    """

    _hash: int

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._hash = tuple.__hash__(self)
            return self._hash

    def __reduce__(self) -> tuple[type[HashedKey], tuple[tuple[object, ...]]]:
        """Pickled without its hash (strings hash differently in another process)."""
        return HashedKey, (tuple(self),)


class ProjectedKey(HashedKey):
    """A key tuple hashed by a small projection of its items (``by``: any hashable
    function of them, so equal keys hash alike), equal as its items are. For keys of
    records whose own hash is costly (a pydantic record hashes every field, each
    run anew: a SuperPOD's thousand records took 0.4 ms a key), where a few of their
    fields (counts, speeds) tell the keys a store holds apart; keys equal in the
    projection only are told apart by comparing their items, which are mostly the
    same objects (an edit replaces the record it changes).

    >>> key = ProjectedKey(("a", 1, "b"), by=1)
    >>> key == ("a", 1, "b"), hash(key) == hash(1), {key: 0}[ProjectedKey(("a", 1, "b"), 1)]
    (True, True, 0)
    >>> ProjectedKey(("a", 2, "b"), by=1) in {key: 0}
    False
    """

    _by: Hashable

    def __new__(cls, items: Iterable[object], by: Hashable) -> ProjectedKey:
        key = super().__new__(cls, items)
        key._by = by
        key._hash = hash(by)
        return key

    def __reduce__(self) -> tuple[type[HashedKey], tuple[tuple[object, ...]]]:
        """Pickled with its projection, without its hash (strings hash differently in
        another process)."""
        return ProjectedKey, (tuple(self), self._by)  # type: ignore[return-value]


class Remembered(Generic[Value]):
    """Least-recently-used entries within ``budget`` bytes of arrays and, when given,
    at most ``entries`` of them.

    >>> store: Remembered[str] = Remembered(budget=16)
    >>> store.put("a", "first", [np.zeros(1)])   # 8 bytes
    >>> store.put("b", "second", [np.zeros(1)])  # 16 bytes: at the budget
    >>> store.get("a")  # "a" is now the most recently used
    'first'
    >>> store.put("c", "third", [np.zeros(1)])  # over budget: the oldest, "b", goes
    >>> sorted(k for k in ("a", "b", "c") if k in store), store.bytes
    (['a', 'c'], 16)
    >>> by_count: Remembered[int] = Remembered(budget=float("inf"), entries=2)
    >>> for key in range(3):
    ...     by_count.put(key, key)
    >>> 0 in by_count, len(by_count)
    (False, 2)
    """

    def __init__(self, budget: float, entries: int | None = None):
        self.budget = budget
        self.entries = entries
        self.bytes = 0
        self._entries: dict[Hashable, tuple[Value, int]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def get(self, key: Hashable) -> Value | None:
        """The entry for ``key`` (now the most recently used), or None."""
        found = self._entries.pop(key, None)
        if found is None:
            return None
        self._entries[key] = found
        return found[0]

    def put(self, key: Hashable, value: Value, arrays: Iterable[object] = ()) -> None:
        """Keep ``value``, counting the bytes of the numpy ``arrays`` it holds; forget
        the oldest entries while over budget (never the one just kept)."""
        size = sum(a.nbytes for a in arrays if isinstance(a, np.ndarray))
        old = self._entries.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        self._entries[key] = (value, size)
        self.bytes += size
        while len(self._entries) > 1 and (
                self.bytes > self.budget
                or (self.entries is not None and len(self._entries) > self.entries)):
            oldest = next(iter(self._entries))
            self.bytes -= self._entries.pop(oldest)[1]

    def clear(self) -> None:
        """Forget everything."""
        self._entries.clear()
        self.bytes = 0
