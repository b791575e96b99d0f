"""The labels of the link bundles, drawn as one layer above every connector, so that no
connector runs through a label (each bundle's label sits where the scene placed it,
off cards, titles and other labels). The layer takes no clicks: a click on a label goes
to the bundle under it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPaintEngine, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.base import font
from gui.canvas.items.bundle import LABEL_FONT_PT, LABEL_MIN_SCALE, BundleItem
from gui.theme import Theme


class BundleLabels(QGraphicsItem):
    """Every placed bundle label, above the connectors."""

    def __init__(self, bundles: Callable[[], Iterable[BundleItem]],
                 theme: Callable[[], Theme]) -> None:
        super().__init__()
        self._bundles = bundles
        self._theme = theme
        self._bounds = QRectF()
        self.setZValue(6)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.svg_centred: list[tuple[str, float, float]] = []
        """Labels drawn into an SVG: (text, where Qt started it, the pill's centre), in
        drawing order; the SVG export anchors each at its centre (see
        :func:`gui.export.render.centre_svg_labels`) so that a viewer whose font is
        narrower or wider than Qt's still shows it in the middle of its pill."""

    def label_changed(self, box: QRectF) -> None:
        """A label moved to, or away from, ``box`` (scene coordinates): grow the layer
        to hold it and redraw there."""
        if not box.isEmpty():
            grown = box.adjusted(-2, -2, 2, 2)
            if not self._bounds.contains(grown):
                self.prepareGeometryChange()
                self._bounds = self._bounds.united(grown)
        self.update(box.adjusted(-2, -2, 2, 2))

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if painter.worldTransform().m11() < LABEL_MIN_SCALE:
            return
        exposed = option.exposedRect
        theme = self._theme()
        painter.setFont(font(LABEL_FONT_PT))
        engine = painter.paintEngine()
        to_svg = engine is not None and engine.type() == QPaintEngine.Type.SVG
        metrics = QFontMetricsF(painter.font())
        for bundle in self._bundles():
            if bundle.label_box is None:  # most of a Dragonfly+'s: one label per group
                continue
            box = bundle.label_rect()
            if box.isEmpty() or not bundle.isVisible() or not box.intersects(exposed):
                continue
            painter.setPen(QPen(bundle.colour(), 1))
            painter.setBrush(QColor(theme.base))
            painter.drawRoundedRect(box, 9, 9)
            painter.setPen(QColor(theme.text))
            text = bundle.label_shown()
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            if to_svg:
                centre = box.center().x()
                self.svg_centred.append(
                    (text, centre - metrics.horizontalAdvance(text) / 2, centre))
