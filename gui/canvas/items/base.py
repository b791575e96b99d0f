"""What every element item on the canvas shares: the element record it shows, its
problems, its side of the bisection cut, selection and the problem badge.

Items never change the design. The scene (which follows the document's notifications)
hands them new records with :meth:`ElementItem.set_element`; a drag moves an item on
screen only, and the select tool turns the drag into a command on release.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from gui.canvas.items.names import elided_name
from gui.numbers import count_text
from model.elements import Element

if TYPE_CHECKING:
    from gui.canvas.scene import DesignScene
    from gui.theme import Theme

BADGE_RADIUS = 9.0
HANDLE_RADIUS = 6.0
EDGE_MARKS = {"up": "↑", "down": "↓", "side": "↔"}
"""The mark before a tooltip's line of summed bundle figures: the edge they leave by."""


def font(point_size: float, bold: bool = False) -> QFont:
    """A UI font of the given size (points at 100 % zoom)."""
    f = QFont()
    f.setPointSizeF(point_size)
    f.setBold(bold)
    return f


def elided(painter: QPainter, text: str, width: float) -> str:
    """``text`` shortened with "…" to fit ``width`` with the painter's font."""
    return painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, int(width))


def fit_title(painter: QPainter, name: str, width: float, point_size: float) -> str:
    """Set the painter's font to the largest bold size from ``point_size`` down to
    :data:`SHRINK` of it at which ``name`` fits ``width`` and return it whole; else,
    at ``point_size``, the name shortened as :func:`elided_name` does."""
    size = point_size
    while size >= point_size * SHRINK - 1e-9:
        painter.setFont(font(size, bold=True))
        if painter.fontMetrics().horizontalAdvance(name) <= width:
            return name
        size -= 0.5
    painter.setFont(font(point_size, bold=True))
    return elided_name(painter.fontMetrics(), name, width)


def screen_scale(painter: QPainter) -> float:
    """How many screen pixels one scene unit covers where ``painter`` draws."""
    return float(painter.worldTransform().m11()) or 1.0


def pixel_font(pixels: float, bold: bool = False) -> QFont:
    """A UI font whose text is ``pixels`` high on the screen (drawn untransformed)."""
    f = QFont()
    f.setPixelSize(max(1, round(pixels)))
    f.setBold(bold)
    return f


ScreenLine = tuple[str | tuple[str, ...], float, bool, QColor]
"""Text, pixel size, bold, colour. The text may be a tuple of ways of saying the same,
longest first: the first that fits the box is drawn (see :func:`_fitted`). A way of
saying it may hold a newline: it is then drawn as two lines, or left out when the box
has no room for both."""
SHRINK = 0.8
"""A line that does not fit may be drawn down to this share of its pixel size before
a shorter way of saying it, or "…", is taken."""


class ScreenLayout:
    """Remembers how :func:`draw_screen_lines` laid lines out for one item, so that a
    repaint at the same size and with the same lines only draws (fonts, elision and
    fitting are worked out again only when they change)."""

    def __init__(self) -> None:
        self.key: object = None
        self.runs: list[tuple[QFont, QPointF, str, QColor]] = []
        self.height = 0.0


def _sized_font(pixels: int, bold: bool) -> tuple[QFont, QFontMetricsF, float]:
    """A font ``pixels`` high on the screen, its metrics and line height: made once per
    size (laying out a hundred island blocks after a zoom asked for the same few sizes
    hundreds of times). They derive from the application's font, which the editor
    never changes while it runs. The fonts are let go when the application quits: Qt
    objects outliving it crash the interpreter's exit."""
    found = _SIZED_FONTS.get((pixels, bold))
    if found is None:
        if not _SIZED_FONTS:
            app = QCoreApplication.instance()
            if app is not None:
                app.aboutToQuit.connect(_SIZED_FONTS.clear)
        f = pixel_font(pixels, bold)
        metrics = QFontMetricsF(f)
        found = _SIZED_FONTS[(pixels, bold)] = (f, metrics, metrics.height())
    return found


_SIZED_FONTS: dict[tuple[int, bool], tuple[QFont, QFontMetricsF, float]] = {}


def _fitted(text: str | tuple[str, ...], pixels: int, bold: bool, room: float,
            min_pixels: float, whole_first: bool = False, tall: float = float("inf")
            ) -> tuple[QFont, QFontMetricsF, float, str, float]:
    """The font, metrics, line height, text and width of a line too wide for ``room``
    pixels at ``pixels``: the longest way of saying it that fits, at the largest size
    from ``pixels`` down to :data:`SHRINK` of it (never under ``min_pixels``); else the
    shortest, ended with "…". ``whole_first``: a longer way of saying it, shrunk, is
    taken before a shorter one at a larger size ("AI zone 15" before "15"). A way of
    saying it in two lines fits only if both fit ``tall`` pixels."""
    options = (text,) if isinstance(text, str) else text
    smallest = max(round(min_pixels), round(pixels * SHRINK), 1)
    sizes = range(pixels, smallest - 1, -1)
    tries = ([(size, option) for option in options for size in sizes] if whole_first
             else [(size, option) for size in sizes for option in options])
    for size, option in tries:
        f, metrics, height = _sized_font(size, bold)
        parts = option.split("\n")
        width = max(metrics.horizontalAdvance(part) for part in parts)
        if width <= room and (len(parts) == 1 or height * len(parts) <= tall + 1):
            return f, metrics, height, option, width
    f, metrics, height = _sized_font(pixels, bold)
    shown = elided_name(metrics, [o for o in options if "\n" not in o][-1], room)
    return f, metrics, height, shown, metrics.horizontalAdvance(shown)


def _lay_out(device: QRectF, lines: list[ScreenLine], min_pixels: float,
             align: Qt.AlignmentFlag, drop: bool = False, whole_first: bool = False
             ) -> tuple[list[tuple[QFont, QPointF, str, QColor]], float]:
    """Each line's font, baseline start (relative to the box's corner, pixels), text
    as drawn and colour; and the height used. The start is worked out here for the
    alignment, so that painting draws at a point (much cheaper than into a rectangle
    with alignment flags, which lays the text out at every paint). ``drop``: a line
    after the first that no way of saying fits the width is left out, not cut with
    "…" (the lines below move up)."""
    runs: list[tuple[QFont, QPointF, str, QColor]] = []
    y = 0.0
    right = bool(align & Qt.AlignmentFlag.AlignRight)
    centred = bool(align & Qt.AlignmentFlag.AlignHCenter)
    for text, wanted, bold, colour in lines:
        pixels = min(wanted, device.height() - y)
        if pixels < min_pixels:
            break
        f, metrics, height = _sized_font(max(1, round(pixels)), bold)
        if y + height > device.height() + 1:
            f, metrics, height = _sized_font(
                max(1, round(pixels * (device.height() - y) / height)), bold)
            if f.pixelSize() < min_pixels:
                break
        shown = text if isinstance(text, str) else text[0]
        width = metrics.horizontalAdvance(shown)
        if width > device.width():  # eliding is dear: only when the line does not fit
            f, metrics, height, shown, width = _fitted(
                text, f.pixelSize(), bold, device.width(), min_pixels, drop or whole_first,
                device.height() - y)
            if drop and runs and shown not in ((text,) if isinstance(text, str) else text):
                continue  # cut: left out
        parts = shown.split("\n")  # a way of saying it in two lines ("8,128" over "H100")
        if len(parts) > 1 and y + height * len(parts) > device.height() + 1:
            continue  # no room for its second line: left out
        for part in parts:
            room = device.width() - metrics.horizontalAdvance(part)
            x = room if right else room / 2 if centred else 0.0
            runs.append((f, QPointF(x, y + metrics.ascent()), part, colour))
            y += height
    return runs, y


def draw_screen_lines(painter: QPainter, box: QRectF, lines: list[ScreenLine],
                      align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
                      min_pixels: float = 8.0, layout: ScreenLayout | None = None,
                      drop: bool = False, whole_first: bool = False) -> float:
    """Draw ``lines`` top-down inside ``box`` (item coordinates) at a fixed size on the
    screen, whatever the zoom: each line keeps its pixel size, is shortened with "…" to
    the box's width, and lines that do not fit its height are left out (so put the most
    important first). A line that cannot get ``min_pixels`` is left out. ``drop``: a
    line after the first too wide in every way of saying it is left out rather than
    cut (:func:`_lay_out`); it and ``whole_first`` take a longer way of saying a line
    shrunk before a shorter one (:func:`_fitted`). ``layout`` keeps the result for
    the next paint. Returns the screen height used, pixels."""
    device = painter.worldTransform().mapRect(box)
    key = (round(device.width(), 1), round(device.height(), 1), min_pixels, int(align),
           drop, whole_first, tuple((t, p, b, c.rgba()) for t, p, b, c in lines))
    if layout is not None and layout.key == key:
        runs, height = layout.runs, layout.height
    else:
        runs, height = _lay_out(device, lines, min_pixels, align, drop, whole_first)
        if layout is not None:
            layout.key, layout.runs, layout.height = key, runs, height
    painter.save()
    painter.setWorldTransform(QTransform())
    corner = device.topLeft()
    for f, start, shown, colour in runs:
        painter.setFont(f)
        painter.setPen(colour)
        painter.drawText(start + corner, shown)
    painter.restore()
    return height


def plural(n: int, word: str) -> str:
    """"1 group", "384 racks" (thousands separated), in the interface language; ``word``
    is "rack", "group" or "rack group"."""
    from gui.words import count_of_kind

    return count_of_kind(word.replace(" ", "_"), n)


def thousands(n: float) -> str:
    """An integer with commas between thousands ("131,072"): the style of
    :mod:`gui.numbers`, which the docks and dialogs use too. (Imported once with the
    module: an import inside a function called for every figure costs PySide's import
    hook each time.)"""
    return count_text(n)


class CutSide:
    """How many members of a group stand on each side of the bisection cut."""

    def __init__(self, on_a: int, total: int) -> None:
        self.on_a, self.total = on_a, total

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, CutSide)
                and (self.on_a, self.total) == (other.on_a, other.total))

    def __hash__(self) -> int:
        return hash((self.on_a, self.total))

    @property
    def label(self) -> str:
        """"A", "B", or "A 12 · B 4" for a group the cut splits."""
        if self.on_a >= self.total:
            return "A"
        if self.on_a <= 0:
            return "B"
        return f"A {thousands(self.on_a)} · B {thousands(self.total - self.on_a)}"  # sides


_POSITION_CHANGE = QGraphicsItem.GraphicsItemChange.ItemPositionChange
_POSITION_CHANGED = QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged


class ElementItem(QGraphicsItem):
    """Base of the building, island, rack group and tier items."""

    kind = "element"
    movable = True
    linkable = False

    def __init__(self, element: Element, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.element: Any = element
        self.problems: list[str] = []
        self.cut: CutSide | None = None
        self._look_stale = False
        """The cut changed since the item was last redrawn for it."""
        self.hovered = False
        self._tooltip = ""
        self._tooltip_given = True
        self.bundle_sums: dict[str, str] = {}
        """The summed labels of the item's many bundles, by edge ("up", "down",
        "side"): its tooltip gives them, also where no place on the canvas could show
        them (see :class:`gui.canvas.bundle_labels.BundleLabels`)."""
        self._rect = QRectF(0, 0, 100, 60)
        flags = (QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
                 | QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
        if self.movable:
            flags |= QGraphicsItem.GraphicsItemFlag.ItemIsMovable
        self.setFlags(flags)
        self.setAcceptHoverEvents(True)
        self.setPos(float(getattr(element, "x", 0.0)), float(getattr(element, "y", 0.0)))
        # The tooltip holds the scene's figures: written by refresh() once in a scene.

    # ---------------------------------------------------------------- state
    @property
    def element_id(self) -> str:
        """The id of the element shown."""
        return str(self.element.id)

    def design_scene(self) -> DesignScene | None:
        """The design scene holding this item (None before it is added)."""
        scene = self.scene()
        return scene if getattr(scene, "is_design_scene", False) else None  # type: ignore[return-value]

    def theme(self) -> Theme:
        """The scene's theme (light when the item stands alone)."""
        scene = self.design_scene()
        if scene is not None:
            return scene.theme
        from gui.theme import LIGHT

        return LIGHT

    def set_element(self, element: Element) -> None:
        """Show a new version of the element (after a model notification)."""
        self.element = element
        if hasattr(element, "x"):
            position = QPointF(float(getattr(element, "x")), float(getattr(element, "y")))  # noqa: B009
            if position != self.pos():
                self.setPos(position)
        self._refresh_tooltip()
        self.update()

    def set_place(self, element: Element) -> None:
        """Take a new version of the element that differs only in its position (a
        move): the item goes there and keeps its picture (an island block's cached
        picture is only copied to the new place, not drawn again)."""
        self.element = element
        position = QPointF(float(getattr(element, "x")), float(getattr(element, "y")))  # noqa: B009
        if position != self.pos():
            self.setPos(position)

    def set_problems(self, messages: list[str]) -> None:
        """Mark the item with the design problems that concern it."""
        if messages != self.problems:
            self.problems = messages
            self._refresh_tooltip()
            self.update()

    def set_cut(self, cut: CutSide | None) -> None:
        """Show which side of the bisection cut the item's members stand on (nothing
        is redrawn when that is what it shows already)."""
        if self.mark_cut(cut):
            self.refresh(always=False)

    def mark_cut(self, cut: CutSide | None) -> bool:
        """Note the item's side of the cut without redrawing it (the scene has it taken
        in by :meth:`refresh` in its work queue's slices). True when it changed."""
        if cut == self.cut:
            return False
        self.cut = cut
        self._look_stale = True
        return True

    def tooltip_lines(self) -> list[str]:
        """Lines of the tooltip; subclasses add their figures."""
        return [f"<b>{self.element.name}</b>"]

    def set_bundle_sum(self, edge: str, text: str | None) -> None:
        """Give (``text``) or take away (None) the summed figures of the item's
        bundles on ``edge`` in its tooltip."""
        if self.bundle_sums.get(edge) == text:
            return
        if text is None:
            del self.bundle_sums[edge]
        else:
            self.bundle_sums[edge] = text
        self._refresh_tooltip()

    def _refresh_tooltip(self) -> bool:
        """Write the tooltip's text again; True when it changed. It reaches Qt when the
        mouse comes over the item (:meth:`tooltip_text`): setting it on hundreds of
        items each time figures arrive cost more than working it out. A scene whose
        ``tooltips`` is False (a picture's: nothing hovers) has none written: True, as
        if changed (SuperPOD 144's 1,734 items: ~10 % of its 1920 × 1080 export)."""
        if not getattr(self.scene(), "tooltips", True):
            return True
        lines = self.tooltip_lines()
        lines += [f"{EDGE_MARKS.get(edge, '')} {text}" for edge, text
                  in sorted(self.bundle_sums.items())]
        lines += [f"<span style='color:#cf222e'>⚠ {m}</span>" for m in self.problems]
        text = "<br>".join(lines)
        if text == self._tooltip:
            return False
        self._tooltip = text
        self._tooltip_given = False
        return True

    def tooltip_text(self) -> str:
        """The tooltip (handed to Qt now if it changed since it last was), with the
        sums of the item's many bundles as the figures are now."""
        scene = self.design_scene()
        if scene is not None:
            sums = scene.card_sums(self)
            for edge in sorted(set(self.bundle_sums) | set(sums)):
                self.set_bundle_sum(edge, sums.get(edge))
        if not self._tooltip_given:
            self._tooltip_given = True
            self.setToolTip(self._tooltip)
        return self._tooltip

    def refresh(self, always: bool = True) -> None:
        """Redraw after the scene's figures changed. With ``always`` False the item is
        redrawn only when its tooltip or its side of the cut changed: the tooltip holds
        every figure the item draws, so figures that arrive unchanged repaint nothing."""
        if self._refresh_tooltip() or always or self._look_stale:
            self._look_stale = False
            self.update()

    # ------------------------------------------------------------- geometry
    def rect(self) -> QRectF:
        """The item's body in its own coordinates."""
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-4, -4 - HANDLE_RADIUS, 4 + BADGE_RADIUS, 4)

    def scene_rect(self) -> QRectF:
        """The body in scene coordinates."""
        return self.mapRectToScene(self._rect)

    def link_handle_centre(self) -> QPointF:
        """Where the drag handle that starts a link sits (top centre)."""
        return QPointF(self._rect.center().x(), self._rect.top())

    def on_link_handle(self, item_pos: QPointF) -> bool:
        """True when ``item_pos`` (item coordinates) is on the link handle."""
        if not self.linkable:
            return False
        delta = item_pos - self.link_handle_centre()
        return bool((delta.x() ** 2 + delta.y() ** 2) <= (HANDLE_RADIUS + 3) ** 2)

    def content_origin(self) -> QPointF:
        """Smallest child position allowed inside this item (below its header)."""
        return QPointF(12, 12)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        # Qt calls this for every property it sets on every item (thousands while a
        # scene is built); the enum members are looked up once (each lookup of a
        # PySide enum member is a Python descriptor call).
        if change == _POSITION_CHANGE:
            parent = self.parentItem()
            if isinstance(parent, ElementItem) and isinstance(value, QPointF):
                low = parent.content_origin()
                return QPointF(max(value.x(), low.x()), max(value.y(), low.y()))
            return value
        if change == _POSITION_CHANGED:
            scene = self.design_scene()
            if scene is not None:
                scene.item_moved(self)
        return value  # what QGraphicsItem.itemChange returns (calling it converts the
        # enum back, a Python descriptor call per change)

    def hoverEnterEvent(self, event: Any) -> None:
        self.hovered = True
        self.tooltip_text()  # before Qt asks for it
        self.update()
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: Any) -> None:
        self.hovered = False
        self.update()
        super().hoverLeaveEvent(event)

    # ------------------------------------------------------------- painting
    def paint_frame(self, painter: QPainter, fill: QColor, border: QColor, radius: float,
                    border_width: float = 1.2) -> None:
        """The body: fill, border (red with problems, blue when selected), cut tint."""
        theme = self.theme()
        if self.cut is not None:
            side = theme.colour("side_a" if self.cut.on_a >= self.cut.total else "side_b")
            if 0 < self.cut.on_a < self.cut.total:
                side = theme.colour("side_a")
                fill = QColor(fill)
            tint = QColor(side)
            tint.setAlpha(60)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(fill))
            painter.drawRoundedRect(self._rect, radius, radius)
            painter.setBrush(QBrush(tint))
            if 0 < self.cut.on_a < self.cut.total:
                share = self.cut.on_a / self.cut.total
                left = QRectF(self._rect.left(), self._rect.top(), self._rect.width() * share,
                              self._rect.height())
                painter.drawRoundedRect(left, radius, radius)
                other = QColor(theme.side_b)
                other.setAlpha(60)
                painter.setBrush(QBrush(other))
                painter.drawRoundedRect(
                    QRectF(left.right(), self._rect.top(), self._rect.width() - left.width(),
                           self._rect.height()), radius, radius)
            else:
                painter.drawRoundedRect(self._rect, radius, radius)
            border = side
            border_width = max(border_width, 2.0)
            painter.setBrush(Qt.BrushStyle.NoBrush)
        else:
            painter.setBrush(QBrush(fill))
        if self.problems:
            border, border_width = theme.colour("bad"), max(border_width, 2.0)
        if self.isSelected():
            border, border_width = theme.colour("selection"), max(border_width, 2.5)
        pen = QPen(border, border_width)
        pen.setCosmetic(False)
        painter.setPen(pen)
        painter.drawRoundedRect(self._rect, radius, radius)

    def put_off(self, painter: QPainter, fill: str) -> bool:
        """True when this paint should only lay the body's ``fill`` (a theme colour's
        name) as a stand-in and wait for a later turn of the event loop: the item's
        picture is cached (a zoomed-out block, a card), so the paint only makes that
        picture, and the scene's paint budget for this turn is spent (see
        :mod:`gui.canvas.staging`). A hundred blocks at a new zoom are so drawn over a
        few turns, never in one."""
        if self.cacheMode() == QGraphicsItem.CacheMode.NoCache:
            return False
        scene = self.design_scene()
        if scene is None or scene.paint_budget.allows(self):
            return False
        painter.fillRect(self._rect, self.theme().colour(fill))
        return True

    def paint_badges(self, painter: QPainter) -> None:
        """The red problem badge (top right) and, on hover/selection, the link handle."""
        theme = self.theme()
        if self.problems:
            centre = QPointF(self._rect.right(), self._rect.top())
            painter.setPen(QPen(QColor(theme.base), 1.5))
            painter.setBrush(theme.colour("bad"))
            painter.drawEllipse(centre, BADGE_RADIUS, BADGE_RADIUS)
            painter.setPen(QColor("#ffffff"))
            painter.setFont(font(8, bold=True))
            painter.drawText(QRectF(centre.x() - BADGE_RADIUS, centre.y() - BADGE_RADIUS,
                                    2 * BADGE_RADIUS, 2 * BADGE_RADIUS),
                             Qt.AlignmentFlag.AlignCenter, "!" if len(self.problems) == 1
                             else str(min(len(self.problems), 9)))
        if self.linkable and (self.hovered or self.isSelected()):
            painter.setPen(QPen(theme.colour("selection"), 1.5))
            painter.setBrush(QColor(theme.base))
            painter.drawEllipse(self.link_handle_centre(), HANDLE_RADIUS, HANDLE_RADIUS)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        raise NotImplementedError
