"""The PDF report of a design, drawn with QPdfWriter and QPainter (no extra dependency).

Contents, in order: title, date and plane; the canvas picture (vector); headline
metrics; switch tiers (switches, ports, oversubscription); power per building; bisection
and hop figures with the hop histogram chart and the hops by scope; the problems; the bill
of materials. Every figure is read from :class:`~model.metrics.results.DesignMetrics`
(through :func:`model.reports.metrics_json.metrics_to_json` where names are needed) and
from :func:`model.reports.bom.bom_rows`; this module only lays them out. The text is real
PDF text (searchable, copyable).

The report is written in one language, ``lang`` (English by default): its words go
through the model's translator (:mod:`model.i18n`, context ``report``), not Qt's, so the
command line writes a Chinese report without a translator installed. A Chinese report is
drawn in Noto Sans CJK SC (installed by ``tools/bootstrap.sh``), which the PDF embeds.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPdfWriter,
    QPen,
    QRawFont,
)
from PySide6.QtWidgets import QGraphicsScene

from gui.export.charts import draw_histogram
from gui.export.pdf_canvas import (
    RESOLUTION_DPI,
    RULE,
    RecordedCanvas,
    page_layout,
    record_canvas,
)
from gui.not_computed import reason_of
from model.design import Design
from model.i18n import Translator
from model.metrics.checks import plane_word
from model.metrics.results import DesignMetrics
from model.reports.atomic import ExportError, atomic_path
from model.reports.bom import bom_rows
from model.reports.cost_json import cost_building_rows, cost_summary_rows
from model.reports.labels import Labeller
from model.reports.metrics_json import metrics_to_json
from model.reports.pdf_unicode import RADICALS, fold_radicals
from model.reports.reasons import reason_text
from model.reports.reliability_text import reliability_rows
from model.reports.words import term

HEADING = QColor("#1d3557")
MUTED = QColor("#666666")

MAX_PAIR_ROWS = 120
"""Pair-capacity tables longer than this are left to the CSV/JSON exports."""

SCOPES = ("server", "rack", "island", "building", "campus")
"""The scopes of a pair of accelerators, nearest first (rows of the hops table)."""

LATIN_FAMILY = "DejaVu Sans"
CJK_FAMILY = "Noto Sans CJK SC"
"""The report's fonts: Chinese text needs a CJK font (Noto Sans CJK SC, Simplified
Chinese glyphs). Latin letters and digits stay in DejaVu Sans in every language, so the
figures read (and copy out of the PDF) the same in a Chinese report."""


def font_families(lang: str) -> list[str]:
    """The font families a report in ``lang`` (a normalized code) is drawn with, in
    order of preference for each character."""
    return [LATIN_FAMILY, CJK_FAMILY] if lang.startswith("zh") else [LATIN_FAMILY]


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


def radical_equivalents(family: str) -> dict[int, int]:
    """For each CJK radical the font ``family`` draws with the glyph of a unified
    ideograph (⼆ U+2F06 and 二 U+4E8C), that ideograph: what the PDF's Unicode map must
    say (see :mod:`model.reports.pdf_unicode`)."""
    raw = QRawFont.fromFont(QFont(family))
    radicals = "".join(chr(c) for c in RADICALS)
    ideographs = "".join(chr(c) for c in range(0x4E00, 0xA000))
    by_glyph: dict[int, int] = {}
    for char, glyph in zip(ideographs, raw.glyphIndexesForString(ideographs), strict=True):
        if glyph:
            by_glyph.setdefault(glyph, ord(char))
    return {ord(char): by_glyph[glyph]
            for char, glyph in zip(radicals, raw.glyphIndexesForString(radicals), strict=True)
            if glyph in by_glyph}


class _Page:
    """A cursor that flows headings, text, tables and pictures down the pages."""

    def __init__(self, writer: QPdfWriter, painter: QPainter,
                 families: Sequence[str] = (LATIN_FAMILY,)) -> None:
        self.writer = writer
        self.families = list(families)
        self.painter = painter
        rect = writer.pageLayout().paintRectPixels(writer.resolution())
        self.width = float(rect.width())
        self.height = float(rect.height())
        self.y = 0.0
        self.pages = 1
        self.section: str | None = None
        """The heading of the section being written (None before the first, and while
        a heading is placed)."""
        self.continued: Callable[[str], str] = lambda heading: f"{heading} (continued)"
        """The heading repeated on top of a page the section runs onto."""

    def font(self, size_pt: float, bold: bool = False) -> QFontMetricsF:
        f = QFont()
        f.setFamilies(self.families)
        f.setPointSizeF(size_pt)
        f.setBold(bold)
        # No ligatures: "fi" stays two letters, so the PDF's text is found by search.
        f.setFeature(QFont.Tag("liga"), 0)
        self.painter.setFont(f)
        return QFontMetricsF(f, self.writer)

    def need(self, height: float) -> None:
        """Start a new page unless ``height`` fits below the cursor; a section running
        onto it is headed again, "… (continued)" (a table began a page with only its
        column names, its section's heading left on the page before)."""
        if self.y + height > self.height and self.y > 0:
            self.writer.newPage()
            self.pages += 1
            self.y = 0.0
            if self.section is not None:
                self._draw_heading(self.continued(self.section))

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
        self.section = None
        metrics = self.font(13, bold=True)
        self.need(metrics.height() * 4)
        self._draw_heading(text)
        self.section = text

    def _draw_heading(self, text: str) -> None:
        metrics = self.font(13, bold=True)
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


NO_FIGURE = "–"
"""A headline figure that has nothing to be taken over (a design with no accelerators)."""


def _headline(t: Translator, report: dict, metrics: DesignMetrics  # type: ignore[type-arg]
              ) -> list[tuple[str, str]]:
    b = metrics.bisection
    totals = metrics.power
    not_computed = t.phrase("report", "not computed")  # gui.not_computed.NOT_COMPUTED
    skipped = f", {not_computed}" if "bisection" in metrics.not_computed else ""
    upper = t.phrase("report", " (upper bound)")
    # with no accelerators a figure per accelerator, a fraction or a hop count is taken
    # over nothing: "–", as the metrics dock shows it, not a made-up 0 or 0.0 %
    none = report["accelerators"] == 0
    return [
        (t.phrase("report", "Accelerators"), fmt(report["accelerators"])),
        (t.phrase("report", "Servers"), fmt(report["servers"])),
        (t.phrase("report", "Racks"), fmt(report["racks"])),
        (t.phrase("report", "Buildings / islands"),
         f"{fmt(report['buildings'])} / {fmt(report['islands'])}"),
        (t.phrase("report", "Injection bandwidth per accelerator"),
         NO_FIGURE if none else f"{fmt(metrics.injection_gbps_per_accelerator)} Gb/s"),
        (t.phrase("report", "Bisection bandwidth"),
         f"{fmt(b.gbps / 1000, 2)} Tb/s{'' if b.exact else upper}{skipped}"),
        (t.phrase("report", "Bisection per accelerator"),
         NO_FIGURE if none else f"{fmt(b.per_accelerator_gbps, 1)} Gb/s{upper if skipped else ''}"),
        (t.phrase("report", "Fraction of full bisection"),
         NO_FIGURE if none else f"{pct(b.fraction_of_full)}{upper if skipped else ''}"),
        (t.phrase("report", "Hops (switches on a shortest path)"),
         NO_FIGURE if none else not_computed if "hops" in metrics.not_computed else
         t.phrase("report", "max {max}, mean {mean}", max=fmt(metrics.hops.max),
                  mean=fmt(metrics.hops.mean, 2))),
        (t.phrase("report", "IT power (campus)"), f"{fmt(totals.it_kw, 1)} kW"),
        (t.phrase("report", "Facility power (campus)"), f"{fmt(totals.facility_kw, 1)} kW"),
        (t.phrase("report", "Compute (peak dense BF16)"),
         f"{fmt(metrics.compute.campus_pflops, 1)} PFLOPS"),
        (t.phrase("report", "Problems"), fmt(len(metrics.problems))),
    ]


def write_pdf_report(
    design: Design,
    metrics: DesignMetrics,
    path: str | os.PathLike[str],
    scene: QGraphicsScene | None = None,
    when: dt.datetime | None = None,
    lang: str | None = None,
    canvas: RecordedCanvas | None = None,
) -> int:
    """Write the PDF report of ``design`` to ``path`` atomically, with the canvas
    ``scene`` drawn as vectors (or the ``canvas`` recorded from one by
    :func:`record_canvas`, when the report is written off the GUI thread; none when both
    are None), its words in ``lang`` (English when None); returns the number of pages. Raises
    :class:`~model.reports.atomic.ExportError` when the file cannot be written and
    :class:`~model.i18n.LanguageError` for a language with no catalog."""
    t = Translator(lang)
    report = metrics_to_json(design, metrics)
    stamp = (when or dt.datetime.now()).strftime("%Y-%m-%d %H:%M")
    with atomic_path(path, suffix=".pdf") as temporary:
        writer = QPdfWriter(str(temporary))
        writer.setTitle(t.phrase("report", "{design} — Archipelago report",
                                 design=design.name))
        writer.setCreator("Archipelago")
        writer.setResolution(RESOLUTION_DPI)
        writer.setPageLayout(page_layout())
        painter = QPainter()
        if not painter.begin(writer):
            raise ExportError("the PDF file could not be opened for writing", path)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        page = _Page(writer, painter, font_families(t.lang))
        try:
            _write_contents(t, page, design, metrics, report=report,
                            canvas=canvas or (record_canvas(scene) if scene else None),
                            stamp=stamp)
        finally:
            painter.end()
        pages = page.pages
        if os.path.getsize(temporary) == 0:
            raise ExportError("the PDF could not be written (is the disk full?)", path)
        if t.lang != "en":  # CJK text: copy and search see the characters shown
            fold_radicals(temporary, radical_equivalents(CJK_FAMILY))
    return pages


def _write_contents(t: Translator, page: _Page, design: Design, metrics: DesignMetrics, *,
                    report: dict, canvas: RecordedCanvas | None,  # type: ignore[type-arg]
                    stamp: str) -> None:
    page.continued = lambda heading: t.phrase("report", "{heading} (continued)",
                                              heading=heading)
    page.text(design.name, size_pt=20, bold=True, colour=HEADING)
    page.text(t.phrase("report", "Archipelago design report · {stamp} · {plane} plane",
                       stamp=stamp, plane=t.render(plane_word(metrics.plane))),
              colour=MUTED)
    if design.description:
        page.text(design.description)
    if canvas is not None:
        page.picture(canvas.height, canvas.paint)

    figure_value = (t.phrase("report", "Figure"), t.phrase("report", "Value"))
    page.heading(t.phrase("report", "Headline figures"))
    page.table(figure_value, _headline(t, report, metrics), (0.55, 0.45),
               (False, True), size_pt=9.5)

    page.heading(t.phrase("report", "Switch tiers"))
    labels = Labeller(design)
    tier_rows = []
    for tier_id, tier in design.tiers.items():
        label = labels.element(tier_id)
        ports = report["ports"].get(label, {})
        over = report["oversubscription"].get(label, {})
        ratio = over.get("ratio")
        tier_rows.append((
            label, term(t, tier.role.value), fmt(report["switches"].get(label)),
            f"{fmt(ports.get('used'))} / {fmt(ports.get('available'))}",
            "–" if ratio is None else f"{ratio:.2f} : 1",
        ))
    page.table((t.phrase("report", "Tier"), t.phrase("report", "Role"),
                t.phrase("report", "Switches"), t.phrase("report", "Ports used / available"),
                t.phrase("report", "Oversubscription")),
               tier_rows, (0.30, 0.14, 0.14, 0.22, 0.20), (False, False, True, True, True))

    if metrics.reliability is not None:
        page.heading(t.phrase(
            "report", "Reliability (expected interruptions, Llama 3 failure rates)"))
        page.table(figure_value, reliability_rows(metrics.reliability, t.lang),
                   (0.55, 0.45), (False, True), size_pt=9.5)

    page.heading(t.phrase("report", "Power per building"))
    power_rows = [
        (name, fmt(p["it_kw"]), fmt(p["facility_kw"]), fmt(p["capacity_kw"]),
         pct(p["utilization"]), fmt(p["headroom_kw"]))
        for name, p in report["power"].items()
    ]
    power_rows.append((t.phrase("report", "Campus"), fmt(metrics.power.it_kw),
                       fmt(metrics.power.facility_kw), fmt(metrics.power.capacity_kw), "", ""))
    page.table((t.phrase("report", "Building"), t.phrase("report", "IT kW"),
                t.phrase("report", "Facility kW"), t.phrase("report", "Capacity kW"),
                t.phrase("report", "Utilization"), t.phrase("report", "Headroom kW")),
               power_rows, (0.26, 0.14, 0.15, 0.15, 0.14, 0.16),
               (False, True, True, True, True, True))

    if metrics.cost is not None:
        cost = metrics.cost
        page.heading(t.phrase("report", "Cost ({currency})", currency=cost.currency))
        page.table(figure_value, cost_summary_rows(cost, t.lang), (0.55, 0.45),
                   (False, True))
        page.table((t.phrase("report", "Building (M {currency})", currency=cost.currency),
                    *(_capital(term(t, c)) for c in cost.by_category_usd),
                    t.phrase("report", "CAPEX"), t.phrase("report", "Energy / year")),
                   cost_building_rows(design, cost),
                   (0.2, *([0.1] * len(cost.by_category_usd)), 0.15, 0.15),
                   (False, *([True] * (len(cost.by_category_usd) + 2))))

    page.heading(t.phrase("report", "Bisection and hops"))
    b = metrics.bisection
    skipped = {key: reason_of(metrics, key) for key in metrics.not_computed}
    if skipped.get("bisection"):
        page.text(t.phrase(
            "report", "Bisection: {reason}. Its upper bound, N/2 × injection bandwidth, is"
            " {gbps} Gb/s ({per_accelerator} Gb/s per accelerator).",
            reason=reason_text(metrics.not_computed["bisection"], t.lang),
            gbps=fmt(b.gbps, 0),
            per_accelerator=fmt(b.per_accelerator_gbps, 1)))
    else:
        page.text(t.phrase(
            "report", "Bisection bandwidth {gbps} Gb/s ({how}), {per_accelerator} Gb/s per"
            " accelerator, {fraction} of full bisection ({full} Gb/s). The cut puts"
            " {side_a} accelerators on side A.", gbps=fmt(b.gbps, 0),
            how=t.phrase("report", "exact") if b.exact else
            t.phrase("report", "upper bound: best balanced cut found"),
            per_accelerator=fmt(b.per_accelerator_gbps, 1), fraction=pct(b.fraction_of_full),
            full=fmt(b.full_gbps, 0), side_a=fmt(b.cut.accelerators_a)))
    if skipped.get("hops"):
        page.text(t.phrase("report", "Hops between accelerators: {reason}.",
                           reason=reason_text(metrics.not_computed["hops"], t.lang)))
    else:
        _write_hops(t, page, metrics)
    _write_pairs(t, page, design, metrics, skipped)
    _write_problems_and_bill(t, page, design, metrics)


def _capital(word: str) -> str:
    """``word`` with its first letter capitalized (Chinese is left as it is)."""
    return word[:1].upper() + word[1:]


def _write_hops(t: Translator, page: _Page, metrics: DesignMetrics) -> None:
    """The hop figures: a sentence, the histogram and the table by scope."""
    hops = metrics.hops
    page.text(t.phrase(
        "report", "Hops between accelerators: maximum {max}, mean {mean} over the pairs that"
        " cross the scale-out network; {scale_up} pairs inside a scale-up domain;"
        " {unreachable} pairs unreachable.", max=fmt(hops.max), mean=fmt(hops.mean, 2),
        scale_up=fmt(hops.scale_up_pairs), unreachable=fmt(hops.unreachable_pairs)))
    x_label = t.phrase("report", "switch hops")
    y_label = t.phrase("report", "accelerator pairs")
    page.picture(190.0, lambda painter, area: draw_histogram(
        painter, area.adjusted(area.width() * 0.15, 0, -area.width() * 0.15, 0),
        hops.histogram, x_label=x_label, y_label=y_label))
    scopes = [s for s in SCOPES if s in hops.by_scope or s in hops.scale_up_by_scope]
    scopes += [s for s in (*hops.by_scope, *hops.scale_up_by_scope) if s not in scopes]
    if scopes:
        buckets = sorted({h for scoped in hops.by_scope.values() for h in scoped})
        scope_rows = [
            (term(t, scope), *(fmt(hops.by_scope.get(scope, {}).get(h, 0)) for h in buckets),
             fmt(hops.scale_up_by_scope.get(scope, 0)))
            for scope in scopes
        ]
        share = 0.8 / (len(buckets) + 1)
        page.table((t.phrase("report", "Scope"),
                    *(t.phrase("report", "{hops} hop", hops=h) if h == 1 else
                      t.phrase("report", "{hops} hops", hops=h) for h in buckets),
                    t.phrase("report", "Scale-up pairs")), scope_rows,
                   (0.2, *([share] * (len(buckets) + 1))),
                   (False, *([True] * (len(buckets) + 1))))



def _write_pairs(t: Translator, page: _Page, design: Design, metrics: DesignMetrics,
                 skipped: dict[str, str | None]) -> None:
    """The capacities between buildings and between islands (or why they are not
    computed)."""
    labels_of = Labeller(design)
    for title, key, pairs in (
            (t.phrase("report", "Capacity between buildings"), "building_pairs",
             metrics.building_pairs),
            (t.phrase("report", "Capacity between islands"), "island_pairs",
             metrics.island_pairs)):
        if skipped.get(key):
            page.heading(title)
            page.text(f"{skipped[key]}." if t.lang == "en" else
                      f"{reason_text(metrics.not_computed[key], t.lang)}。")
        elif pairs and len(pairs) <= MAX_PAIR_ROWS:
            page.heading(title)
            page.table((t.phrase("report", "Between"), t.phrase("report", "And"),
                        t.phrase("report", "Capacity (minimum cut)")),
                       [(labels_of.element(p.a), labels_of.element(p.b),
                         f"{fmt(p.gbps / 1000, 2)} Tb/s") for p in pairs],
                       (0.35, 0.35, 0.30), (False, False, True))


def _write_problems_and_bill(t: Translator, page: _Page, design: Design,
                             metrics: DesignMetrics) -> None:
    """The problems, each with its element's name (as the problems panel names it,
    made unique as the report's other tables are), and the bill of materials."""
    page.heading(t.phrase("report", "Problems"))
    if metrics.problems:
        labels_of = Labeller(design)
        page.table((t.phrase("report", "Severity"), t.phrase("report", "Element"),
                    t.phrase("report", "Problem")),
                   [(term(t, p.severity.value),
                     labels_of.element(p.element_id) if p.element_id
                     else t.phrase("report", "design"),
                     p.in_language(t.lang)) for p in metrics.problems], (0.12, 0.2, 0.68))
    else:
        page.text(t.phrase("report", "No problems."))

    page.heading(t.phrase("report", "Bill of materials"))
    rows = bom_rows(design, metrics, t.lang)
    page.table((t.phrase("report", "Item"), t.phrase("report", "Name"),
                t.phrase("report", "Description"), t.phrase("report", "Quantity")),
               [(term(t, r[0]), r[2], r[3], fmt(r[4])) for r in rows],
               (0.13, 0.25, 0.47, 0.15), (False, False, False, True))
