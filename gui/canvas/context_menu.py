"""Right-click menus on the canvas, as in draw.io, yEd or Visio.

On an element: Edit Properties (the inspector, keyboard in its first field), Cut, Copy,
Paste Here, Duplicate, Delete, "add inside" entries for buildings and islands (an island,
a rack group of any catalog rack type, a switch tier of any switch model, placed where
the menu was opened), Align for several elements, Zoom To and Centre in View. On a link
bundle: Edit Properties, Select Ends, Delete, Zoom To. On the empty canvas: Paste Here,
Add Building Here, Select All, Arrange Buildings in a Grid, Fit to View.

Right-clicking an element that is not selected selects it alone first; right-clicking
one of several selected elements keeps the selection, so the entries act on all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMenu, QWidget

from gui.canvas.items.base import ElementItem
from gui.canvas.items.bundle import BundleItem
from gui.canvas.placement import PaletteEntry
from gui.find_bar import zoom_to_ids
from gui.fragment import FRAGMENT_MIME
from gui.i18n import translate

if TYPE_CHECKING:
    from gui.main_window import MainWindow


class ContextMenus:
    """Builds and shows the canvas's context menus for one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.menu: QMenu | None = None
        """The menu shown last (kept until it closes)."""
        window.view.context_menu_requested.connect(self.show_at)

    # ---------------------------------------------------------------- showing
    def show_at(self, viewport_pos: QPoint, global_pos: QPoint) -> QMenu:
        """Open the menu for what is under ``viewport_pos`` at ``global_pos``."""
        menu = self.menu_at(self.window.view.mapToScene(viewport_pos))
        menu.aboutToHide.connect(menu.deleteLater)
        self.menu = menu
        menu.popup(global_pos)
        return menu

    def item_at(self, scene_pos: QPointF) -> ElementItem | BundleItem | None:
        """The top-most visible element or bundle under a point."""
        scene = self.window.scene
        for item in scene.items(scene_pos, Qt.ItemSelectionMode.IntersectsItemBoundingRect):
            if not item.isVisible():
                continue
            if isinstance(item, BundleItem) and item.shape().contains(
                    item.mapFromScene(scene_pos)):
                return item
            if isinstance(item, ElementItem) and item.scene_rect().contains(scene_pos):
                return item
        return None

    def menu_at(self, scene_pos: QPointF) -> QMenu:
        """The menu for what is under ``scene_pos`` (selecting it first when it is not
        selected). The caller shows it or triggers its entries."""
        item = self.item_at(scene_pos)
        if item is None:
            return self._canvas_menu(scene_pos)
        if not item.isSelected():
            self.window.scene.select_ids([item.element_id])
        if isinstance(item, BundleItem):
            return self._bundle_menu(item)
        return self._element_menu(item, scene_pos)

    # ------------------------------------------------------------------ menus
    def _new_menu(self) -> QMenu:
        menu = QMenu(self.window.view)
        menu.setObjectName("canvas-context-menu")
        return menu

    def _add(self, menu: QMenu, text: str, slot: Callable[[], object],
             enabled: bool = True) -> QAction:
        action = menu.addAction(text)
        action.triggered.connect(lambda _c=False: slot())
        action.setEnabled(enabled)
        return action

    def _canvas_menu(self, scene_pos: QPointF) -> QMenu:
        win = self.window
        menu = self._new_menu()
        self._add(menu, translate("ContextMenus", "&Paste Here"),
                  lambda: win.clipboard.paste_at(scene_pos),
                  clipboard_has_content())
        self._add(menu, translate("ContextMenus", "Add &Building Here"),
                  lambda: win.view.place_entry(
                      PaletteEntry("building", "", translate("Palette", "Building")), scene_pos))
        menu.addSeparator()
        menu.addAction(win.select_all_action)
        menu.addAction(win.arrange_buildings.action)
        menu.addAction(win.fit_action)
        return menu

    def _element_menu(self, item: ElementItem, scene_pos: QPointF) -> QMenu:
        win = self.window
        ids = win.scene.selected_ids()
        kinds = {win.document.design.kind_of(e) for e in ids}
        menu = self._new_menu()
        self._add(menu, translate("ContextMenus", "&Edit Properties…"),
                  self.edit_properties, len(ids) == 1)
        menu.addSeparator()
        menu.addAction(win.clipboard.cut_action)
        menu.addAction(win.clipboard.copy_action)
        if item.kind in ("building", "island"):
            self._add(menu, translate("ContextMenus", "&Paste into {name}").format(
                name=item.element.name),
                      lambda: win.clipboard.paste_at(scene_pos), clipboard_has_content())
        menu.addAction(win.duplicate_action)
        can_duplicate = bool(kinds & {"island", "rack_group"})
        # the window's own action, greyed only while this menu is open
        menu.aboutToShow.connect(lambda: win.duplicate_action.setEnabled(can_duplicate))
        menu.aboutToHide.connect(lambda: win.duplicate_action.setEnabled(True))
        menu.addAction(win.delete_action)
        if item.kind in ("building", "island") and len(ids) == 1:
            menu.addSeparator()
            self._add_inside(menu, item, scene_pos)
        if len(ids) >= 2:
            menu.addSeparator()
            align = menu.addMenu(translate("ContextMenus", "&Align"))
            for action in win.arrange.align_actions.values():
                align.addAction(action)
            align.addSeparator()
            align.addAction(win.arrange.distribute_h)
            align.addAction(win.arrange.distribute_v)
        self._what_if(menu, item.element_id)
        menu.addSeparator()
        self._add(menu, translate("ContextMenus", "&Zoom To"),
                  lambda: zoom_to_ids(win.view, win.scene.selected_ids()))
        self._add(menu, translate("ContextMenus", "Centre in &View"),
                  lambda: win.view.centre_on_element(item.element_id))
        return menu

    def _add_inside(self, menu: QMenu, item: ElementItem, scene_pos: QPointF) -> None:
        win = self.window
        catalog = win.catalog
        if item.kind == "building":
            self._add(menu, translate("ContextMenus", "Add &Island Here"),
                      lambda: win.view.place_entry(
                PaletteEntry("island", "", translate("Palette", "Computing island")), scene_pos))
            tiers = menu.addMenu(translate("ContextMenus", "Add Building &Tier (core)"))
        else:
            racks = menu.addMenu(translate("ContextMenus", "Add &Rack Group"))
            for rack in catalog.rack_types:
                self._add(racks, rack.name, partial(
                    win.view.place_entry, PaletteEntry("rack_group", rack.id, rack.name),
                    scene_pos))
            tiers = menu.addMenu(translate("ContextMenus", "Add Switch &Tier"))
        for switch in catalog.switches:
            self._add(tiers, f"{switch.name}  ({switch.radix} × {switch.port_speed_gbps:g}G)",
                      partial(win.view.place_entry,
                              PaletteEntry("tier", switch.id, switch.name), scene_pos))

    def _bundle_menu(self, item: BundleItem) -> QMenu:
        win = self.window
        bundle = item.element
        menu = self._new_menu()
        self._add(menu, translate("ContextMenus", "&Edit Properties…"), self.edit_properties,
                  len(win.scene.selected_ids()) == 1)
        self._add(menu, translate("ContextMenus", "Select &Ends"), lambda: win.scene.select_ids(
            [bundle.lower, bundle.upper]))
        menu.addSeparator()
        menu.addAction(win.delete_action)
        self._what_if(menu, bundle.id)
        menu.addSeparator()
        self._add(menu, translate("ContextMenus", "&Zoom To"),
                  lambda: zoom_to_ids(win.view, [bundle.id]))
        return menu

    def _what_if(self, menu: QMenu, element_id: str) -> None:
        """The what-if's entries (Fail…), when the window has a what-if."""
        whatif = getattr(self.window, "whatif", None)
        if whatif is not None:
            whatif.add_context_entries(menu, element_id)

    # ---------------------------------------------------------------- actions
    def edit_properties(self) -> None:
        """Show the inspector with the keyboard in its first field."""
        win = self.window
        dock = win.docks["inspector"]
        dock.show()
        dock.raise_()
        fields = list(win.inspector.fields.values())
        if not fields:
            return
        focusable = [w for w in fields[0].findChildren(QWidget)
                     if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisibleTo(dock)]
        target: QWidget = focusable[0] if focusable else fields[0]
        target.setFocus(Qt.FocusReason.PopupFocusReason)


def clipboard_has_content() -> bool:
    """True when the clipboard holds copied elements or text that may be some."""
    mime = QGuiApplication.clipboard().mimeData()
    return mime is not None and (mime.hasFormat(FRAGMENT_MIME) or mime.hasText())

