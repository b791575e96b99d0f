"""Defects found by walking the real window (issue #15, the window): each test here
failed before its fix."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsItem, QStyleOptionGraphicsItem

from gui.canvas.picture import build_scene
from gui.canvas.placement import PaletteEntry
from gui.canvas.view import created_ids
from gui.charts import HopsChart
from gui.commands import duplicate_command, remove_command
from gui.metrics_dock import MetricsDock
from gui.theme import THEMES
from model.design import Design
from model.metrics import compute_all


def test_empty_hops_chart_hides_its_axes(qtbot) -> None:
    design = Design()
    dock = MetricsDock(design, THEMES["light"])
    qtbot.addWidget(dock)
    dock.resize(360, 600)
    dock.show()
    metrics = compute_all(design)
    assert not metrics.hops.histogram
    dock.show_metrics(metrics)
    chart = dock.show_chart("hops")
    assert isinstance(chart, HopsChart)
    plot = chart.getPlotItem()
    assert "No accelerator pairs" in chart.empty_note.toPlainText()
    # no 0 … 1 scale drawn behind the note: there is nothing to read on it
    assert not plot.getAxis("left").isVisible()
    assert not plot.getAxis("bottom").isVisible()


def test_empty_find_bar_has_no_blank_band(window, qtbot) -> None:
    bar = window.find_bar
    bar.open_bar()
    row = max(bar.edit.sizeHint().height(), bar.edit.height())
    # the text field and the bar's margins (6 px each side, a 1–2 px frame): no room
    # kept for an empty summary line under it
    assert bar.height() <= row + 2 * 6 + 4, (bar.height(), row)
    qtbot.keyClicks(bar.edit, "leaf")
    assert bar.list.isVisible() and bar.summary.isVisible()
    assert bar.height() > row + 40
    bar.edit.clear()
    assert bar.height() <= row + 2 * 6 + 4, "the band came back after clearing"
    bar.close_bar()


class _Recorder(QPainter):
    """A painter that remembers the text it draws."""

    def __init__(self, image: QImage) -> None:
        super().__init__(image)
        self.texts: list[str] = []

    def drawText(self, *args) -> None:  # type: ignore[no-untyped-def, override]
        self.texts.append(str(args[-1]))
        super().drawText(*args)


def drawn_texts(item) -> list[str]:  # type: ignore[no-untyped-def]
    """The text an item draws at 100 % zoom."""
    image = QImage(800, 400, QImage.Format.Format_ARGB32)
    painter = _Recorder(image)
    painter.translate(-item.boundingRect().topLeft() + QPointF(20, 20))
    mode = item.cacheMode()
    item.setCacheMode(QGraphicsItem.CacheMode.NoCache)  # drawn now, whatever the budget
    try:
        item.paint(painter, QStyleOptionGraphicsItem(), None)
    finally:
        painter.end()
        item.setCacheMode(mode)
    return painter.texts


def test_pasted_names_keep_copy_on_their_cards(window, qtbot) -> None:
    design = window.document.design
    for original in ("hall-a-pod-1", "hall-a-pod-1-racks"):
        command = duplicate_command(design, [original], (40.0, 0.0))
        assert command is not None and window.view.execute(command)
        copy = next(e for e in created_ids(command)
                    if design.kind_of(e) == design.kind_of(original))
        name = design.element(copy).name
        assert name.endswith(" (copy)"), name
        item = window.scene.item_for(copy)
        assert window.scene.detail
        texts = drawn_texts(item)
        title = [t for t in texts if t.startswith(name[:4])]
        assert title and title[0].endswith("(copy)"), texts


def test_svg_labels_are_centred_in_their_pills(qtbot, tmp_path) -> None:
    """Whatever font the viewer has, a connector's label sits in the middle of its
    pill: the SVG anchors it at the pill's centre (it started where Qt's font put it,
    and a viewer with narrower glyphs showed it pressed to the left)."""
    import re
    import xml.etree.ElementTree as ET

    from gui.example import demo_campus
    from gui.export.render import render_svg

    design = demo_campus()
    scene = build_scene(design, compute_all(design, None))
    out = tmp_path / "campus.svg"
    render_svg(scene, out, title="campus")
    labels = {b.label_shown() for b in scene.bundle_items() if not b.label_rect().isEmpty()}
    assert labels
    root = ET.parse(out).getroot()
    # each pill: a rounded path (9-unit radius) in the bundle's colour; its centre
    pills = []
    for node in root.iter():
        d = node.get("d") or ""
        if node.tag.endswith("path") and d.count("C") == 4:
            xs = [float(v) for v in re.findall(r"(-?[\d.]+),", d)]
            pills.append((min(xs) + max(xs)) / 2)
    centred = 0
    for node in root.iter():
        if node.tag.endswith("text") and "".join(node.itertext()) in labels:
            assert node.get("text-anchor") == "middle", node.attrib
            x = float(node.get("x", "nan"))
            assert min(abs(x - c) for c in pills) < 0.5, x
            centred += 1
    assert centred >= len(labels)


def test_pdf_pages_each_start_under_a_heading(qtbot, tmp_path, monkeypatch) -> None:
    """A table carried onto the next page comes under its section's heading marked
    "(continued)": the per-building cost table began page 3 with only its column
    names, the "Cost (USD)" heading left on page 2."""
    from pypdf import PdfReader

    from gui.example import example_design
    from gui.export import pdf

    headings: list[str] = []
    original = pdf._Page.heading

    def spy(self, text: str) -> None:  # type: ignore[no-untyped-def]
        headings.append(text)
        original(self, text)

    monkeypatch.setattr(pdf._Page, "heading", spy)
    design = example_design()[0]
    metrics = compute_all(design, None)
    out = tmp_path / "report.pdf"
    pages = pdf.write_pdf_report(design, metrics, out, scene=build_scene(design, metrics))
    assert pages >= 3 and "Cost (USD)" in headings
    reader = PdfReader(str(out))
    firsts = [" ".join(page.extract_text().splitlines()[0].split())
              for page in reader.pages[1:]]
    allowed = set(headings) | {f"{h} (continued)" for h in headings}
    assert all(first in allowed for first in firsts), firsts
    assert "Cost (USD) (continued)" in firsts, firsts


def _rects(scene, ids):  # type: ignore[no-untyped-def]
    return {i: scene.item_for(i).scene_rect() for i in ids}


def _no_sibling_overlaps(scene, eid) -> None:  # type: ignore[no-untyped-def]
    item = scene.item_for(eid)
    rect = item.scene_rect()
    hit = [o.element.name for o in scene.element_items() if o is not item
           and o.parentItem() is item.parentItem() and o.scene_rect().intersects(rect)]
    assert hit == [], hit


def test_a_dropped_spine_goes_above_the_leaves(window) -> None:
    """The island has spine, leaf and racks stacked; a tier dropped on its racks (a
    spine: the island has a leaf) went below the racks, so its connector to the leaf
    looped around them. It goes above the leaf, beside the island's spine."""
    view, scene, design = window.view, window.scene, window.document.design
    view.set_scale(1.0)
    racks = scene.item_for("hall-a-pod-1-racks").scene_rect()
    assert view.place_entry(PaletteEntry("tier", "sn5600", "SN5600"), racks.center())
    tier = list(design.tiers.values())[-1]
    assert (tier.island, tier.role.value) == ("hall-a-pod-1", "spine")
    window.scene.finish_routing()
    rects = _rects(scene, [tier.id, "hall-a-pod-1-leaf", "hall-a-pod-1-racks"])
    assert rects[tier.id].bottom() < rects["hall-a-pod-1-leaf"].top()
    assert rects["hall-a-pod-1-leaf"].bottom() < rects["hall-a-pod-1-racks"].top()
    # beside the island's spine, in its row: neither stands between the leaf and the
    # other, so both connectors from the leaf run straight up
    spine = scene.item_for("hall-a-pod-1-spine").scene_rect()
    assert rects[tier.id].top() == spine.top()
    _no_sibling_overlaps(scene, tier.id)
    _no_sibling_overlaps(scene, "hall-a-pod-1-spine")


def test_a_dropped_leaf_goes_between_racks_and_spines(window) -> None:
    view, scene, design = window.view, window.scene, window.document.design
    view.set_scale(1.0)
    command = remove_command(design, ["hall-a-pod-1-leaf"])
    assert command is not None and view.execute(command)
    racks = scene.item_for("hall-a-pod-1-racks").scene_rect()
    assert view.place_entry(PaletteEntry("tier", "sn5600", "SN5600"),
                            QPointF(racks.center().x(), racks.bottom() + 4))
    tier = list(design.tiers.values())[-1]
    assert (tier.island, tier.role.value) == ("hall-a-pod-1", "leaf")
    rects = _rects(scene, [tier.id, "hall-a-pod-1-spine", "hall-a-pod-1-racks"])
    assert rects["hall-a-pod-1-spine"].bottom() < rects[tier.id].top()
    assert rects[tier.id].bottom() < rects["hall-a-pod-1-racks"].top()
    _no_sibling_overlaps(scene, tier.id)


def test_a_core_dropped_on_a_building_goes_above_its_islands(window) -> None:
    view, scene, design = window.view, window.scene, window.document.design
    view.set_scale(1.0)
    hall = scene.item_for("hall-b").scene_rect()
    assert view.place_entry(PaletteEntry("tier", "sn5600", "SN5600"),
                            QPointF(hall.center().x(), hall.bottom() - 6))
    tier = list(design.tiers.values())[-1]
    assert (tier.building, tier.role.value) == ("hall-b", "core")
    islands = [i for i in design.islands.values() if i.building == "hall-b"]
    top = min(scene.item_for(i.id).scene_rect().top() for i in islands)
    assert scene.item_for(tier.id).scene_rect().bottom() < top
    _no_sibling_overlaps(scene, tier.id)
    stack = window.document.undo_stack
    stack.undo()
    assert tier.id not in design.tiers


def _labels(window) -> dict[str, tuple[object, str]]:  # type: ignore[no-untyped-def]
    """Each bundle's label as placed once the canvas settled: its box (None: not
    shown) and its text."""
    QApplication.processEvents()
    window.scene.finish_routing()
    return {b.element_id: (b.label_box, b.label_shown()) for b in window.scene.bundle_items()}


def test_labels_after_an_edit_and_its_undo_are_as_before(window) -> None:
    """A tier dropped on Hall A · Pod 1 and undone: Hall B's racks→leaf and leaf→spine
    labels came back hidden (labels were placed first come, first served, and the undo
    re-placed them in another order)."""
    view, scene = window.view, window.scene
    view.set_scale(0.8)
    before = _labels(window)
    assert sum(box is not None for box, _ in before.values()) == 14, "all shown"
    pod = scene.item_for("hall-a-pod-1").scene_rect()
    assert view.place_entry(PaletteEntry("tier", "sn5600", "SN5600"), pod.center())
    _labels(window)
    window.document.undo_stack.undo()
    assert _labels(window) == before


def test_summed_labels_after_a_removal_and_its_undo_are_as_before(qtbot, catalog,
                                                                  settings) -> None:
    from gui.example import example_design
    from gui.main_window import open_window
    from tests.gui.conftest import close_window

    window = open_window(example_design()[0], None, catalog, settings)
    try:
        window.resize(1400, 900)
        window.view.set_scale(1.0)
        before = _labels(window)
        command = remove_command(window.document.design, ["island-1-spine-core"])
        assert command is not None and window.view.execute(command)
        _labels(window)
        window.document.undo_stack.undo()
        assert _labels(window) == before
    finally:
        window.document.undo_stack.setClean()
        close_window(window)


def test_a_language_switch_keeps_the_geometry_within_the_screen(qtbot, catalog, settings,
                                                               monkeypatch) -> None:
    """A 1280×720 screen: the window switched to Chinese keeps its place and size, and
    one taller than the screen (1280×750, as seen without a window manager) comes back
    no larger than the screen. The offscreen platform's screen stands for the user's."""
    from PySide6.QtCore import QRect, QSize
    from shiboken6 import isValid

    from gui import dock_layout
    from gui.example import demo_campus
    from gui.i18n import installer
    from gui.language_menu import REOPENED, reopen_in_language
    from gui.main_window import open_window
    from tests.gui.conftest import close_window

    screen = QRect(0, 0, 1280, 720)
    monkeypatch.setattr(dock_layout, "screen_size", lambda _window: screen.size())
    window = open_window(demo_campus(), None, catalog, settings)
    windows = [window]
    try:
        window.setGeometry(QRect(40, 30, 1100, 640))
        chinese = reopen_in_language(window, "zh_CN")
        windows.append(chinese)
        assert chinese.geometry() == QRect(40, 30, 1100, 640)
        chinese.setGeometry(QRect(0, 0, 1280, 750))
        english = reopen_in_language(chinese, "en")
        windows.append(english)
        assert screen.contains(english.geometry()), english.geometry()
        assert english.size() == QSize(1280, 720)
    finally:
        installer(QApplication.instance()).remove()  # type: ignore[arg-type]
        for left in windows + list(REOPENED):
            if isValid(left):
                left.document.undo_stack.setClean()
                close_window(left)
