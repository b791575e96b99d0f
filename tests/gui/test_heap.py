"""The editor keeps the collector's full passes off its event loop: objects alive once a
design is shown are exempt from them, and opening another design releases them."""

from __future__ import annotations

import gc
import weakref

from gui import heap


class _Node:
    """An object that keeps itself alive through a cycle (as canvas items and their
    wrappers do)."""

    def __init__(self) -> None:
        self.me = self


def test_settle_exempts_what_is_alive_and_the_next_settle_releases_it() -> None:
    node = _Node()
    ref = weakref.ref(node)
    heap.settle()
    assert gc.get_freeze_count() > 0
    del node
    gc.collect()
    assert ref() is not None, "a full pass leaves objects exempted by settle alone"
    heap.settle()  # as when another design is opened
    assert ref() is None
    gc.unfreeze()


def test_a_shown_window_settles_the_heap(qtbot, design, catalog, settings  # type: ignore[no-untyped-def]
                                         ) -> None:
    from gui.main_window import open_window

    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    window = open_window(design, None, catalog, settings)
    qtbot.addWidget(window)
    assert gc.get_freeze_count() > 0
    window.document.undo_stack.setClean()
    gc.unfreeze()
