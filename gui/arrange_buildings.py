"""Arrange › Arrange Buildings in a Grid: the campus's buildings laid out again in the grid
the templates use (:func:`model.templates.builder.building_grid`), whose shape comes near
a screen's, so a design saved with its buildings in a long strip (older files) fits a
window again and can be read at its first zoom. One undo step; the view is then fitted
to the campus.

The buildings keep the order in which they stand in the design (Building 1, 2, 3 …) and
the grid starts at the top-left corner of the campus as it was. Each building's size is
the one drawn on the canvas (it grows around its islands).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from gui.canvas.items.base import ElementItem
from gui.commands import move_command
from gui.i18n import translate
from model.templates.builder import building_grid

if TYPE_CHECKING:
    from gui.main_window import MainWindow


class ArrangeBuildings:
    """The Arrange Buildings in a Grid action of one window (in Edit › Arrange and the
    empty canvas's right-click menu)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.action = QAction(translate("Arrange", "Arrange Buildings in a &Grid"), window)
        self.action.setToolTip(translate(
            "Arrange", "Lay the buildings out in a grid that fits the window (one undo step)"))
        self.action.setStatusTip(self.action.toolTip())
        self.action.triggered.connect(lambda _checked=False: self.arrange())
        menu = window.arrange.menu
        menu.addSeparator()
        menu.addAction(self.action)

    def positions(self) -> dict[str, tuple[float, float]]:
        """Where each building goes: the grid of the buildings' drawn sizes, from the
        campus's top-left corner."""
        design = self.window.document.design
        sizes: dict[str, tuple[float, float]] = {}
        left = top = float("inf")
        for building in design.buildings.values():
            item = self.window.scene.item_for(building.id)
            if not isinstance(item, ElementItem):
                continue
            rect = item.rect()
            sizes[building.id] = (rect.width(), rect.height())
            left, top = min(left, building.x), min(top, building.y)
        if not sizes:
            return {}
        return {bid: (round(x, 1), round(y, 1))
                for bid, (x, y) in building_grid(sizes, (left, top)).items()}

    def arrange(self) -> bool:
        """Move the buildings into the grid in one undo step and show the whole campus;
        True when something moved."""
        window = self.window
        design = window.document.design
        if len(design.buildings) < 2:
            window.show_status(translate("Arrange",
                                         "Arrange Buildings needs two or more buildings"))
            return False
        # one model operation (Design.move_many): every position checked, one notification
        command = move_command(design, self.positions())
        if command is None:
            window.show_status(translate("Arrange", "The buildings already stand in a grid"))
            return False
        command.setText(translate("Arrange", "Arrange {count} buildings in a grid").format(
            count=len(design.buildings)))
        if not window.view.execute(command):
            return False
        window.view.fit_to_view()
        return True
