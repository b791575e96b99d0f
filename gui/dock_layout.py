"""The docks' default sizes, chosen for the window's size: on a 1280×720 laptop screen as
on a 1920×1080 monitor, the inspector shows every field of the element selected, the
metrics dock its headline figures and a chart, the palette and legend their text, and the
canvas keeps most of the window.

The right-hand column (inspector over metrics) runs the full height of the window: the
problems list sits under the canvas only, so it does not take height from the inspector.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow

INSPECTOR_HEIGHT = 340
"""Inspector dock height on a large (> 800 px high) window, at least. On any window the
inspector gets at least what the tallest element form needs (six rows of editors under a
two-line title, measured in the interface's font): on a 1280×720 screen the
metrics dock takes the rest, its charts shrinking first (the headline figures stay)."""


def screen_size(window: QMainWindow) -> QSize | None:
    """The room the window's screen offers (its available geometry); None without a
    real screen (the offscreen platform's nominal one says nothing of a user's)."""
    if QGuiApplication.platformName() == "offscreen":
        return None
    return window.screen().availableGeometry().size()


def screen_area(window: QMainWindow) -> QRect | None:
    """Where the window's screen offers room (:func:`screen_size` at the available
    geometry's top-left); None without a real screen."""
    room = screen_size(window)
    if room is None:
        return None
    return QRect(window.screen().availableGeometry().topLeft(), room)


DEFAULT_SIZE = QSize(1500, 940)
"""The window's size without a screen to size it for (the offscreen platform)."""
FILL_UP_TO_PX = 1920
"""Screens up to this wide (available width, a 1920×1080 monitor or a laptop) get a
window that fills them, maximised: an architect's drawing wants all the room there is."""
LARGE_SHARE = 0.8
"""On a wider screen (2560×1440, an unscaled 4K one) the window takes this share of
each side of the room, centred: large, without covering everything else."""


def opening_rect(area: QRect) -> QRect:
    """The window's rectangle (inside its frame) on first opening on a screen whose
    available room is ``area``: the whole of it up to :data:`FILL_UP_TO_PX` wide,
    :data:`LARGE_SHARE` of each side of it, centred, on wider screens."""
    if area.width() <= FILL_UP_TO_PX:
        return QRect(area)
    width, height = round(area.width() * LARGE_SHARE), round(area.height() * LARGE_SHARE)
    return QRect(area.left() + (area.width() - width) // 2,
                 area.top() + (area.height() - height) // 2, width, height)


def can_maximise(area: QRect | None) -> bool:
    """True with a real screen (room ``area`` known) on a platform that maximises to
    it: not the offscreen one, whose maximising resizes the window to its own nominal
    screen."""
    return area is not None and QGuiApplication.platformName() != "offscreen"


def opens_maximised(area: QRect | None) -> bool:
    """True when a window opening afresh on a screen with room ``area`` is maximised
    (the window manager then fits its frame too): screens up to
    :data:`FILL_UP_TO_PX` wide."""
    return can_maximise(area) and area is not None and area.width() <= FILL_UP_TO_PX


def remembered_fits(rect: QRect | None, area: QRect | None) -> bool:
    """True when a window rectangle remembered from the last session is still to be
    used: it is a real rectangle and lies inside the screen's room (no screen known:
    any real rectangle). One from a larger screen, or from a screen no longer there, is
    not: the window opens as on a first start instead of half off the screen."""
    if rect is None or not rect.isValid() or rect.width() < 100 or rect.height() < 100:
        return False
    return area is None or area.contains(rect)


def size_for_screen(window: QMainWindow, remembered: QRect | None = None) -> bool:
    """Give a window being built its rectangle, with the docks' corners already placed:
    the minimum size the window asks for as it is first shown then counts the problems
    list under the canvas only. (Placed after showing, a Chinese window's minimum,
    counted with the problems list under the right-hand column in the CJK font's taller
    lines, was 750 px: a 1280×720 screen got a window 750 px tall, its status bar off
    the screen.) The rectangle is ``remembered`` (the last session's) when it still fits
    the screen (:func:`remembered_fits`), else :func:`opening_rect`; without a screen
    (offscreen) :data:`DEFAULT_SIZE`. Returns True when the remembered one was used."""
    place_corners(window)
    area = screen_area(window)
    if remembered_fits(remembered, area):
        assert remembered is not None
        window.setGeometry(remembered)
        return True
    if area is None:
        window.resize(DEFAULT_SIZE)
        return False
    window.setGeometry(opening_rect(area))
    return False


def fit_to_screen(window: QMainWindow) -> None:
    """Shrink a window larger than its screen to the screen (a 1280×720 laptop gets a
    window of its size, not one running off its edges) and move it back onto the screen
    where it runs off an edge (its frame is the window manager's to place)."""
    room = screen_size(window)
    if room is None:
        return
    layout = window.layout()
    if layout is not None:  # the minimum size the resize respects is the one of now
        layout.activate()
    if window.width() > room.width() or window.height() > room.height():
        window.resize(min(window.width(), room.width()), min(window.height(), room.height()))
    shown = window.geometry()
    area = QRect(window.screen().availableGeometry().topLeft(), room)
    dx = max(area.left() - shown.left(), min(0, area.right() - shown.right()))
    dy = max(area.top() - shown.top(), min(0, area.bottom() - shown.bottom()))
    if dx or dy:
        window.move(window.pos() + QPoint(dx, dy))


def place_corners(window: QMainWindow) -> None:
    """Give the bottom corners to the side columns, so the problems list spans the
    canvas only."""
    window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
    window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)


DESIGN_SETTINGS_ROWS = 11
"""The design's settings the inspector shows with nothing selected (name, description,
oversubscription limit, storage allowance, metrics plane, checkpoint write, restart,
TCO years, currency, exchange rate, distance between buildings)."""
METRICS_ROOM_PX = 480
"""Height the metrics dock keeps on a large window when the inspector is made tall
enough for the design's settings: its headline figures, tab bar and a chart of about
200 px."""


def inspector_height(dock: QDockWidget, least: int, rows: int | None = None) -> int:
    """The inspector dock's height (title bar included) for ``rows`` rows of editors
    (by default the tallest element form's), at least ``least``."""
    from gui.inspector.panel import TALLEST_ELEMENT_ROWS, Inspector

    panel = dock.widget()
    if not isinstance(panel, Inspector):
        return least
    title_bar = max(0, dock.height() - panel.height())
    wanted = TALLEST_ELEMENT_ROWS if rows is None else rows
    return max(least, title_bar + panel.height_for_rows(wanted))


def apply_default_sizes(window: QMainWindow, docks: dict[str, QDockWidget]) -> None:
    """Size the docks for the window as it is now (call once it is shown), after
    fitting the window to its screen."""
    fit_to_screen(window)
    place_corners(window)
    width, height = window.width(), window.height()
    small = height <= 800
    if small and "jobs" in docks and "problems" in docks:
        # on a short screen the Jobs table goes behind the problems list under the
        # canvas: the right-hand column then has no tab bar to find room for
        window.tabifyDockWidget(docks["problems"], docks["jobs"])
        docks["problems"].raise_()
    side = max(230, min(300, width // 6))
    right = max(340, min(480, width // 4))
    window.resizeDocks([docks["palette"], docks["inspector"]], [side, right],
                       Qt.Orientation.Horizontal)
    palette = max(200, int(height * 0.38))
    window.resizeDocks([docks["palette"], docks["legend"]],
                       [palette, max(200, height - palette)], Qt.Orientation.Vertical)
    inspector = inspector_height(docks["inspector"], 0 if small else INSPECTOR_HEIGHT)
    # sizes that add up to the column as it is (sizes that did not were shared out in
    # proportion, the inspector short of its own)
    top, below = docks["inspector"].geometry(), docks["metrics"].geometry()
    gap = max(0, below.top() - top.bottom() - 1)
    column = below.bottom() - top.top() + 1 - gap
    if not small:  # room for the design's settings too (shown with nothing selected)
        settings = inspector_height(docks["inspector"], 0, DESIGN_SETTINGS_ROWS)
        if column - settings >= METRICS_ROOM_PX:
            inspector = max(inspector, settings)
    window.resizeDocks([docks["inspector"], docks["metrics"]],
                       [inspector, max(1, column - inspector)], Qt.Orientation.Vertical)
    window.resizeDocks([docks["problems"]], [110 if small else 150], Qt.Orientation.Vertical)
    # lay the window out now, so that what follows (fitting the design into the canvas)
    # sees the canvas at its final size, not at the size it had before the docks moved
    layout = window.layout()
    if layout is not None:
        layout.activate()
