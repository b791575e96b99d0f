"""The PDF report of a design, drawn with QPdfWriter and QPainter (no extra dependency).

Contents, in order: title, date and plane; the canvas picture (vector); headline
metrics; switch tiers (switches, ports, oversubscription); power per building; bisection
and hop figures with the hop histogram chart and the hops by scope; the problems; the bill
of materials. Every figure is read from :class:`~model.metrics.results.DesignMetrics`
(through :func:`model.reports.metrics_json.metrics_to_json` where names are needed) and
from :func:`model.reports.bom.bom_rows`; this module only lays them out. The text is real
PDF text (searchable, copyable).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Sequence

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)
from PySide6.QtWidgets import QGraphicsScene

from gui.export.charts import draw_histogram
from gui.not_computed import NOT_COMPUTED, reason_of
from model.design import Design
from model.metrics.results import DesignMetrics
from model.reports.atomic import ExportError, atomic_path
from model.reports.bom import bom_rows
from model.reports.cost_json import cost_building_rows, cost_summary_rows
from model.reports.labels import Labeller
from model.reports.metrics_json import metrics_to_json
from model.reports.reliability_text import reliability_rows

RESOLUTION_DPI = 96
"""Painter units of the report: 1/96 inch, like screen pixels (A4 ≈ 718 × 1047 inside
the margins)."""

HEADING = QColor("#1d3557")
RULE = QColor("#b8c4d6")
MUTED = QColor("#666666")

MAX_PAIR_ROWS = 120
"""Pair-capacity tables longer than this are left to the CSV/JSON exports."""

SCOPES = ("server", "rack", "island", "building", "campus")
"""The scopes of a pair of accelerators, nearest first (rows of the hops table)."""


def fmt(value: float | int | None, digits: int = 1) -> str:
    """A figure for people: thousands separators, ``digits`` decimals for non-integers,
    an en dash for a missing figure."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) or float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.{digits}f}"


def pct(fraction: float | None) -> str:
    """A fraction as a percentage ("82.5 %")."""
    return "–" if fraction is None else f"{fraction * 100:.1f} %"


class _Page:
    """A cursor that flows headings, text, tables and pictures down the pages."""

    def __init__(self, writer: QPdfWriter, painter: QPainter) -> None:
        self.writer = writer
        self.painter = painter
        rect = writer.pageLayout().paintRectPixels(writer.resolution())
        self.width = float(rect.width())
        self.height = float(rect.height())
        self.y = 0.0
        self.pages = 1

    def font(self, size_pt: float, bold: bool = False) -> QFontMetricsF:
        f = QFont("DejaVu Sans")
        f.setPointSizeF(size_pt)
        f.setBold(bold)
        # No ligatures: "fi" stays two letters, so the PDF's text is found by search.
        f.setFeature(QFont.Tag("liga"), 0)
        self.painter.setFont(f)
        return QFontMetricsF(f, self.writer)

    def need(self, height: float) -> None:
        """Start a new page unless ``height`` fits below the cursor."""
        if self.y + height > self.height and self.y > 0:
            self.writer.newPage()
            self.pages += 1
            self.y = 0.0

    def text(self, text: str, size_pt: float = 9.5, bold: bool = False,
             colour: QColor | None = None) -> None:
        """A paragraph, wrapped to the page width."""
        metrics = self.font(size_pt, bold)
        flags = Qt.TextFlag.TextWordWrap
        box = metrics.boundingRect(QRectF(0, 0, self.width, 1e6), int(flags), text)
        self.need(box.height())
        self.painter.setPen(QPen(colour or QColor("#222222")))
        self.painter.drawText(QRectF(0, self.y, self.width, box.height()), int(flags), text)
        self.y += box.height() + metrics.height() * 0.3

    def heading(self, text: str) -> None:
        """A section heading with a rule under it (kept with what follows)."""
        metrics = self.font(13, bold=True)
        self.need(metrics.height() * 4)
        self.y += metrics.height() * 0.6
        self.painter.setPen(QPen(HEADING))
        self.painter.drawText(QRectF(0, self.y, self.width, metrics.height()),
                              int(Qt.AlignmentFlag.AlignLeft), text)
        self.y += metrics.height() * 1.1
        self.painter.setPen(QPen(RULE, 1.0))
        self.painter.drawLine(0, int(self.y), int(self.width), int(self.y))
        self.y += metrics.height() * 0.4

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]],
              widths: Sequence[float], numeric: Sequence[bool] | None = None,
              size_pt: float = 8.5) -> None:
        """A table with a bold header (repeated on a new page); ``widths`` are fractions
        of the page width; ``numeric`` columns are right-aligned. Long cells wrap."""
        numeric = numeric or [False] * len(header)
        columns = [w * self.width for w in widths]
        pad = 4.0

        def row_height(cells: Sequence[str], bold: bool) -> float:
            metrics = self.font(size_pt, bold)
            tallest = metrics.height()
            for cell, width in zip(cells, columns, strict=True):
                box = metrics.boundingRect(QRectF(0, 0, width - 2 * pad, 1e6),
                                           int(Qt.TextFlag.TextWordWrap), cell)
                tallest = max(tallest, box.height())
            return tallest + pad

        def draw(cells: Sequence[str], bold: bool) -> None:
            height = row_height(cells, bold)
            self.font(size_pt, bold)
            self.painter.setPen(QPen(QColor("#222222")))
            x = 0.0
            for cell, width, right in zip(cells, columns, numeric, strict=True):
                align = Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft
                self.painter.drawText(
                    QRectF(x + pad, self.y + pad / 2, width - 2 * pad, height),
                    int(align | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap),
                    cell,
                )
                x += width
            self.y += height
            self.painter.setPen(QPen(RULE, 0.6 if not bold else 1.0))
            self.painter.drawLine(0, int(self.y), int(sum(columns)), int(self.y))

        header_height = row_height(header, True)
        self.need(header_height * 2.2)
        draw(header, True)
        for cells in rows:
            height = row_height(cells, False)
            if self.y + height > self.height:
                self.need(self.height)  # forces a new page
                draw(header, True)
            draw(cells, False)
        self.y += 8.0

    def picture(self, height: float, paint: Callable[[QPainter, QRectF], None]) -> None:
        """Reserve ``height`` (on a new page if needed) and let ``paint`` draw into it."""
        self.need(height)
        paint(self.painter, QRectF(0, self.y, self.width, height))
        self.y += height + 6.0


def _canvas(scene: QGraphicsScene | None) -> Callable[[QPainter, QRectF], None]:
    def paint(painter: QPainter, area: QRectF) -> None:
        if scene is None:
            return
        source = scene.itemsBoundingRect().adjusted(-20, -20, 20, 20)
        painter.save()
        painter.setPen(QPen(RULE, 0.8))
        painter.drawRect(area)
        scene.render(painter, area.adjusted(4, 4, -4, -4), source,
                     Qt.AspectRatioMode.KeepAspectRatio)
        painter.restore()

    return paint


def _headline(report: dict, metrics: DesignMetrics) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    b = metrics.bisection
    totals = metrics.power
    skipped = f", {NOT_COMPUTED}" if "bisection" in metrics.not_computed else ""
    return [
        ("Accelerators", fmt(report["accelerators"])),
        ("Servers", fmt(report["servers"])),
        ("Racks", fmt(report["racks"])),
        ("Buildings / islands", f"{fmt(report['buildings'])} / {fmt(report['islands'])}"),
        ("Injection bandwidth per accelerator",
         f"{fmt(metrics.injection_gbps_per_accelerator)} Gb/s"),
        ("Bisection bandwidth", f"{fmt(b.gbps / 1000, 2)} Tb/s"
                                f"{'' if b.exact else ' (upper bound)'}{skipped}"),
        ("Bisection per accelerator", f"{fmt(b.per_accelerator_gbps, 1)} Gb/s"
                                      f"{' (upper bound)' if skipped else ''}"),
        ("Fraction of full bisection", f"{pct(b.fraction_of_full)}"
                                       f"{' (upper bound)' if skipped else ''}"),
        ("Hops (switches on a shortest path)",
         NOT_COMPUTED if "hops" in metrics.not_computed else
         f"max {fmt(metrics.hops.max)}, mean {fmt(metrics.hops.mean, 2)}"),
        ("IT power (campus)", f"{fmt(totals.it_kw, 1)} kW"),
        ("Facility power (campus)", f"{fmt(totals.facility_kw, 1)} kW"),
        ("Compute (peak dense BF16)", f"{fmt(metrics.compute.campus_pflops, 1)} PFLOPS"),
        ("Problems", fmt(len(metrics.problems))),
    ]


def write_pdf_report(
    design: Design,
    metrics: DesignMetrics,
    path: str | os.PathLike[str],
    scene: QGraphicsScene | None = None,
    when: dt.datetime | None = None,
) -> int:
    """Write the PDF report of ``design`` to ``path`` atomically, with the canvas
    ``scene`` drawn as vectors (none when None); returns the number of pages. Raises
    :class:`~model.reports.atomic.ExportError` when the file cannot be written."""
    report = metrics_to_json(design, metrics)
    stamp = (when or dt.datetime.now()).strftime("%Y-%m-%d %H:%M")
    with atomic_path(path, suffix=".pdf") as temporary:
        writer = QPdfWriter(str(temporary))
        writer.setTitle(f"{design.name} — Archipelago report")
        writer.setCreator("Archipelago")
        writer.setResolution(RESOLUTION_DPI)
        writer.setPageLayout(QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter))
        painter = QPainter()
        if not painter.begin(writer):
            raise ExportError("the PDF file could not be opened for writing", path)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        page = _Page(writer, painter)
        try:
            _write_contents(page, design, metrics, report=report, scene=scene, stamp=stamp)
        finally:
            painter.end()
        pages = page.pages
        if os.path.getsize(temporary) == 0:
            raise ExportError("the PDF could not be written (is the disk full?)", path)
    return pages


def _write_contents(page: _Page, design: Design, metrics: DesignMetrics, *,
                    report: dict, scene: QGraphicsScene | None,  # type: ignore[type-arg]
                    stamp: str) -> None:
    page.text(design.name, size_pt=20, bold=True, colour=HEADING)
    page.text(f"Archipelago design report · {stamp} · {metrics.plane} plane", colour=MUTED)
    if design.description:
        page.text(design.description)
    if scene is not None:
        content = scene.itemsBoundingRect().adjusted(-20, -20, 20, 20)
        aspect = content.height() / content.width() if content.width() > 0 else 0.75
        page.picture(min(page.height * 0.5, page.width * aspect + 8), _canvas(scene))

    page.heading("Headline figures")
    page.table(("Figure", "Value"), _headline(report, metrics), (0.55, 0.45),
               (False, True), size_pt=9.5)

    page.heading("Switch tiers")
    labels = Labeller(design)
    tier_rows = []
    for tier_id, tier in design.tiers.items():
        label = labels.element(tier_id)
        ports = report["ports"].get(label, {})
        over = report["oversubscription"].get(label, {})
        ratio = over.get("ratio")
        tier_rows.append((
            label, tier.role.value, fmt(report["switches"].get(label)),
            f"{fmt(ports.get('used'))} / {fmt(ports.get('available'))}",
            "–" if ratio is None else f"{ratio:.2f} : 1",
        ))
    page.table(("Tier", "Role", "Switches", "Ports used / available", "Oversubscription"),
               tier_rows, (0.30, 0.14, 0.14, 0.22, 0.20), (False, False, True, True, True))

    if metrics.reliability is not None:
        page.heading("Reliability (expected interruptions, Llama 3 failure rates)")
        page.table(("Figure", "Value"), reliability_rows(metrics.reliability),
                   (0.55, 0.45), (False, True), size_pt=9.5)

    page.heading("Power per building")
    power_rows = [
        (name, fmt(p["it_kw"]), fmt(p["facility_kw"]), fmt(p["capacity_kw"]),
         pct(p["utilization"]), fmt(p["headroom_kw"]))
        for name, p in report["power"].items()
    ]
    power_rows.append(("Campus", fmt(metrics.power.it_kw), fmt(metrics.power.facility_kw),
                       fmt(metrics.power.capacity_kw), "", ""))
    page.table(("Building", "IT kW", "Facility kW", "Capacity kW", "Utilization",
                "Headroom kW"), power_rows, (0.26, 0.14, 0.15, 0.15, 0.14, 0.16),
               (False, True, True, True, True, True))

    if metrics.cost is not None:
        cost = metrics.cost
        page.heading(f"Cost ({cost.currency})")
        page.table(("Figure", "Value"), cost_summary_rows(cost), (0.55, 0.45), (False, True))
        page.table((f"Building (M {cost.currency})",
                    *(c.capitalize() for c in cost.by_category_usd), "CAPEX",
                    "Energy / year"), cost_building_rows(design, cost),
                   (0.2, *([0.1] * len(cost.by_category_usd)), 0.15, 0.15),
                   (False, *([True] * (len(cost.by_category_usd) + 2))))

    page.heading("Bisection and hops")
    b = metrics.bisection
    skipped = {key: reason_of(metrics, key) for key in metrics.not_computed}
    if skipped.get("bisection"):
        page.text(f"Bisection: {metrics.not_computed['bisection']}. Its upper bound,"
                  f" N/2 × injection bandwidth, is {fmt(b.gbps, 0)} Gb/s"
                  f" ({fmt(b.per_accelerator_gbps, 1)} Gb/s per accelerator).")
    else:
        page.text(
            f"Bisection bandwidth {fmt(b.gbps, 0)} Gb/s"
            f" ({'exact' if b.exact else 'upper bound: best balanced cut found'}),"
            f" {fmt(b.per_accelerator_gbps, 1)} Gb/s per accelerator,"
            f" {pct(b.fraction_of_full)} of full bisection ({fmt(b.full_gbps, 0)} Gb/s)."
            f" The cut puts {fmt(b.cut.accelerators_a)} accelerators on side A."
        )
    if skipped.get("hops"):
        page.text(f"Hops between accelerators: {metrics.not_computed['hops']}.")
    else:
        _write_hops(page, metrics)
    _write_pairs(page, design, metrics, skipped)
    _write_problems_and_bill(page, design, metrics)


def _write_hops(page: _Page, metrics: DesignMetrics) -> None:
    """The hop figures: a sentence, the histogram and the table by scope."""
    hops = metrics.hops
    page.text(
        f"Hops between accelerators: maximum {fmt(hops.max)}, mean {fmt(hops.mean, 2)}"
        f" over the pairs that cross the scale-out network;"
        f" {fmt(hops.scale_up_pairs)} pairs inside a scale-up domain;"
        f" {fmt(hops.unreachable_pairs)} pairs unreachable."
    )
    page.picture(190.0, lambda painter, area: draw_histogram(
        painter, area.adjusted(area.width() * 0.15, 0, -area.width() * 0.15, 0),
        hops.histogram, x_label="switch hops", y_label="accelerator pairs"))
    scopes = [s for s in SCOPES if s in hops.by_scope or s in hops.scale_up_by_scope]
    scopes += [s for s in (*hops.by_scope, *hops.scale_up_by_scope) if s not in scopes]
    if scopes:
        buckets = sorted({h for scoped in hops.by_scope.values() for h in scoped})
        scope_rows = [
            (scope, *(fmt(hops.by_scope.get(scope, {}).get(h, 0)) for h in buckets),
             fmt(hops.scale_up_by_scope.get(scope, 0)))
            for scope in scopes
        ]
        share = 0.8 / (len(buckets) + 1)
        page.table(("Scope", *(f"{h} hop{'' if h == 1 else 's'}" for h in buckets),
                    "Scale-up pairs"), scope_rows,
                   (0.2, *([share] * (len(buckets) + 1))),
                   (False, *([True] * (len(buckets) + 1))))



def _write_pairs(page: _Page, design: Design, metrics: DesignMetrics,
                 skipped: dict[str, str | None]) -> None:
    """The capacities between buildings and between islands (or why they are not
    computed)."""
    labels_of = Labeller(design)
    for title, key, pairs in (
            ("Capacity between buildings", "building_pairs", metrics.building_pairs),
            ("Capacity between islands", "island_pairs", metrics.island_pairs)):
        if skipped.get(key):
            page.heading(title)
            page.text(f"{skipped[key]}.")
        elif pairs and len(pairs) <= MAX_PAIR_ROWS:
            page.heading(title)
            page.table(("Between", "And", "Capacity (minimum cut)"),
                       [(labels_of.element(p.a), labels_of.element(p.b),
                         f"{fmt(p.gbps / 1000, 2)} Tb/s") for p in pairs],
                       (0.35, 0.35, 0.30), (False, False, True))


def _write_problems_and_bill(page: _Page, design: Design, metrics: DesignMetrics) -> None:
    """The problems and the bill of materials."""
    page.heading("Problems")
    if metrics.problems:
        page.table(("Severity", "Element", "Problem"),
                   [(p.severity.value, p.element_id or "design", p.message)
                    for p in metrics.problems], (0.12, 0.2, 0.68))
    else:
        page.text("No problems.")

    page.heading("Bill of materials")
    rows = bom_rows(design, metrics)
    page.table(("Item", "Name", "Description", "Quantity"),
               [(r[0], r[2], r[3], fmt(r[4])) for r in rows],
               (0.13, 0.25, 0.47, 0.15), (False, False, False, True))
