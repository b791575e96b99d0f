"""Keep the garbage collector's full passes off the editor's event loop.

Python's cyclic collector now and then walks every tracked object. With a 100K-GPU
campus open, the design, its canvas items and their Qt wrappers make that walk take
20–60 ms, and when it falls inside an edit's handler the editor stalls past its 50 ms
budget (DESIGN §4). Objects that live as long as the open design are therefore moved
out of the collector's sight once the design is shown (``gc.freeze``), so a later pass
walks only what edits made since. Opening another design first releases them and
collects once, while the user is waiting for the file anyway, so a closed design's
cycles do not linger.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect what is garbage now, then exempt everything still alive from later full
    passes (call once a design is shown)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
