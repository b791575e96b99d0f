"""Jobs on the canvas: the islands hosting each job tinted in the job's colour, and for
the selected job the places whose link limits it outlined.

The marks are child items of the islands' (or buildings') own items, drawn over them and
ignoring the mouse; they are redrawn whenever the Jobs dock shows fresh figures or
another job is selected, and vanish with their element's item when the scene rebuilds.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from gui.canvas.scene import DesignScene
from gui.i18n import translate
from model.design import Design
from model.jobs.collectives import Boundary
from model.jobs.placement import JobError
from model.jobs.step_time import JobFigures

JOB_COLOURS = ("#4a78c2", "#d08a2e", "#4c9f70", "#7b5cc4", "#c44e52", "#2aa1a8")
"""A colour per job, in list order (repeating)."""

LIMIT_COLOUR = "#c0392b"


class JobsOverlay:
    """Tints of the jobs' islands and the outline of the selected job's limit."""

    def __init__(self, scene: DesignScene) -> None:
        self.scene = scene
        self.marks: list[QGraphicsRectItem] = []

    def clear(self) -> None:
        """Remove every mark still on the canvas."""
        for mark in self.marks:
            if shiboken6.isValid(mark) and mark.scene() is not None:
                mark.scene().removeItem(mark)
        self.marks = []

    def show(self, design: Design, results: dict[str, JobFigures | JobError],
             selected: str | None) -> None:
        """Mark the hosts of every placed job, and the limiting places of ``selected``."""
        self.clear()
        for k, job in enumerate(design.jobs):
            figures = results.get(job.id)
            if not isinstance(figures, JobFigures):
                continue
            colour = QColor(JOB_COLOURS[k % len(JOB_COLOURS)])
            colour.setAlpha(70)
            islands = dict.fromkeys(design.rack_groups[g].island for g in figures.rack_groups
                                    if g in design.rack_groups)
            for island in islands:
                self._mark(island, QBrush(colour), QPen(Qt.PenStyle.NoPen),
                           translate("JobsOverlay", "{job}: runs here").format(job=job.name))
            limiting = figures.limiting
            if job.id != selected or limiting is None:
                continue
            if limiting.bandwidth.limit in (Boundary.ISLANDS, Boundary.BUILDINGS):
                pen = QPen(QColor(LIMIT_COLOUR), 4, Qt.PenStyle.DashLine)
                for place in limiting.bandwidth.where.split(" ↔ "):
                    self._mark(place, QBrush(Qt.BrushStyle.NoBrush), pen,
                               translate("JobsOverlay", "{job}: limited by the links leaving "
                                         "here").format(job=job.name))

    def _mark(self, element_id: str, brush: QBrush, pen: QPen, tip: str) -> None:
        item = self.scene.item_for(element_id)
        if item is None:
            return
        mark = QGraphicsRectItem(item.boundingRect(), item)
        mark.setBrush(brush)
        mark.setPen(pen)
        mark.setZValue(1000)
        mark.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        mark.setAcceptHoverEvents(False)
        mark.setToolTip(tip)
        self.marks.append(mark)
