"""The legend: what the canvas colours and marks mean, drawn from the same tables the
items use (:mod:`gui.theme`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from gui.i18n import QT_TRANSLATE_NOOP, translate
from gui.theme import UTILIZATION_BANDS, Theme


def legend_rows(theme: Theme) -> list[tuple[str, str]]:
    """(colour, meaning) rows of the legend, in the interface language."""
    rows = [("", QT_TRANSLATE_NOOP("Legend", "<b>Power</b> (building bar, rack stripe)"))]
    rows += [(getattr(theme, name), text) for _, name, text in UTILIZATION_BANDS]
    rows += [("", QT_TRANSLATE_NOOP("Legend", "<b>Oversubscription</b> (tier stripe)")),
             (theme.ok, QT_TRANSLATE_NOOP("Legend", "1:1, non-blocking")),
             (theme.warn, QT_TRANSLATE_NOOP("Legend", "oversubscribed")),
             (theme.bad, QT_TRANSLATE_NOOP("Legend", "above the design's limit")),
             (theme.unknown, QT_TRANSLATE_NOOP("Legend", "top tier / not known")),
             ("", QT_TRANSLATE_NOOP("Legend", "<b>Marks</b>")),
             (theme.bad, QT_TRANSLATE_NOOP("Legend", "red border and ! badge: problem")),
             (theme.side_a, QT_TRANSLATE_NOOP("Legend", "bisection side A")),
             (theme.side_b, QT_TRANSLATE_NOOP("Legend", "bisection side B")),
             (theme.cut, QT_TRANSLATE_NOOP("Legend", "bundle crossing the cut")),
             ("", QT_TRANSLATE_NOOP("Legend",
                                    "Connector width grows with capacity; label: links × speed")),
             ("", QT_TRANSLATE_NOOP("Legend",
                                    "dashed connector: global links between groups"))]
    from gui.whatif.overlay import LEGEND_ROWS

    rows += LEGEND_ROWS
    return [(colour, translate("Legend", text)) for colour, text in rows]


class Legend(QScrollArea):
    """Colour key of the canvas. Its rows wrap to the dock's width and, when the dock is
    shorter than the key, scroll: no row is ever cut off."""

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.rows = QWidget()
        self._layout = QVBoxLayout(self.rows)
        self._layout.setContentsMargins(8, 6, 8, 6)
        self._layout.setSpacing(2)
        self.setWidget(self.rows)
        self.apply_theme(theme)

    def labels(self) -> list[QLabel]:
        """The rows' labels, in order."""
        return [w for w in self.rows.findChildren(QLabel) if not w.isHidden()]

    def apply_theme(self, theme: Theme) -> None:
        """Rebuild the rows in ``theme``'s colours."""
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        for colour, text in legend_rows(theme):
            label = QLabel(self.rows)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setWordWrap(True)
            if colour:
                label.setText(f"<span style='color:{colour}; font-size:12pt'>■</span> {text}")
            else:
                label.setText(text)
            self._layout.addWidget(label)
        self._layout.addStretch(1)
