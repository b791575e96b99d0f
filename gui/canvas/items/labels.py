"""The labels of the link bundles, drawn as one layer above every connector, so that no
connector runs through a label (each bundle's label sits where the scene placed it,
off cards, titles and other labels). The layer takes no clicks: a click on a label goes
to the bundle under it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
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
        for bundle in self._bundles():
            box = bundle.label_rect()
            if box.isEmpty() or not bundle.isVisible() or not box.intersects(exposed):
                continue
            painter.setPen(QPen(bundle.colour(), 1))
            painter.setBrush(QColor(theme.base))
            painter.drawRoundedRect(box, 9, 9)
            painter.setPen(QColor(theme.text))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, bundle.label_shown())
