"""Classes of islands that any permutation within a class exchanges by an automorphism of
the network, checked on the member-level wiring itself — for pair capacities of
networks without a pod tree (Dragonfly+, peer links), where every pair would otherwise
cost a max-flow.

Each island's switches are numbered by their rank in the island (tiers in design order)
and its accelerators likewise; a link is then described relative to the islands it
joins. Islands i and j are put in one class when their own descriptions are equal: the
links inside the island, its accelerators' attachments, and its links to switches
outside every island (same outside switch, same rank, same speed). Between islands the
links of a pair (i, j), as (rank in i, rank in j, speed), form the pair's *block*.

Why that suffices: let π permute the islands of each class among themselves, fixing
everything outside islands, and map rank r of island i to rank r of π(i). A link inside
an island goes to a link inside its image (equal descriptions); a link to an outside
switch likewise. A link between i and j goes to one between π(i) and π(j) when the
block of (π(i), π(j)) equals that of (i, j) — so the check asks, for each two classes
C and D, that every pair of islands from C × D has the same block (oriented C first),
and, within a class, that the block equals its own transpose (π may swap the pair's
order). Then π is an automorphism of the network and keeps each island's accelerators
together, so the minimum cut between islands x and y equals the one between π(x) and
π(y): pair capacities are equal across pairs of the same two classes, and one max-flow
per pair of classes is enough. When the blocks between two classes do not agree, the
islands are each put in a class of their own (never wrong, only slower).
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from model.metrics.representation.endpoints import Endpoints
from model.metrics.representation.topology import IntArray, TierNet, Topology


def _blocks(keys: IntArray, rows: np.ndarray, groups: int) -> list[bytes]:
    """The rows of each key (0 … groups − 1) as sorted bytes (rows: a 2-D float array).
    Blocks of one call compare equal exactly when their multisets of rows are equal:
    each row is coded as one integer (columns of whole numbers by value, others by rank
    among their distinct values), the same coding for every key."""
    if rows.shape[0] == 0:
        return [b""] * groups
    code = np.zeros(rows.shape[0], dtype=np.int64)
    radix = 1
    for column in rows.T:
        low = float(column.min())
        if np.all(column == np.floor(column)) and float(column.max()) - low < 2**31:
            ids, size = (column - low).astype(np.int64), int(column.max() - low) + 1
        else:
            values, inverse = np.unique(column, return_inverse=True)
            ids, size = inverse.reshape(-1).astype(np.int64), int(values.size)
        if radix * size * max(groups, 1) >= 2**62:
            order = np.lexsort((*rows.T[::-1], keys))  # too many codes: sort the rows
            ordered, sorted_keys = rows[order], keys[order]
            cuts = np.searchsorted(sorted_keys, np.arange(groups + 1))
            return [ordered[cuts[g]:cuts[g + 1]].tobytes() for g in range(groups)]
        code = code * size + ids
        radix *= size
    full = np.sort(keys.astype(np.int64) * radix + code)
    cuts = np.searchsorted(full, np.arange(groups + 1, dtype=np.int64) * radix)
    return [(full[cuts[g]:cuts[g + 1]] - g * radix).tobytes() for g in range(groups)]


def island_classes(topo: Topology, ep: Endpoints) -> IntArray:
    """The class of every island (indices into ``ep.island_names``), such that any
    permutation of islands within classes is an automorphism (see module doc). Islands
    in no class with another get a class of their own."""
    islands = len(ep.island_names)
    alone = np.arange(islands, dtype=np.int64)
    if islands < 2 or ep.count == 0 or ep.shares_nics or topo.counts_only:
        return alone
    number = {name: i for i, name in enumerate(ep.island_names)}
    sw_island = np.full(topo.switches, -1, dtype=np.int64)
    sw_rank = np.arange(topo.switches, dtype=np.int64)  # outside islands: its own number
    filled = np.zeros(islands, dtype=np.int64)
    tiers_of: dict[int, list[int]] = defaultdict(list)
    for tier in topo.tiers.values():
        if tier.island is None or tier.island not in number:
            continue
        i = number[tier.island]
        span = slice(tier.offset, tier.offset + tier.count)
        sw_island[span] = i
        sw_rank[span] = filled[i] + np.arange(tier.count)
        filled[i] += tier.count
        tiers_of[i].append(tier.count)
    # links between switches: inside an island, to outside, between two islands
    los, his, caps = [], [], []
    for b in topo.bundles:
        if isinstance(b.lower, TierNet):
            los.append(b.lower_member + b.lower.offset)
            his.append(b.upper_member + b.upper.offset)
            caps.append(np.full(b.lower_member.size, b.speed_gbps))
    lo = np.concatenate(los) if los else np.zeros(0, np.int64)
    hi = np.concatenate(his) if his else np.zeros(0, np.int64)
    cap = np.concatenate(caps) if caps else np.zeros(0)
    il, ih = sw_island[lo], sw_island[hi]
    inside = (il >= 0) & (il == ih)
    own = [_blocks(il[inside], np.stack([sw_rank[lo[inside]], sw_rank[hi[inside]],
                                         cap[inside]], axis=1).astype(np.float64), islands)]
    for mine, other, side in ((il, ih, 0.0), (ih, il, 1.0)):
        out = (mine >= 0) & (other < 0)
        ends = (lo, hi) if side == 0.0 else (hi, lo)
        own.append(_blocks(mine[out], np.stack([
            sw_rank[ends[0][out]], ends[1][out], np.full(int(out.sum()), side), cap[out]],
            axis=1).astype(np.float64), islands))
    # accelerators: rank within their island, attachments inside it or outside islands
    acc_island = ep.island
    counts = np.bincount(acc_island, minlength=islands)
    order = np.argsort(acc_island, kind="stable")
    acc_rank = np.empty(ep.count, dtype=np.int64)
    acc_rank[order] = np.arange(ep.count) - np.repeat(np.r_[0, np.cumsum(counts)[:-1]], counts)
    where = acc_island[ep.inc_acc]
    member_island = sw_island[ep.inc_member]
    if np.any((member_island >= 0) & (member_island != where)):
        return alone  # an accelerator wired into another island's switches
    own.append(_blocks(where, np.stack([
        acc_rank[ep.inc_acc], sw_rank[ep.inc_member], (member_island < 0).astype(float),
        ep.inc_gbps], axis=1).astype(np.float64), islands))
    signature: dict[tuple[object, ...], int] = {}
    first_class = np.empty(islands, dtype=np.int64)
    for i in range(islands):
        key = (int(counts[i]), int(filled[i]), tuple(tiers_of[i]), *(b[i] for b in own))
        first_class[i] = signature.setdefault(key, len(signature))
    if len(signature) == islands:
        return alone
    refined = _refined(first_class, il, ih, sw_rank[lo], sw_rank[hi], cap)
    if not _blocks_agree(refined, il, ih, sw_rank[lo], sw_rank[hi], cap):
        return alone
    return refined


def _refined(cls: IntArray, il: IntArray, ih: IntArray, rl: IntArray, rh: IntArray,
             cap: np.ndarray) -> IntArray:
    """``cls`` split until islands of one class see the same blocks towards each class
    (counted with multiplicity): the classes :func:`_blocks_agree` can accept, e.g. the
    two islands of a global bundle whose speed differs from the others'."""
    between = (il >= 0) & (ih >= 0) & (il != ih)
    il, ih, rl, rh, cap = il[between], ih[between], rl[between], rh[between], cap[between]
    if il.size == 0:
        return cls
    islands = cls.size
    # each ordered pair's block, seen from its first island
    first, second = np.r_[il, ih], np.r_[ih, il]
    rows = np.stack([np.r_[rl, rh], np.r_[rh, rl], np.r_[cap, cap]], axis=1).astype(
        np.float64)
    keys, pair_index = np.unique(first * islands + second, return_inverse=True)
    blocks = _blocks(pair_index.reshape(-1), rows, keys.size)
    names: dict[bytes, int] = {}
    block_id = [names.setdefault(b, len(names)) for b in blocks]
    seen_by: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for key, bid in zip(keys.tolist(), block_id, strict=True):
        x, y = divmod(key, islands)
        seen_by[x].append((y, bid))
    while True:
        signature: dict[tuple[object, ...], int] = {}
        new = np.empty(islands, dtype=np.int64)
        for i in range(islands):
            view = tuple(sorted((int(cls[y]), bid) for y, bid in seen_by.get(i, [])))
            new[i] = signature.setdefault((int(cls[i]), view), len(signature))
        if len(signature) == int(cls.max()) + 1:
            return new
        cls = new


def _blocks_agree(cls: IntArray, il: IntArray, ih: IntArray, rl: IntArray, rh: IntArray,
                  cap: np.ndarray) -> bool:
    """Whether every pair of islands from the same two classes has the same block, and
    blocks within a class equal their transposes (see module doc)."""
    between = (il >= 0) & (ih >= 0) & (il != ih)
    il, ih, rl, rh, cap = il[between], ih[between], rl[between], rh[between], cap[between]
    # orient each link from the island of the lower class (lower island on a tie)
    swap = (cls[il] > cls[ih]) | ((cls[il] == cls[ih]) & (il > ih))
    a, b = np.where(swap, ih, il), np.where(swap, il, ih)
    ra, rb = np.where(swap, rh, rl), np.where(swap, rl, rh)
    islands = cls.size
    pair = a * islands + b
    keys, pair_index = np.unique(pair, return_inverse=True)
    index = pair_index.reshape(-1)
    both = _blocks(np.r_[index, index + keys.size], np.stack(
        [np.r_[ra, rb], np.r_[rb, ra], np.r_[cap, cap]], axis=1).astype(np.float64),
        2 * keys.size)
    blocks, flipped = both[:keys.size], both[keys.size:]
    sizes = np.bincount(cls, minlength=int(cls.max()) + 1)
    seen: dict[tuple[int, int], tuple[bytes, int]] = {}
    for key, block, transposed in zip(keys.tolist(), blocks, flipped, strict=True):
        x, y = divmod(key, islands)
        cx, cy = int(cls[x]), int(cls[y])
        if cx == cy and transposed != block:
            return False
        known = seen.get((cx, cy))
        if known is None:
            seen[cx, cy] = (block, 1)
        elif known[0] != block:
            return False
        else:
            seen[cx, cy] = (block, known[1] + 1)
    for (cx, cy), (_, pairs) in seen.items():  # every pair of the two classes is linked
        full = sizes[cx] * (sizes[cx] - 1) // 2 if cx == cy else sizes[cx] * sizes[cy]
        if pairs != full:
            return False
    return True
