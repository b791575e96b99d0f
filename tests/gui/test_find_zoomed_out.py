"""Find a bundle from the zoomed-out example (seen in the walk of issue #15 at 1280×720,
/tmp/s13walk/62-720-bundle.png and 64-720-bundle-fixed.png): the example opens at 50 %,
where the cards inside an island are not drawn, so choosing "Island 3 rails" in the find
bar first selected nothing and did not zoom, then zoomed to the campus's corner (the
hidden cards' places) and still selected nothing. Enter shows the bundle's island and
selects the bundle."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from gui import example


@pytest.fixture
def design():  # type: ignore[no-untyped-def]
    return example.example_design()[0]


def test_find_a_bundle_from_the_zoomed_out_campus(window, qtbot) -> None:
    view, scene = window.view, window.scene
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    view.fit_to_view()
    view.set_scale(0.3)
    assert not scene.detail
    bar = window.find_bar
    bar.open_bar()
    bar.edit.setText("Island 3 rails")
    eid = bar.current_id()
    assert eid is not None and eid.startswith("island-3")
    assert bar.choose_current()
    qtbot.waitUntil(lambda: scene.selected_ids() == [eid], timeout=5_000)
    assert scene.detail and view.scale_factor() <= 1.0
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    bundle = window.document.design.element(eid)
    ends = QRectF()
    for end in (bundle.lower, bundle.upper):
        ends = ends.united(scene.item_for(end).sceneBoundingRect())
    assert shown.intersects(ends), (shown, ends)
    island = scene.item_for(window.document.design.element(bundle.upper).island)
    assert shown.intersects(island.sceneBoundingRect())
