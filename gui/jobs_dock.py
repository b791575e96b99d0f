"""The Jobs dock: define training jobs on the campus and see, for each, its step time,
days to train, achieved MFU, the link that limits it and a bar of where the step goes.

Editing a job is one undoable :class:`SetJobs` command (the design's ``set_jobs``
operation). The figures follow every edit: when the metrics runner delivers fresh
figures for the design, the dock plans its jobs (:func:`model.jobs.step_time.plan_jobs`)
on a worker thread, on a copy of the design, and shows the result only if the design
has not changed meanwhile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRectF, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.commands import DesignCommand
from gui.document import DesignDocument
from gui.i18n import QT_TRANSLATE_NOOP, current_language, error_message, translate
from gui.job_shape_form import CountBox, FigureBox, ModelShapeForm, in_form_words
from model.design import Design
from model.errors import DesignError
from model.jobs.job import CUSTOM, Job, RankOrder
from model.jobs.placement import JobError
from model.jobs.presets import PRESETS
from model.jobs.step_time import (
    AXIS_WORDS,
    JobFigures,
    core_words,
    limiting_link_words,
    plan_jobs,
)
from model.metrics.results import DesignMetrics

if TYPE_CHECKING:
    from gui.jobs_overlay import JobsOverlay
    from gui.main_window import MainWindow

PART_COLOURS = {"compute": "#4c9f70", "bubble": "#b0b0b0", "TP": "#4a78c2",
                "CP": "#7b5cc4", "PP": "#d08a2e", "DP": "#c44e52", "EP": "#2aa1a8"}
"""Colour of each part of the step bar."""

RANK_ORDER_WORDS = {
    RankOrder.TP_CP_PP_DP: QT_TRANSLATE_NOOP("JobsDock", "TP, CP, PP, DP (DP outermost)"),
    RankOrder.TP_CP_DP_PP: QT_TRANSLATE_NOOP("JobsDock", "TP, CP, DP, PP (PP outermost)"),
    RankOrder.TP_PP_CP_DP: QT_TRANSLATE_NOOP("JobsDock", "TP, PP, CP, DP (DP outermost)"),
    RankOrder.TP_DP_CP_PP: QT_TRANSLATE_NOOP("JobsDock", "TP, DP, CP, PP (PP outermost)"),
}
"""Each rank order in words, fastest-varying axis first (English: :func:`translate`
them where shown)."""


class SetJobs(DesignCommand):
    """Replace the design's jobs; undo puts the old list back."""

    def __init__(self, design: Design, jobs: tuple[Job, ...], text: str) -> None:
        super().__init__(design, text)
        self.jobs = jobs
        self._before: tuple[Job, ...] = ()

    def _apply(self) -> None:
        self._before = self.design.set_jobs(self.jobs)

    def _revert(self) -> None:
        self.design.set_jobs(self._before)


PART_WORDS = {"compute": QT_TRANSLATE_NOOP("JobsDock", "compute"),
              "bubble": QT_TRANSLATE_NOOP("JobsDock", "bubble")}
"""The step's parts that are words (the parallelism axes TP, PP … are written as such)."""


def part_word(part: str) -> str:
    """A part of the training step as the bar and its tooltip name it."""
    word = PART_WORDS.get(part)
    return translate("JobsDock", word) if word else part


class StepBar(QWidget):
    """A horizontal bar: each part of the step (compute, bubble, exposed TP, …) as a
    segment in proportion to its seconds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.parts: dict[str, float] = {}
        self.setMinimumHeight(22)

    def set_parts(self, parts: dict[str, float]) -> None:
        """Show these parts (name → seconds); zero parts are left out."""
        self.parts = {k: v for k, v in parts.items() if v > 0}
        total = sum(self.parts.values())
        self.setToolTip("\n".join(f"{part_word(k)}: {v:.2f} s ({v / total:.0%})"
                                  for k, v in self.parts.items()) if total else "")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        total = sum(self.parts.values())
        painter = QPainter(self)
        x = 0.0
        width = self.width()
        for name, seconds in self.parts.items():
            w = width * seconds / total if total else 0.0
            rect = QRectF(x, 0, w, self.height())
            painter.fillRect(rect, QColor(PART_COLOURS.get(name, "#888888")))
            if w > 40:
                painter.setPen(QColor("white"))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, part_word(name))
            x += w
        painter.end()


class _Signals(QObject):
    done = Signal(int, object)
    """design revision, job id → JobFigures or JobError."""


class _PlanTask(QRunnable):
    def __init__(self, design: Design, metrics: DesignMetrics, revision: int,
                 signals: _Signals) -> None:
        super().__init__()
        self.design, self.metrics, self.revision, self.signals = (design, metrics, revision,
                                                                  signals)
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            results: object = plan_jobs(self.design, self.metrics)
        except Exception as error:  # any failure is shown, never raised
            results = f"{type(error).__name__}: {error}"
        self.signals.done.emit(self.revision, results)


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = CountBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setMinimumWidth(40)
    box.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    return box


class JobsDock(QWidget):
    """Define jobs and read their figures."""

    figures_shown = Signal()
    """Fresh job figures are on screen."""

    def __init__(self, document: DesignDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.results: dict[str, JobFigures | JobError] = {}
        self._metrics: DesignMetrics | None = None
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._on_planned)
        self._pending = False
        self._running = False
        self.overlay: JobsOverlay | None = None
        """The canvas marks of the jobs (set by :func:`attach_jobs_dock`)."""

        self.jobs = QListWidget()
        self.add_button = QPushButton(self.tr("Add job"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.name = QLineEdit()
        self.model = QComboBox()
        for preset in PRESETS.values():
            self.model.addItem(preset.name, preset.id)
        self.model.addItem(self.tr("Custom model"), CUSTOM)
        self.shape_form = ModelShapeForm()
        self.micro_batch = _spin(1, 10_000_000, 1)
        self.micro_batch.setToolTip(self.tr("Sequences per microbatch; DP × micro batch "
                                            "divides the global batch"))
        self.rank_order = QComboBox()
        for order, words in RANK_ORDER_WORDS.items():
            self.rank_order.addItem(translate("JobsDock", words), order.value)
        self.rank_order.setToolTip(self.tr("How ranks are laid on consecutive accelerators, "
                                           "fastest-varying first"))
        self.rank_order.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.rank_order.setMinimumContentsLength(8)
        self.tokens = FigureBox()  # "15,000 B tokens", not "15000.0 B tokens"
        self.tokens.setRange(0.001, 100_000)
        self.tokens.setDecimals(1)
        self.tokens.setSuffix(self.tr(" B tokens"))
        self.global_batch = _spin(1, 10_000_000, 1024)
        self.sequence = _spin(1, 10_000_000, 8192)
        self.degrees = {axis: _spin(1, 1_000_000, 1) for axis in ("tp", "pp", "dp", "cp", "ep")}
        self.mfu = FigureBox()
        self.mfu.setRange(1, 100)
        self.mfu.setSuffix(self.tr(" % MFU"))
        self.virtual_stages = _spin(1, 10_000, 1)
        self.fp8 = QCheckBox("FP8")
        self.recompute = QCheckBox(self.tr("Recompute"))
        self.hosts = QLineEdit()
        self.hosts.setPlaceholderText(self.tr("islands, buildings or rack groups (empty: campus)"))
        self.apply_button = QPushButton(self.tr("Apply"))
        self.error = QLabel("")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c0392b")
        self.summary = QLabel(self.tr("No job selected."))
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setMinimumWidth(100)
        self.model.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.model.setMinimumContentsLength(8)
        for wide in (self.name, self.model, self.tokens, self.global_batch, self.sequence,
                     self.mfu, self.hosts, self.rank_order):
            wide.setMinimumWidth(60)
            wide.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.bar = StepBar()

        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        form = QFormLayout()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Model"), self.model)
        form.addRow(self.shape_form)
        form.addRow(self.tr("Tokens"), self.tokens)
        form.addRow(self.tr("Global batch"), self.global_batch)
        form.addRow(self.tr("Micro batch"), self.micro_batch)
        form.addRow(self.tr("Sequence"), self.sequence)
        for axes in (("tp", "pp"), ("dp", "cp"), ("ep",)):
            row = QHBoxLayout()
            for axis in axes:
                row.addWidget(QLabel(AXIS_WORDS[axis]))
                row.addWidget(self.degrees[axis], 1)
            if len(axes) == 1:
                row.addStretch(1)
            form.addRow(self.tr("Parallel") if axes[0] == "tp" else "", row)
        form.addRow(self.tr("Compute"), self.mfu)
        self.virtual_stages.setToolTip(
            self.tr("Model chunks per pipeline stage (interleaved 1F1B)"))
        form.addRow(self.tr("Interleave"), self.virtual_stages)
        form.addRow("", self.fp8)
        form.addRow("", self.recompute)
        form.addRow(self.tr("Rank order"), self.rank_order)
        form.addRow(self.tr("Hosts"), self.hosts)
        inner = QWidget()
        layout = QVBoxLayout(inner)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(inner)
        self.form_scroll = scroll
        """The dock's scrolled form (it scrolls when the panel is short)."""
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self.jobs.setMinimumHeight(60)
        layout.addWidget(self.jobs, 1)
        layout.addLayout(buttons)
        layout.addLayout(form)
        layout.addWidget(self.apply_button)
        layout.addWidget(self.error)
        layout.addWidget(self.bar)
        layout.addWidget(self.summary, 2)

        self.add_button.clicked.connect(self.add_job)
        self.remove_button.clicked.connect(self.remove_job)
        self.apply_button.clicked.connect(self.apply_form)
        self.jobs.currentRowChanged.connect(lambda _row: self._show_selected())
        self.model.currentIndexChanged.connect(lambda _index: self._model_chosen())
        document.changed.connect(self._design_changed)
        self._refresh_list()

    # ------------------------------------------------------------- editing
    @property
    def design(self) -> Design:
        """The design being edited."""
        return self.document.design

    def selected_job(self) -> Job | None:
        """The job selected in the list, or None."""
        row = self.jobs.currentRow()
        jobs = self.design.jobs
        return jobs[row] if 0 <= row < len(jobs) else None

    def add_job(self) -> None:
        """Add a Llama 3 8B job on one scale-up domain (8 accelerators), to be edited."""
        taken = {job.id for job in self.design.jobs}
        number = next(n for n in range(1, len(taken) + 2) if f"job-{n}" not in taken)
        preset = PRESETS["llama3-8b"]
        job = Job(id=f"job-{number}", name=f"{preset.name} #{number}", model=preset.id,
                  tokens=preset.tokens, global_batch=preset.global_batch,
                  sequence_length=preset.sequence_length, tp=8)
        self._execute((*self.design.jobs, job),
                      self.tr("Add job {name}").format(name=repr(job.name)))
        self.jobs.setCurrentRow(len(self.design.jobs) - 1)

    def remove_job(self) -> None:
        """Remove the selected job."""
        job = self.selected_job()
        if job is not None:
            self._execute(tuple(j for j in self.design.jobs if j.id != job.id),
                          self.tr("Remove job {name}").format(name=repr(job.name)))

    def form_fields(self) -> dict[str, Any]:
        """The selected job's fields as the form shows them."""
        job = self.selected_job()
        assert job is not None
        fields = job.model_dump()
        preset = str(self.model.currentData())
        custom = (self.shape_form.shape_fields(self.sequence.value())
                  if preset == CUSTOM else None)
        fields.update(
            name=self.name.text().strip(), model=preset, custom_model=custom,
            micro_batch=self.micro_batch.value(),
            rank_order=str(self.rank_order.currentData()),
            tokens=self.tokens.value() * 1e9, global_batch=self.global_batch.value(),
            sequence_length=self.sequence.value(), mfu=self.mfu.value() / 100,
            virtual_stages=self.virtual_stages.value(), recompute=self.recompute.isChecked(),
            precision="fp8" if self.fp8.isChecked() else "bf16",
            hosts=tuple(h.strip() for h in self.hosts.text().split(",") if h.strip()),
            **{axis: box.value() for axis, box in self.degrees.items()})
        return fields

    def apply_form(self) -> bool:
        """Apply the form to the selected job as one undoable edit; a refusal is shown
        under the form and changes nothing. Returns True when applied."""
        job = self.selected_job()
        if job is None:
            return False
        from model.jobs.search import make_job

        try:
            new = make_job(**self.form_fields())
        except JobError as error:
            self.error.setText(in_form_words(error_message(error)))
            return False
        jobs = tuple(new if j.id == job.id else j for j in self.design.jobs)
        return self._execute(jobs, self.tr("Change job {name}").format(name=repr(new.name)))

    def _execute(self, jobs: tuple[Job, ...], text: str) -> bool:
        try:
            self.document.execute(SetJobs(self.design, jobs, text))
        except DesignError as error:
            self.error.setText(error_message(error))
            return False
        self.error.setText("")
        return True

    # ----------------------------------------------------------- following
    def _design_changed(self) -> None:
        if [self.jobs.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.jobs.count())] != [j.id for j in self.design.jobs]:
            self._refresh_list()
        else:
            self._show_selected()

    def _refresh_list(self) -> None:
        row = max(self.jobs.currentRow(), 0)
        self.jobs.blockSignals(True)
        self.jobs.clear()
        for job in self.design.jobs:
            self.jobs.addItem(job.name)
            self.jobs.item(self.jobs.count() - 1).setData(Qt.ItemDataRole.UserRole, job.id)
        self.jobs.setCurrentRow(min(row, self.jobs.count() - 1))
        self.jobs.blockSignals(False)
        self._show_selected()

    def _show_selected(self) -> None:
        job = self.selected_job()
        editing = job is not None
        for widget in (self.name, self.model, self.tokens, self.global_batch, self.sequence,
                       self.mfu, self.hosts, self.apply_button, self.remove_button,
                       self.virtual_stages, self.fp8, self.recompute, self.micro_batch,
                       self.rank_order, self.shape_form, *self.degrees.values()):
            widget.setEnabled(editing)
        if job is None:
            self.summary.setText(self.tr("No job: add one to see how long it trains on this "
                                         "campus.") if not self.design.jobs
                                 else self.tr("No job selected."))
            self.bar.set_parts({})
            self.shape_form.setVisible(False)
            return
        self.name.setText(job.name)
        self.shape_form.set_shape(job.shape)
        self.model.blockSignals(True)
        self.model.setCurrentIndex(max(self.model.findData(job.model), 0))
        self.model.blockSignals(False)
        self.shape_form.setVisible(job.model == CUSTOM)
        self.micro_batch.setValue(job.micro_batch)
        self.rank_order.setCurrentIndex(max(self.rank_order.findData(job.rank_order.value), 0))
        self.tokens.setValue(job.tokens / 1e9)
        self.global_batch.setValue(job.global_batch)
        self.sequence.setValue(job.sequence_length)
        for axis, box in self.degrees.items():
            box.setValue(job.degree(axis))
        self.mfu.setValue(job.mfu * 100)
        self.virtual_stages.setValue(job.virtual_stages)
        self.fp8.setChecked(job.precision.value == "fp8")
        self.recompute.setChecked(job.recompute)
        self.hosts.setText(", ".join(job.hosts))
        self._show_figures(job)

    def _model_chosen(self) -> None:
        """Show the shape editors for a custom model, starting from the shape the job
        has (a preset's, when it had one), and hide them for a preset."""
        custom = self.model.currentData() == CUSTOM
        job = self.selected_job()
        if custom and job is not None and job.model != CUSTOM:
            self.shape_form.set_shape(job.shape)
        self.shape_form.setVisible(custom)

    def show_metrics(self, metrics: DesignMetrics) -> None:
        """Fresh metrics for the design as it is: plan its jobs off the GUI thread."""
        self._metrics = metrics
        self._start()

    def _start(self) -> None:
        if self._metrics is None or not self.design.jobs:
            self.results = {}
            self._show_selected()
            return
        if self._running:
            self._pending = True
            return
        self._running = True
        self._pool.start(_PlanTask(self.design.copy(), self._metrics, self.design.revision,
                                   self._signals))

    def _on_planned(self, revision: int, results: object) -> None:
        self._running = False
        if self._pending:
            self._pending = False
            self._start()
            return
        if revision != self.design.revision:
            return  # the design changed: fresh metrics, and a new plan, will follow
        if isinstance(results, str):
            self.results = {}
            self.error.setText(self.tr("Planning failed: {error}").format(error=results))
        else:
            assert isinstance(results, dict)
            self.results = results
        job = self.selected_job()
        if job is not None:
            self._show_figures(job)  # the form keeps what the user is typing
        else:
            self._show_selected()
        self.figures_shown.emit()

    def _show_figures(self, job: Job) -> None:
        result = self.results.get(job.id)
        if result is None:
            self.summary.setText(self.tr("⟳ Computing…"))
            self.bar.set_parts({})
            return
        if isinstance(result, JobError):
            self.summary.setText(self.tr("Cannot run: {reason}").format(
                reason=error_message(result)))
            self.bar.set_parts({})
            return
        self.bar.set_parts(result.breakdown())
        self.summary.setText("\n".join(summary_lines(job, result)))

    def shutdown(self) -> None:
        """Wait for a plan in flight (before the window goes)."""
        self._pool.waitForDone()


def summary_lines(job: Job, f: JobFigures) -> list[str]:
    """The dock's figures for one job, line by line, in the interface language."""
    lang = current_language()
    lines = [
        translate("JobsDock", "{accelerators} accelerators; step {step} s").format(
            accelerators=f"{f.accelerators:,}", step=f"{f.step_s:.2f}"),
        translate("JobsDock", "{tokens} tokens/s · {days} days to train").format(
            tokens=f"{f.tokens_per_s:,.0f}", days=f"{f.days:,.1f}"),
        translate("JobsDock", "achieved MFU {achieved} (compute assumed at {assumed})").format(
            achieved=f"{f.achieved_mfu:.1%}", assumed=f"{job.mfu:.0%}"),
    ]
    lines.append(translate("JobsDock", "Limiting link: {link}").format(
        link=limiting_link_words(f, lang)))
    lines += [translate("JobsDock", "Core: {words}").format(words=words)
              for c in f.communication.values() if (words := core_words(c, lang)) is not None]
    lines += [f"⚠ {m.render(lang)}" for m in f.warning_messages]
    return lines


def attach_jobs_dock(window: MainWindow) -> JobsDock:
    """Give ``window`` a Jobs dock, tabbed with the metrics, fed by its runner."""
    widget = JobsDock(window.document)
    dock = QDockWidget(translate("JobsDock", "Jobs"), window)
    dock.setObjectName("dock-jobs")
    dock.setWidget(widget)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.tabifyDockWidget(window.docks["metrics"], dock)
    window.docks["metrics"].raise_()
    window.docks["jobs"] = dock
    window.menu("View").addAction(dock.toggleViewAction())
    window.runner.finished.connect(widget.show_metrics)
    from gui.jobs_overlay import JobsOverlay

    overlay = JobsOverlay(window.scene)
    widget.overlay = overlay

    def mark() -> None:
        job = widget.selected_job()
        overlay.show(widget.design, widget.results, job.id if job else None)

    widget.figures_shown.connect(mark)
    widget.jobs.currentRowChanged.connect(lambda _row: mark())
    return widget
