"""The palette: buildings, islands, rack groups (by catalog rack type) and switch tiers
(by catalog switch model) to drag onto the canvas, or to double-click and then click
where they go."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMimeData, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from gui.canvas.placement import MIME_TYPE, PaletteEntry
from gui.i18n import current_language
from model.part_names import part_name, rack_type_name
from model.parts import Catalog

ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1


class _WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their text wrapped to the palette's width (Qt's own size hint
    does not know the width, so a wrapped second line would be cut off)."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
                 ) -> QSize:
        hint = super().sizeHint(option, index)
        view = self.parent()
        if not isinstance(view, QTreeWidget):
            return hint
        depth, parent = 1, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        width = max(40, view.viewport().width() - depth * view.indentation() - 8)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        font = index.data(Qt.ItemDataRole.FontRole)
        metrics = QFontMetrics(font if isinstance(font, QFont) else view.font())
        box = metrics.boundingRect(QRect(0, 0, width, 10_000),
                                   int(Qt.TextFlag.TextWordWrap), text)
        return QSize(hint.width(), max(hint.height(), box.height() + 4))


class Palette(QTreeWidget):
    """Drag source of :class:`PaletteEntry` items."""

    entry_activated = Signal(object)
    """A PaletteEntry chosen by double-click or Enter (to place by clicking)."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderHidden(True)
        self.setDragEnabled(True)
        self.setDragDropMode(QTreeWidget.DragDropMode.DragOnly)
        self.setRootIsDecorated(True)
        self.setIndentation(14)
        # long part names wrap onto a second line rather than being cut off
        self.setUniformRowHeights(False)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setItemDelegate(_WrappingDelegate(self))
        self.itemActivated.connect(self._activated)
        self.set_catalog(catalog)

    def set_catalog(self, catalog: Catalog) -> None:
        """Offer the rack types and switch models of ``catalog``."""
        self.clear()
        structure = self._section(self.tr("Structure"))
        self._entry(structure, PaletteEntry("building", "", self.tr("Building")),
                    self.tr("A building: holds islands and building-level tiers; has a power "
                            "capacity and PUE"))
        self._entry(structure, PaletteEntry("island", "", self.tr("Computing island")),
                    self.tr("A computing island (pod): drop it on a building"))
        lang = current_language()
        racks = self._section(self.tr("Rack groups"))
        for rack in catalog.rack_types:
            server = catalog.server(rack.server)
            detail = (f"{rack.servers_per_rack} × {part_name(server.name, lang)}" if server
                      else rack.server)
            name = rack_type_name(rack.name, lang)
            self._entry(racks, PaletteEntry("rack_group", rack.id, name),
                        self.tr("{name}\n{detail}, {budget} kW budget\nDrop it on an island"
                                ).format(name=name, detail=detail,
                                         budget=f"{rack.power_budget_kw:g}"))
        switches = self._section(self.tr("Switch tiers"))
        for switch in catalog.switches:
            name = part_name(switch.name, lang)
            self._entry(switches, PaletteEntry("tier", switch.id, name),
                        self.tr("{name}\n{radix} ports × {speed}G\nDrop it on an island "
                                "(island tier) or a building (building tier)").format(
                            name=name, radix=switch.radix,
                            speed=f"{switch.port_speed_gbps:g}"))
        self.expandAll()

    def _section(self, title: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(self, [title])
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        font = item.font(0)
        font.setBold(True)
        item.setFont(0, font)
        return item

    def _entry(self, section: QTreeWidgetItem, entry: PaletteEntry, tip: str) -> None:
        item = QTreeWidgetItem(section, [entry.label])
        item.setData(0, ENTRY_ROLE, entry)
        item.setToolTip(0, tip)
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                      | Qt.ItemFlag.ItemIsDragEnabled)

    def entries(self) -> list[PaletteEntry]:
        """Every entry offered, in order."""
        found: list[PaletteEntry] = []
        for i in range(self.topLevelItemCount()):
            section = self.topLevelItem(i)
            if section is None:
                continue
            for j in range(section.childCount()):
                child = section.child(j)
                entry = child.data(0, ENTRY_ROLE) if child is not None else None
                if isinstance(entry, PaletteEntry):
                    found.append(entry)
        return found

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.scheduleDelayedItemsLayout()  # rows re-wrap to the new width

    def mimeTypes(self) -> list[str]:
        return [MIME_TYPE]

    def mimeData(self, items: Sequence[QTreeWidgetItem]) -> QMimeData:
        mime = QMimeData()
        for item in items:
            entry = item.data(0, ENTRY_ROLE)
            if isinstance(entry, PaletteEntry):
                mime.setData(MIME_TYPE, entry.encode())
                mime.setText(entry.label)
                break
        return mime

    def _activated(self, item: QTreeWidgetItem, _column: int) -> None:
        entry = item.data(0, ENTRY_ROLE)
        if isinstance(entry, PaletteEntry):
            self.entry_activated.emit(entry)
