"""Defects found by walking the real window (issue #15, the window): each test here
failed before its fix."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from gui.canvas.scene import build_scene
from gui.canvas.view import created_ids
from gui.charts import HopsChart
from gui.commands import duplicate_command
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
        copy = [e for e in created_ids(command)
                if design.kind_of(e) == design.kind_of(original)][0]
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
