"""The what-if in the metrics dock: a banner naming what is failed (with Clear Failures
and Save as Scenario…) above the headline figures, and a "What-if" tab with every
headline figure healthy → failed and the difference, and the low-bandwidth threshold
(accelerators keeping at most that share of their healthy bandwidth are counted and
marked on the canvas; changing it recomputes nothing: the engine's figures hold every
accelerator's kept share).

The figures are the engine's (:class:`model.whatif.WhatIfMetrics`: the failed figures
carrying the healthy ones, from one run in the engine process); this widget computes
nothing. A figure the failure made worse is written in red.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.i18n import QT_TRANSLATE_NOOP, current_language, model_text, translate
from gui.metrics_dock import HEADLINES, MetricsDock, format_headline, headline_values
from model.design import Design
from model.metrics.kept_bandwidth import DEFAULT_THRESHOLD
from model.metrics.results import DesignMetrics
from model.whatif import (
    FIGURES,
    FigureChange,
    WhatIfMetrics,
    failure_words,
    figure_changes,
    format_difference,
    format_figure,
)

WORSE_COLOUR = "#c62828"
BETTER_COLOUR = "#1a7f37"
HEADERS = (QT_TRANSLATE_NOOP("WhatIf", "Figure"), QT_TRANSLATE_NOOP("WhatIf", "Healthy"),
           QT_TRANSLATE_NOOP("WhatIf", "Failed"), QT_TRANSLATE_NOOP("WhatIf", "Change"))
MORE_IS_WORSE = {"mean_hops", "max_hops", "problems"}
"""Headline figures of the dock for which a larger value is worse."""
NEUTRAL = {"it_mw", "facility_mw", "capex", "network_share", "interruptions_per_day"}
"""Headline figures a failure changes without making the design better or worse (a
dark hall draws less power and interrupts less because it does less): shown grey."""
NEUTRAL_COLOUR = "#6e7781"


class ComparisonRow:
    """One figure healthy → failed as the dock shows it (texts, and whether worse)."""

    def __init__(self, words: str, healthy: str, failed: str, change: str,
                 worse: bool, better: bool) -> None:
        self.words, self.healthy, self.failed, self.change = words, healthy, failed, change
        self.worse, self.better = worse, better


def comparison_rows(design: Design, metrics: WhatIfMetrics,
                    threshold: float = DEFAULT_THRESHOLD) -> list[ComparisonRow]:
    """Every headline figure of the dock, then the what-if's own figures, healthy →
    failed with the difference (accelerators at low bandwidth: keeping at most
    ``threshold`` of their healthy bandwidth)."""
    healthy = metrics.healthy
    assert healthy is not None
    rows: list[ComparisonRow] = []
    before, after = headline_values(healthy), headline_values(metrics)
    shown = set()
    for key, title, _tip in HEADLINES:
        if key not in before or key not in after:
            continue
        h, f = before[key], after[key]
        d = f - h
        rows.append(ComparisonRow(
            translate("MetricsDock", title), format_headline(key, h, healthy),
            format_headline(key, f, metrics),
            _headline_difference(key, h, f, metrics), *_judge(key, d)))
        shown.add(key)
    for change in figure_changes(design, metrics, threshold):
        if change.figure.key in ("accelerators_working", "bisection_gbps",
                                 "per_accelerator_gbps", "fraction_of_full", "mean_hops",
                                 "max_hops", "it_kw", "facility_kw", "pflops"):
            continue  # the dock's own headline rows say these
        rows.append(_what_if_row(change))
    return rows


def _what_if_row(change: FigureChange) -> ComparisonRow:
    d = change.difference
    better = math.isfinite(d) and d != 0 and not change.worse
    return ComparisonRow(model_text("whatif", change.figure.words),
                         format_figure(change.figure.key, change.healthy),
                         format_figure(change.figure.key, change.failed),
                         format_difference(change, current_language()), change.worse, better)


def _judge(key: str, d: float) -> tuple[bool, bool]:
    """(worse, better) for a headline figure that changed by ``d``."""
    if not math.isfinite(d) or abs(d) < 1e-12 or key in NEUTRAL:
        return False, False
    worse = (d > 0) if key in MORE_IS_WORSE else (d < 0)
    return worse, not worse


def _headline_difference(key: str, healthy: float, failed: float,
                         metrics: DesignMetrics) -> str:
    d = failed - healthy
    if not math.isfinite(d):
        return "—"
    if abs(d) < 1e-12:
        return translate("WhatIf", "no change")
    sign = "+" if d > 0 else "−"
    if key in ("fraction_of_full", "goodput", "network_share"):
        return translate("WhatIf", "{sign}{points} points").format(
            sign=sign, points=f"{abs(d) * 100:.1f}")
    text = format_headline(key, abs(d), metrics).removeprefix("≤ ")
    ratio = f" ({failed / healthy:.1%})" if healthy else ""
    return f"{sign}{text}{ratio}"


class WhatIfBanner(QWidget):
    """What is failed, with the buttons to clear it or save it as a scenario."""

    clear_requested = Signal()
    save_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("whatif-banner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        self.text = QLabel("")
        self.text.setWordWrap(True)
        self.text.setStyleSheet(f"color: {WORSE_COLOUR}; font-weight: bold;")
        layout.addWidget(self.text, 1)
        self.save = QPushButton(translate("WhatIf", "Save as Scenario…"))
        self.save.clicked.connect(self.save_requested)
        self.clear = QPushButton(translate("WhatIf", "Clear"))
        self.clear.setToolTip(translate("WhatIf", "Clear failures: back to the healthy design"))
        self.clear.clicked.connect(self.clear_requested)
        layout.addWidget(self.save)
        layout.addWidget(self.clear)
        self.hide()

    def show_failures(self, words: list[str]) -> None:
        """Name what is failed (hidden when nothing is)."""
        if not words:
            self.hide()
            return
        self.text.setText(translate("WhatIf", "What-if — down: {failures}").format(
            failures="; ".join(words)))
        self.text.setToolTip("\n".join(words))
        self.show()


class ComparisonTable(QTableWidget):
    """Every headline figure healthy → failed with the difference."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(HEADERS), parent)
        self.setObjectName("whatif-table")
        self.setHorizontalHeaderLabels([translate("WhatIf", h) for h in HEADERS])
        self.verticalHeader().hide()
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.horizontalHeader().setStretchLastSection(True)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 4)
        self.setWordWrap(False)
        self.rows: list[ComparisonRow] = []

    def show_rows(self, rows: list[ComparisonRow]) -> None:
        """Fill the table."""
        self.rows = rows
        self.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate((row.words, row.healthy, row.failed, row.change)):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                if c >= 2 and (row.worse or row.better):
                    item.setForeground(QBrush(QColor(WORSE_COLOUR if row.worse
                                                     else BETTER_COLOUR)))
                self.setItem(r, c, item)
        self.resizeColumnsToContents()

    def text_of(self, words: str) -> tuple[str, str, str]:
        """(healthy, failed, change) shown for the figure called ``words``."""
        row = next(r for r in self.rows if r.words == words)
        return row.healthy, row.failed, row.change


def headline_mark(key: str, healthy: float, failed: float) -> tuple[str, str] | None:
    """What a headline label adds under failures: a short change ("▼ 25%", "▲ 12.6
    points") and its colour; None when the figure did not change."""
    d = failed - healthy
    if not math.isfinite(d) or abs(d) < 1e-12:
        return None
    worse, better = _judge(key, d)
    arrow = "▲" if d > 0 else "▼"
    if key in ("fraction_of_full", "goodput", "network_share"):
        size = translate("WhatIf", "{points} pts").format(points=f"{abs(d) * 100:.1f}")
    elif healthy:
        size = f"{abs(d) / abs(healthy):.0%}"
    else:
        size = f"{abs(d):,.0f}"
    return f"{arrow} {size}", (WORSE_COLOUR if worse else BETTER_COLOUR if better
                               else NEUTRAL_COLOUR)


class WhatIfView(QObject):
    """The banner and the What-if tab of one metrics dock, and the change on each of
    its headline figures."""

    threshold_changed = Signal(float)
    """The low-bandwidth threshold, a fraction of healthy, was changed by the user."""

    def __init__(self, dock: MetricsDock) -> None:
        super().__init__(dock)
        self.dock = dock
        self.threshold = DEFAULT_THRESHOLD
        self._metrics: tuple[Design, DesignMetrics] | None = None
        dock.metrics_shown.connect(self._mark_headlines)
        self.banner = WhatIfBanner(dock)
        layout = dock.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(1, self.banner)  # under the dock's state line
        self.page = QWidget()
        page_layout = QVBoxLayout(self.page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        self.note = QLabel(translate("WhatIf", "Right-click a switch tier, bundle, rack group, "
                                     "island or building and choose Fail… to see what it "
                                     "takes down."))
        self.note.setWordWrap(True)
        page_layout.addWidget(self.note)
        row = QHBoxLayout()
        label = QLabel(translate("WhatIf", "Low bandwidth: at most"))
        self.threshold_box = QSpinBox()
        self.threshold_box.setObjectName("low-bandwidth-threshold")
        self.threshold_box.setRange(0, 100)
        self.threshold_box.setSuffix(" %")
        self.threshold_box.setValue(round(DEFAULT_THRESHOLD * 100))
        tip = translate("WhatIf", "Accelerators keeping at most this share of their healthy"
                        " bandwidth to the rest of the network (their own links, and their"
                        " share of their switches' uplinks) are counted and outlined on the"
                        " canvas; see docs/whatif.md")
        label.setToolTip(tip)
        self.threshold_box.setToolTip(tip)
        self.threshold_box.valueChanged.connect(self._threshold_edited)
        row.addWidget(label)
        row.addWidget(self.threshold_box)
        row.addWidget(QLabel(translate("WhatIf", "of healthy")))
        row.addStretch(1)
        page_layout.addLayout(row)
        self.table = ComparisonTable(self.page)
        page_layout.addWidget(self.table, 1)
        self.page.setMinimumHeight(1)  # the table scrolls; the docks above keep their room
        self.tab_index = dock.tabs.addTab(self.page, translate("WhatIf", "What-if"))

    def show_failures(self, design: Design, failures: tuple[object, ...]) -> None:
        """The failures changed: name them (the figures follow when computed)."""
        words = [failure_words(design, f, current_language())  # type: ignore[arg-type]
                 for f in failures]
        self.banner.show_failures(words)
        if not failures:
            self._metrics = None
            self.table.show_rows([])
            self.note.show()
            self.note.setText(translate("WhatIf", "No failures: the figures are the healthy "
                                        "design's. Right-click an element and choose Fail… to "
                                        "see what it takes down."))
        else:
            self.note.setText(translate("WhatIf", "Computing the figures with these failures…"))
            self.note.show()
            self.dock.tabs.setCurrentIndex(self.tab_index)

    def show_metrics(self, design: Design, metrics: DesignMetrics) -> None:
        """Fresh figures: the comparison when they are a what-if's."""
        if not isinstance(metrics, WhatIfMetrics) or metrics.healthy is None:
            return
        self._metrics = (design, metrics)
        self.note.hide()  # the banner names the failures; the table needs the room
        engine = metrics.failures
        if engine is not None and engine.accelerators_working \
                and engine.accelerators_stranded >= engine.accelerators_working:
            self.note.setText(translate(
                "WhatIf", "Every working accelerator ({count}) is cut off: the network"
                " carries nothing, so its figures are zero.").format(
                count=f"{engine.accelerators_working:,}"))
            self.note.show()
        self.table.show_rows(comparison_rows(design, metrics, self.threshold))

    def set_threshold(self, percent: int) -> None:
        """Set the low-bandwidth threshold, in percent of healthy (as the user does)."""
        self.threshold_box.setValue(percent)

    def _threshold_edited(self, percent: int) -> None:
        self.threshold = percent / 100
        if self._metrics is not None:
            self.show_metrics(*self._metrics)
        self.threshold_changed.emit(self.threshold)


    def _mark_headlines(self, metrics: DesignMetrics) -> None:
        """Under failures, each headline figure that changed gets its change beside it
        (red: worse) and healthy → failed in its tooltip; healthy figures stay as the
        dock wrote them."""
        if not isinstance(metrics, WhatIfMetrics) or metrics.healthy is None:
            return
        before = headline_values(metrics.healthy)
        after = self.dock.values
        for key, label in self.dock.labels.items():
            if key not in before or key not in after:
                continue
            mark = headline_mark(key, before[key], after[key])
            if mark is None:
                continue
            text, colour = mark
            label.setText(f"{label.text()} <span style='color:{colour}; font-size:small'>"
                          f"{text}</span>")
            healthy_text = format_headline(key, before[key], metrics.healthy)
            label.setToolTip(label.toolTip() + "\n" + translate(
                "WhatIf", "Healthy {healthy} → failed {failed}").format(
                healthy=healthy_text, failed=format_headline(key, after[key], metrics)))


__all__ = ["FIGURES", "ComparisonTable", "WhatIfBanner", "WhatIfView", "comparison_rows"]
