"""Exports from the File menu, off the GUI thread.

An export is split in two. What needs the canvas's ``QGraphicsScene`` (which lives on
the GUI thread only) runs there in short steps: :func:`export_steps` gives a generator
that builds a scene of a snapshot of the design a few hundred elements a step, yields to
the event loop while the scene routes its connectors in its own slices, and paints a few
items a step (:mod:`gui.canvas.slicing`: the PNG into an image, the SVG into memory, the
PDF's canvas recorded as a ``QPicture``). What it returns is the rest,
the heavy part: a function that writes the file (encodes the PNG, makes the SVG
well-formed with centred labels, lays out the report's tables around the recorded
canvas, writes the JSON, CSV, GraphML or workbook) from the snapshot alone.
:class:`ExportRunner` runs that function on a worker of its own ``QThreadPool`` and
reports the outcome on the GUI thread.

The worker sees only copies: a copy of the design taken when the export started, the
figures the metrics dock already has (:class:`~model.metrics.results.DesignMetrics` is
frozen) and the painted image or recorded picture, never touched on the GUI thread
again. Edits made while the file is written do not reach it. Files are written
atomically (:func:`model.reports.atomic.atomic_path`): a failed or interrupted export
leaves any file at the path as it was. One export runs at a time.

The command line (``python main.py export``) does not come here: it writes
synchronously through :mod:`gui.export`.
"""

from __future__ import annotations

import gc
import itertools
import time
from collections.abc import Callable, Generator
from functools import partial
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QIODevice,
    QObject,
    QRectF,
    QRunnable,
    QSize,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar

from gui.canvas.picture import built_in_steps
from gui.canvas.picture_scene import PictureScene
from gui.canvas.scene import DesignScene, detail_at
from gui.canvas.slicing import painted_in_slices
from gui.i18n import translate
from model.design import Design
from model.metrics.results import DesignMetrics
from model.reports.atomic import ExportError, atomic_path
from model.reports.xml_text import xml_safe

Write = Callable[[], None]
"""The off-thread part of an export: writes the file, raises on failure."""
Steps = Generator[None, None, Write]
"""The GUI-thread part: each ``next`` is one short step; the generator returns the
:data:`Write`."""

POLL_MS = 2
"""How often the steps look again while the scene routes its connectors."""
STUCK_POLLS = 50
"""Polls without the scene routing a connector after which the steps route the rest
themselves (the scene's own routing timer should never stop with work left)."""


def export_steps(kind: str, design: Design, metrics: DesignMetrics | None, path: Path, *,
                 lang: str, width: int | None = None, dpi: float | None = None,
                 source: QRectF | None = None) -> Steps:
    """The steps of an export of ``kind`` (a key of ``gui.export.kinds.EXPORTS``) of
    ``design`` (a snapshot nobody else changes) with ``metrics`` (None only for the
    pictures) to ``path``; ``width``, ``dpi`` and ``source`` are the PNG's options,
    ``lang`` the PDF's and the workbook's language."""
    if kind == "png":
        return _png_steps(design, metrics, path, width, dpi, source)
    if kind == "svg":
        return _svg_steps(design, metrics, path)
    if metrics is None:
        raise ValueError("only the pictures are exported without figures")
    if kind == "pdf":
        return _pdf_steps(design, metrics, path, lang)
    def write() -> None:
        from model.reports.writers import write_pure_export  # networkx: not on the GUI thread

        write_pure_export(kind, design, metrics, path, lang=lang)

    return _at_once(write)


def _at_once(write: Write) -> Steps:
    """No GUI-thread part: the whole export is the write."""
    return write
    yield  # a generator


def _routed(scene: DesignScene) -> Generator[None, None, None]:
    """Yield to the event loop until the scene has routed every connector and placed
    every label, in the slices its own timer runs (each a few milliseconds)."""
    stuck = 0
    left = scene.routing_pending()
    while left:
        yield
        now = scene.routing_pending()
        stuck = stuck + 1 if now >= left else 0
        left = now
        if stuck > STUCK_POLLS:
            scene.finish_routing()
            return


def _scene(design: Design, metrics: DesignMetrics | None, scene: list[PictureScene]
           ) -> Generator[None, None, PictureScene]:
    """Build the export's scene in steps (:func:`~gui.canvas.picture.built_in_steps`):
    its cards (its bundles are made by :func:`_detail_set`); it is put in ``scene``
    first, for the caller to dispose of whatever happens."""
    made = PictureScene(design, metrics=metrics, built=False)
    scene.append(made)
    yield from built_in_steps(made)
    return made


def _detail_set(scene: PictureScene, detail: bool) -> Generator[None, None, None]:
    """Set the picture's level of detail, its bundles made first in steps (wires when
    zoomed out, else items: :meth:`PictureScene.bundles_in_steps`)."""
    yield from scene.bundles_in_steps(detail)
    scene.set_detail(detail)


def _painter_ready(painter: QPainter, scene: DesignScene, target: QRectF) -> None:
    """What :func:`gui.export.render._paint` does before the scene is rendered."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.fillRect(target, QColor(scene.theme.canvas))


def _png_steps(design: Design, metrics: DesignMetrics | None, path: Path,
               width: int | None, dpi: float | None, source: QRectF | None) -> Steps:
    made: list[PictureScene] = []
    try:
        scene = yield from _scene(design, metrics, made)
        image = yield from _png_image(scene, path, width, dpi, source)
    finally:
        for scene in made:
            _dispose(scene)
    return partial(_save_png, image, path)


def _png_image(scene: PictureScene, path: Path, width: int | None, dpi: float | None,
               source: QRectF | None) -> Generator[None, None, QImage]:
    from gui.export.render import _whole_area, picture_size

    area = QRectF(source) if source is not None else _whole_area(scene, width, dpi)
    w, h = picture_size(area, width, dpi)
    scale = min(w / area.width(), h / area.height())
    # what the canvas shows at the picture's zoom (render._choose_detail)
    yield from _detail_set(scene, detail_at(scale))
    scene.set_view_scale(scale)  # as painting will: routing and labels at this zoom
    yield from _routed(scene)
    image = QImage(w, h, QImage.Format.Format_RGB32)  # opaque: the canvas is filled
    if image.isNull():
        raise ExportError(translate("Export", "not enough memory for a {width} × {height} "
                                    "picture").format(width=w, height=h), path)
    image.fill(QColor(scene.theme.canvas))  # as render_png's fillRect: the same pixels
    if dpi is not None:
        dots_per_metre = round(dpi / 0.0254)
        image.setDotsPerMeterX(dots_per_metre)
        image.setDotsPerMeterY(dots_per_metre)
    yield  # a 1920-pixel canvas takes about 10 ms to fill
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        yield from painted_in_slices(scene, painter, QRectF(0, 0, w, h), area)
    finally:
        painter.end()
    return image


def _dispose(scene: DesignScene) -> None:
    """Destroy the export's scene now, on the GUI thread: left to Python, its reference
    cycles could be collected on any thread."""
    from shiboken6 import delete

    delete(scene)


def _save_png(image: QImage, path: Path) -> None:
    from gui.export.png import write_png

    with atomic_path(path, suffix=".png") as temporary:
        write_png(image, temporary)  # an OSError is described by atomic_path


def _svg_steps(design: Design, metrics: DesignMetrics | None, path: Path) -> Steps:
    from gui.export.render import SCREEN_DPI

    made: list[PictureScene] = []
    try:
        scene = yield from _scene(design, metrics, made)
        yield from _detail_set(scene, detail_at(1.0))  # one canvas unit an SVG unit
        scene.set_view_scale(1.0)
        area = scene.content_rect()
        size = (max(1, round(area.width())), max(1, round(area.height())))
        yield from _routed(scene)
        # drawn straight into the SVG generator (the labels know it is an SVG), in
        # memory: the file is made and written on the worker
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setSize(QSize(*size))
        generator.setViewBox(QRectF(0, 0, *size))
        generator.setResolution(int(SCREEN_DPI))
        generator.setTitle(xml_safe(design.name) or "Archipelago design")
        generator.setDescription("Drawn by Archipelago")
        labels = scene.label_layer.svg_centred
        labels.clear()
        painter = QPainter()
        if not painter.begin(generator):
            raise ExportError(translate(
                "Export", "the SVG file could not be opened for writing"), path)
        try:
            _painter_ready(painter, scene, QRectF(0, 0, *size))
            yield from painted_in_slices(scene, painter, QRectF(0, 0, *size), area)
        finally:
            painter.end()
        drawn, centred = bytes(buffer.data().data()), list(labels)
        labels.clear()
    finally:
        for scene in made:
            _dispose(scene)
    return partial(_write_svg, drawn, centred, path)


def _write_svg(drawn: bytes, centred: list[tuple[str, float, float]], path: Path) -> None:
    """Make the SVG Qt drew well-formed XML with centred labels (as
    :func:`gui.export.render.render_svg` does) and write it."""
    from gui.export.render import centre_svg_labels

    if not drawn:
        raise ExportError(translate(
            "Export", "the SVG could not be written (is the disk full?)"), path)
    text = centre_svg_labels(xml_safe(drawn.decode("utf-8", errors="replace")), centred)
    with atomic_path(path, suffix=".svg") as temporary, open(temporary, "wb") as stream:
        stream.write(text.encode("utf-8"))


def _pdf_steps(design: Design, metrics: DesignMetrics, path: Path, lang: str) -> Steps:
    from gui.export.pdf import write_pdf_report
    from gui.export.pdf_canvas import canvas_layout, canvas_recorded

    made: list[PictureScene] = []
    try:
        scene = yield from _scene(design, metrics, made)
        yield from _detail_set(scene, True)
        inner, source, height = canvas_layout(scene)
        # as painting will: routing and labels at this zoom
        scene.set_view_scale(min(inner.width() / source.width(),
                                 inner.height() / source.height()))
        yield from _routed(scene)
        canvas = yield from canvas_recorded(scene, inner, source, height)
    finally:
        for scene in made:
            _dispose(scene)

    def write() -> None:
        write_pdf_report(design, metrics, path, canvas=canvas, lang=lang)

    return write


class _Signals(QObject):
    done = Signal(int)


class _Job(QRunnable):
    """Runs a :data:`Write` on a worker; keeps what went wrong for the GUI thread."""

    def __init__(self, number: int, write: Write, signals: _Signals) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.number = number
        self.write = write
        self.signals = signals
        self.error: BaseException | None = None
        self.finished = False

    def run(self) -> None:
        try:
            self.write()
        except Exception as error:  # reported on the GUI thread
            self.error = error
        self.write = _nothing  # the snapshot goes as soon as it is written
        self.finished = True
        self.signals.done.emit(self.number)


def _nothing() -> None:
    return None


class ExportRunner(QObject):
    """Runs one export at a time: its steps on the GUI thread, one per turn of the
    event loop, then its write on a worker. ``finished`` says how it ended: the path,
    and None or the exception raised (on either thread)."""

    finished = Signal(str, object)

    def __init__(self, parent: QObject | None = None,
                 status_bar: QStatusBar | None = None) -> None:
        super().__init__(parent)
        self._label: QLabel | None = None
        self._bar: QProgressBar | None = None
        if status_bar is not None:  # while an export runs: its file and a busy bar
            self._label = QLabel(status_bar)
            self._bar = QProgressBar(status_bar)
            self._bar.setRange(0, 0)  # busy: how long a write takes is not known
            self._bar.setMaximumSize(120, 14)
            status_bar.addPermanentWidget(self._label)
            status_bar.addPermanentWidget(self._bar)
            self._show(None)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals(self)
        self._signals.done.connect(self._written)
        self._numbers = itertools.count(1)
        self._collector_was_on = False
        self._number = 0
        self._path: Path | None = None
        self._steps: Steps | None = None
        self._job: _Job | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._step)
        self.gui_thread_s = 0.0
        """CPU time the last export's steps took on the GUI thread (seconds)."""
        self.longest_step_s = 0.0
        """The longest of its steps (CPU seconds): what the event loop waited."""

    def _show(self, path: Path | None) -> None:
        if self._label is not None and self._bar is not None:
            self._label.setText("" if path is None else translate(
                "FileActions", "Exporting {file}…").format(file=path.name))
            self._label.setVisible(path is not None)
            self._bar.setVisible(path is not None)

    def busy(self) -> Path | None:
        """The file an export is writing now, or None."""
        return self._path

    def start(self, path: Path, steps: Steps) -> None:
        """Run ``steps`` (see :func:`export_steps`) writing ``path``."""
        if self._path is not None:
            raise RuntimeError("an export is already running")
        self._number = next(self._numbers)
        self._path = path
        self._steps = steps
        self.gui_thread_s = self.longest_step_s = 0.0
        self._show(path)
        self._timer.start(0)

    def _step(self, poll: bool = True) -> bool:
        """One step; True when the steps are over (the write started or it failed)."""
        steps = self._steps
        if steps is None:
            return True
        begun = time.thread_time()
        try:
            next(steps)
        except StopIteration as stop:
            self._steps = None
            self._job = _Job(self._number, stop.value, self._signals)
            self._collector_was_on = gc.isenabled()
            gc.disable()  # see _collector_back
            self._pool.start(self._job)
            return True
        except Exception as error:  # the scene or the painting refused
            self._steps = None
            self._end(error)
            return True
        finally:
            took = time.thread_time() - begun
            self.gui_thread_s += took
            self.longest_step_s = max(self.longest_step_s, took)
        if poll:
            self._timer.start(POLL_MS)
        return False

    def _written(self, number: int) -> None:
        job = self._job
        if job is None or number != self._number or not job.finished:
            return  # already reported by wait()
        self._end(job.error)

    def _collector_back(self) -> None:
        """Python's cycle collector is off while a file is written, and comes back here,
        on the GUI thread. Off: a GraphML of the 100K example makes millions of objects
        and each full pass walks them all holding the interpreter lock (measured: the GUI
        thread's heartbeat stopped 400-500 ms at a time, none with the collector off).
        Back on the GUI thread: a pass run on the worker could free a Qt object of the
        GUI's (a scene's reference cycle, say) there, which Qt does not allow (seen:
        a crash). The young generations are collected at once, one at a time."""
        if self._collector_was_on:
            self._collector_was_on = False
            gc.enable()
            gc.collect(0)
            gc.collect(1)

    def _end(self, error: BaseException | None) -> None:
        self._collector_back()
        path, self._path, self._job = self._path, None, None
        self._show(None)
        if path is not None:
            self.finished.emit(str(path), error)

    def wait(self) -> None:
        """Finish the export in progress now, on this thread (the window closes or the
        application quits): the remaining steps run at once and the write is waited
        for, so the file is complete; ``finished`` is emitted before returning."""
        self._timer.stop()
        while not self._step(poll=False):
            pass
        self._pool.waitForDone()
        job = self._job
        if job is not None and job.finished:
            self._end(job.error)
