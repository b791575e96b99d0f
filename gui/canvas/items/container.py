"""Items that contain others (buildings, islands): their size follows their children so
that a moved or added child is always inside its container."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath

from gui.canvas.items.base import ElementItem


class ContainerItem(ElementItem):
    """An element item whose body encloses its child element items."""

    header_height = 30.0
    padding = 20.0
    min_size = (240.0, 150.0)

    def content_origin(self) -> QPointF:
        return QPointF(6.0, self.header_height)

    def grips_whole_body(self) -> bool:
        """True when the whole body picks the item; otherwise only the header does, so
        a drag on the body draws a rubber band (or grabs what is inside)."""
        return False

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        if self.grips_whole_body():
            path.addRect(self._rect)
        else:
            path.addRect(QRectF(0, 0, self._rect.width(), self.header_height))
        return path

    def tiles_by_number(self, room: float) -> bool:
        """Whether the zoomed-out tiles inside say their names by number only, in
        ``room`` screen pixels: a building's, when its plate says what they are
        ("AI zone 1–7") and one of the names would not fit whole (all then say theirs
        alike). Not for other containers."""
        return False

    def element_children(self) -> list[ElementItem]:
        """Child element items (islands, tiers, rack groups)."""
        return [c for c in self.childItems() if isinstance(c, ElementItem)]

    def update_geometry(self, changed: ElementItem | None = None,
                        propagate: bool = True) -> bool:
        """Grow or shrink the body around the children; True when the size changed.
        ``changed``: the one child that moved, was added or resized (its corner is
        taken again; the others' are remembered), None to look at every child.
        ``propagate`` False leaves the container's own container as it is (the scene
        sizes every container once, innermost first, when it builds them all)."""
        boxes = getattr(self, "_boxes", None)
        if boxes is None or changed is None:
            boxes = {}
            for child in self.element_children():
                box = child.rect().translated(child.pos())
                boxes[id(child)] = (box.right(), box.bottom())
            self._boxes: dict[int, tuple[float, float]] = boxes
        elif changed.parentItem() is self:
            box = changed.rect().translated(changed.pos())
            boxes[id(changed)] = (box.right(), box.bottom())
        else:
            boxes.pop(id(changed), None)
        width, height = self.min_size
        for right, bottom in boxes.values():
            width = max(width, right + self.padding)
            height = max(height, bottom + self.padding)
        new = QRectF(0, 0, width, height)
        if new == self._rect:
            return False
        self.prepareGeometryChange()
        self._rect = new
        parent = self.parentItem()
        if propagate and isinstance(parent, ContainerItem):
            parent.update_geometry(self)
        return True
