"""Whether one element sits below another in the hierarchy of link bundles.

Adding a hierarchical bundle must not close a loop, so the design asks, for every bundle
it adds, whether the upper end already sits below the lower end. Searching only downward
from the lower end costs as much as everything below it: a file of *n* tiers stacked one
on another, read bottom-up, would cost n²/2 steps. Searching down from one end and up
from the other in turn stops as soon as either side runs out, so each question costs at
most twice the smaller of the two searches.
"""

from __future__ import annotations

Links = dict[str, dict[str, str]]
"""For each element id: the bundles leaving it in one direction, bundle id → element."""


def reaches(start: str, target: str, down: Links, up: Links, skip_bundle: str) -> bool:
    """True when ``target`` can be reached from ``start`` following ``down`` links
    (``up`` holds the same links reversed), ignoring the bundle ``skip_bundle``."""
    if start == target:
        return True
    seen = ({start}, {target})
    fronts = ([start], [target])
    links = (down, up)
    side = 0
    while fronts[0] and fronts[1]:
        node = fronts[side].pop()
        mine, theirs = seen[side], seen[1 - side]
        for bundle_id, nxt in links[side].get(node, {}).items():
            if bundle_id == skip_bundle or nxt in mine:
                continue
            if nxt in theirs:
                return True
            mine.add(nxt)
            fronts[side].append(nxt)
        side = 1 - side
    return False
