"""Copy, Cut and Paste through the system clipboard (Edit menu and context menus).

Copy puts the selection on the clipboard as a design fragment (:mod:`gui.fragment`)
twice: under :data:`~gui.fragment.FRAGMENT_MIME` and as plain text, so it pastes into
another Archipelago window and reads in a text editor. Paste reads it back through the
file format's checks and adds it in one undo step: beside the originals when they are in
the same place, at the pointer for "Paste Here". Cut is Copy and Delete in one undo step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QByteArray, QMimeData, QObject, QPointF, QRectF
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMessageBox

from gui.canvas.items.base import ElementItem
from gui.canvas.placement import free_spot
from gui.commands import (
    DesignCommand,
    MacroCommand,
    duplicate_command,
    move_command,
    remove_command,
)
from gui.fragment import (
    EMPTY_CLIPBOARD,
    FRAGMENT_MIME,
    TEXT_ON_CLIPBOARD,
    Fragment,
    FragmentError,
    container_of,
    fragment_text,
    paste_command,
    read_fragment,
)
from gui.i18n import error_message, translate
from gui.paste_room import free_inside, room_moves
from gui.words import count_of_kind
from model.elements import KIND_OF, Element, Island, RackGroup
from model.errors import DesignError, DesignFileError

if TYPE_CHECKING:
    from gui.main_window import MainWindow

PASTE_GAP = 30.0
"""Scene units between the originals and their pasted copies."""
NEW_SIZES: dict[str, tuple[float, float]] = {
    "building": (420.0, 260.0), "island": (240.0, 150.0), "rack_group": (184.0, 66.0),
    "tier": (224.0, 40.0)}
"""Sizes assumed for pasted elements not on this canvas (those of new elements)."""


class ClipboardActions(QObject):
    """Cut, Copy, Paste and Paste Here for one window. Cut and Copy are greyed while
    nothing is selected, Paste while the clipboard holds nothing (a QObject of the
    window's, so the application-wide clipboard stops calling it with the window)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.last_message: QMessageBox | None = None
        self.cut_action = window._action(
            "Edit", self.tr("Cu&t"), self.cut, shortcut=QKeySequence.StandardKey.Cut,
            tip=self.tr("Copy the selection to the clipboard and delete it"))
        self.copy_action = window._action(
            "Edit", self.tr("&Copy"), self.copy, shortcut=QKeySequence.StandardKey.Copy,
            tip=self.tr("Copy the selection (with what is inside it) to the clipboard"))
        self.paste_action = window._action(
            "Edit", self.tr("&Paste"), self.paste, shortcut=QKeySequence.StandardKey.Paste,
            tip=self.tr("Paste copied elements into the selected island or building"))
        window.scene.selectionChanged.connect(self.update_enabled)
        QGuiApplication.clipboard().dataChanged.connect(self.update_enabled)
        self.update_enabled()

    def update_enabled(self) -> None:
        """Grey what cannot be done now."""
        scene = self.window.scene
        if not shiboken6.isValid(scene):
            return  # the window is being taken down (its scene goes first)
        selected = bool(scene.selectedItems())
        self.copy_action.setEnabled(selected)
        self.cut_action.setEnabled(selected)
        mime = QGuiApplication.clipboard().mimeData()
        self.paste_action.setEnabled(mime is not None and (
            mime.hasFormat(FRAGMENT_MIME) or mime.hasText()))

    # ---------------------------------------------------------------- copy
    def copy(self) -> bool:
        """Put the selection on the clipboard; True when something was copied."""
        design = self.window.document.design
        ids = self.window.scene.selected_ids()
        text = fragment_text(design, ids)
        if text is None:
            self.window.show_status(self.tr("Select elements to copy (a bundle is copied "
                                            "with both elements it joins)"))
            return False
        mime = QMimeData()
        mime.setData(FRAGMENT_MIME, QByteArray(text.encode("utf-8")))
        mime.setText(text)
        QGuiApplication.clipboard().setMimeData(mime)
        self.window.show_status(self.tr("Copied {count}").format(count=_count(ids)))
        return True

    def cut(self) -> bool:
        """Copy, then delete the selection in one undo step; True when done."""
        ids = self.window.scene.selected_ids()
        if not self.copy():
            return False
        command = remove_command(self.window.document.design, ids)
        if command is None:
            return False
        command.setText(self.tr("Cut {count}").format(count=_count(ids)))
        return self.window.view.execute(command)

    # --------------------------------------------------------------- paste
    def clipboard_fragment(self) -> Fragment | None:
        """The fragment on the clipboard, or None after saying why there is none."""
        mime = QGuiApplication.clipboard().mimeData()
        raw: bytes | None = None
        if mime is not None and mime.hasFormat(FRAGMENT_MIME):
            raw = bytes(mime.data(FRAGMENT_MIME).data())
        elif mime is not None and mime.hasText():
            raw = mime.text().encode("utf-8", "surrogatepass")
        if not raw:
            self.window.show_status(self.tr("The clipboard holds nothing to paste"))
            return None
        try:
            return read_fragment(raw)
        except FragmentError as error:
            self._refuse(error_message(error))
        except DesignFileError as error:
            self._refuse(self.tr("The clipboard's elements cannot be pasted:\n{error}").format(
                error=error_message(error)))
        return None

    def paste(self) -> bool:
        """Paste into the selected island or building (else where the copies came
        from), beside anything already there. True when pasted."""
        fragment = self.clipboard_fragment()
        if fragment is None:
            return False
        building, island = self._targets_of_selection()
        return self._paste(fragment, building, island, None)

    def paste_at(self, scene_pos: QPointF) -> bool:
        """Paste with the copied elements' top-left at ``scene_pos``, into the island
        or building there. True when pasted."""
        fragment = self.clipboard_fragment()
        if fragment is None:
            return False
        scene = self.window.scene
        island = scene.element_at(scene_pos, ("island",))
        building = scene.element_at(scene_pos, ("building",))
        return self._paste(fragment, building.element_id if building else None,
                           island.element_id if island else None, scene_pos)

    def _paste(self, fragment: Fragment, building: str | None, island: str | None,
               at: QPointF | None) -> bool:
        design = self.window.document.design
        roots: list[Element] = [
            e for e in (fragment.design.element(r) for r in fragment.copied) if e]
        try:
            # a first pass learns each root's new container, then positions are chosen
            containers: dict[str, str | None] = {}

            def learn(root: Element, container: str | None) -> tuple[float, float]:
                containers[root.id] = container
                return (0.0, 0.0)

            paste_command(design, fragment, learn, building=building, island=island)
            spots = self._spots_beside(roots, containers)
            if at is not None:
                # at the pointer: what goes into the container under it (or onto the
                # campus); the rest keeps its place beside what is there
                here = {r.id: c for r, c in ((r, containers[r.id]) for r in roots)
                        if c is None or c in (building, island)}
                spots.update(self._spots_at([r for r in roots if r.id in here], here, at))
            pasted = paste_command(design, fragment, lambda root, _c: spots[root.id],
                                   building=building, island=island)
            command = self._with_room(pasted.command, roots, containers, spots)
        except DesignError as error:
            self.window.show_status(error_message(error))
            return False
        if not self.window.view.execute(command):
            return False
        self.window.scene.select_ids(pasted.roots)
        return True

    def duplicate_command(self, ids: list[str]) -> DesignCommand | None:
        """Ctrl+D: copies of the islands (with what is inside them) and rack groups among
        ``ids``, put where a paste beside the originals goes (free room in their
        container first, else right of what is there, the neighbours moved aside when
        the container grows), so a copy never lies over another card. None when none of
        ``ids`` can be duplicated."""
        design = self.window.document.design
        islands = {eid for eid in ids if design.kind_of(eid) == "island"}
        roots: list[Element] = []
        for eid in ids:
            element = design.element(eid)
            if isinstance(element, Island) or (
                    isinstance(element, RackGroup) and element.island not in islands):
                roots.append(element)
        if not roots:
            return None
        containers = {root.id: container_of(design, root) for root in roots}
        spots = self._spots_beside(roots, containers)
        offsets = {root.id: (spots[root.id][0] - float(getattr(root, "x", 0.0)),
                             spots[root.id][1] - float(getattr(root, "y", 0.0)))
                   for root in roots}
        command = duplicate_command(design, [root.id for root in roots], (0.0, 0.0),
                                    offsets)
        if command is None:
            return None
        return self._with_room(command, roots, containers, spots)

    def _with_room(self, command: DesignCommand, roots: list[Element],
                   containers: dict[str, str | None],
                   spots: dict[str, tuple[float, float]]) -> DesignCommand:
        """The paste, with the cards moved aside that the containers it grows would
        otherwise cover (:func:`gui.paste_room.room_moves`), in one undo step."""
        added: dict[str | None, list[QRectF]] = {}
        for root in roots:
            rect = self._local_rect(root)
            x, y = spots[root.id]
            added.setdefault(containers[root.id], []).append(
                QRectF(x, y, rect.width(), rect.height()))
        design = self.window.document.design
        moves = move_command(design, room_moves(self.window.scene, design, added))
        if moves is None:
            return command
        return MacroCommand(design, command.text(), [moves, command])

    def _targets_of_selection(self) -> tuple[str | None, str | None]:
        design = self.window.document.design
        for eid in self.window.scene.selected_ids():
            island = design.island_of(eid)
            building = design.building_of(eid)
            if island is not None or building is not None:
                return building, island
        return None, None

    def _spots_at(self, roots: list[Element], containers: dict[str, str | None],
                  at: QPointF) -> dict[str, tuple[float, float]]:
        """Positions putting each container's pasted group's top-left at ``at``."""
        spots: dict[str, tuple[float, float]] = {}
        for container in set(containers.values()):
            group = [r for r in roots if containers[r.id] == container]
            left = min(float(getattr(r, "x", 0.0)) for r in group)
            top = min(float(getattr(r, "y", 0.0)) for r in group)
            local = self._local(container, at)
            # at the pointer, or, over a card there, the nearest spot where it is not
            rects = [self._local_rect(r) for r in group]
            box = QRectF()
            for rect in rects:
                box = box.united(rect)
            item = self.window.scene.item_for(container) if container else None
            low = item.content_origin() if isinstance(item, ElementItem) else None
            occupied = self._occupied(container)
            at_pointer = box.translated(local.x() - box.left(), local.y() - box.top())
            if any(at_pointer.intersects(o) for o in occupied):
                local = free_spot(occupied, (box.width(), box.height()), local, low)
            for root in group:
                spots[root.id] = (round(local.x() + getattr(root, "x", 0.0) - left),
                                  round(local.y() + getattr(root, "y", 0.0) - top))
        return spots

    def _local(self, container: str | None, scene_pos: QPointF) -> QPointF:
        item = self.window.scene.item_for(container) if container else None
        if isinstance(item, ElementItem):
            low = item.content_origin()
            local = item.mapFromScene(scene_pos)
            return QPointF(max(local.x(), low.x()), max(local.y(), low.y()))
        return scene_pos

    def _spots_beside(self, roots: list[Element], containers: dict[str, str | None]
                      ) -> dict[str, tuple[float, float]]:
        """The copied positions, shifted right until no pasted element overlaps one
        already in its container: by the width of what is pasted, so a paste beside
        the originals sits just right of them."""
        spots: dict[str, tuple[float, float]] = {}
        for container in set(containers.values()):
            group = [r for r in roots if containers[r.id] == container]
            pasted = [self._local_rect(r) for r in group]
            box = QRectF()
            for rect in pasted:
                box = box.united(rect)
            if container is not None:
                # free room inside the container as it stands comes first: it grows
                # only when there is none
                room = free_inside(self.window.scene, self.window.document.design,
                                   container, pasted, box.topLeft() + QPointF(
                                       box.width() + PASTE_GAP, 0))
                if room is not None:
                    for root in group:
                        spots[root.id] = (round(float(getattr(root, "x", 0.0)) + room.x(), 1),
                                          round(float(getattr(root, "y", 0.0)) + room.y(), 1))
                    continue
            step = box.width() + PASTE_GAP
            occupied = self._occupied(container)
            shift = 0.0
            for _ in range(500):
                if not any(r.translated(shift, 0).intersects(o) for r in pasted
                           for o in occupied):
                    break
                shift += step
            for root in group:
                spots[root.id] = (round(float(getattr(root, "x", 0.0)) + shift, 1),
                                  float(getattr(root, "y", 0.0)))
        return spots

    def _local_rect(self, root: Element) -> QRectF:
        """Where a copied element would stand in its container: its position, and the
        size of the original when it is on this canvas, else a new element's size."""
        x, y = float(getattr(root, "x", 0.0)), float(getattr(root, "y", 0.0))
        item = self.window.scene.item_for(root.id)
        if isinstance(item, ElementItem) and self.window.document.design.element(root.id):
            return QRectF(x, y, item.rect().width(), item.rect().height())
        width, height = NEW_SIZES.get(KIND_OF.get(type(root), ""), (200.0, 60.0))
        return QRectF(x, y, width, height)

    def _occupied(self, container: str | None) -> list[QRectF]:
        """The rectangles of what stands in ``container`` (the campus for None), in
        its coordinates."""
        design = self.window.document.design
        found: list[QRectF] = []
        for element in design.all_elements():
            if not hasattr(element, "x") or container_of(design, element) != container:
                continue
            item = self.window.scene.item_for(element.id)
            if isinstance(item, ElementItem):
                found.append(item.rect().translated(item.pos()))
        return found

    def _refuse(self, message: str) -> None:
        """Say why nothing was pasted: in the status bar, and in a message box for a
        fragment that is damaged (not merely some other text)."""
        first = message.splitlines()[0]
        self.window.show_status(first)
        quiet = [text for english in (TEXT_ON_CLIPBOARD, EMPTY_CLIPBOARD)
                 for text in (english, translate("Fragment", english))]
        if any(message[:1].lower() + message[1:] == text[:1].lower() + text[1:]
               for text in quiet):
            return
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Cannot paste"), message,
                          QMessageBox.StandardButton.Ok, self.window)
        box.open()
        self.last_message = box


def _count(ids: list[str]) -> str:
    return count_of_kind("element", len(ids))



def release_process_clipboard() -> None:
    """Empty the clipboard when it lives only in this process (Qt's ``offscreen``
    platform, used headless and by the tests), before the application is taken down.

    Qt's offscreen clipboard keeps the copied data until the interpreter tears the
    application down, and freeing it then crashes the process (segmentation fault on
    exit, after everything else succeeded). Nothing is lost by emptying it: no other
    program can read that clipboard. On a real display the clipboard is left alone, so
    what the user copied stays available."""
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication) and app.platformName() == "offscreen":
        QGuiApplication.clipboard().clear()
