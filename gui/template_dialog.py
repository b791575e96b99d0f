"""The "New from Template" dialog: every template with its parameters, the design it
follows (published source), and a preview of what it builds — accelerators, switches and
power, read from the metrics engine — before anything is created.

The dialog builds designs only; the File menu (:mod:`gui.files`) decides what to do with
the one the user accepts. Building a design is quick and done at once (Create is enabled
as soon as the parameters build); its figures come from the engine on a worker thread
(:class:`PreviewWorker`) while the dialog reads "computing…" and stays responsive. A newer
parameter change supersedes the preview in flight (its figures are dropped when they
arrive). Closing the dialog calls off the preview in flight (:meth:`PreviewEngine.close
<gui.template_dialog_engine.PreviewEngine.close>`), so the engine process is free for the
window's own figures at once.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QObject,
    QRunnable,
    QSettings,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.i18n import QT_TRANSLATE_NOOP, current_language, error_message, model_text, translate
from gui.inspector.fields import number_locale
from gui.numbers import decimal_text
from gui.template_dialog_engine import PreviewEngine
from model.catalog import load_builtin_catalog
from model.design import Design
from model.errors import ArchipelagoError
from model.metrics.results import DesignMetrics
from model.part_names import part_name
from model.templates import TEMPLATES, Param, ParamValue, Template

Compute = Callable[[Design], DesignMetrics]

_INT_LIMIT = 2_000_000_000


def preview_text(metrics: DesignMetrics) -> str:
    """The preview line of a built design: accelerators, switches, power (all read from
    ``metrics``)."""
    inventory = metrics.inventory
    switches = sum(inventory.switches_by_model.values())
    return translate(
        "TemplateDialog", "{accelerators} accelerators in {servers} servers\n{switches} "
        "switches in {tiers} tiers\nIT power {it}, facility {facility}").format(
        accelerators=f"{inventory.accelerators:,}", servers=f"{inventory.servers:,}",
        switches=f"{switches:,}", tiers=len(inventory.switches_by_tier),
        it=power_text(metrics.power.it_kw), facility=power_text(metrics.power.facility_kw))


def template_text(text: str) -> str:
    """A template's title, description or parameter help in the interface language:
    :mod:`model.templates` marks them for the model's catalog (context "templates")."""
    return model_text("templates", text) if text else text


def power_text(kw: float) -> str:
    """Power for people: kW below a megawatt ("14.3 kW"), MW above ("152.42 MW")."""
    return f"{kw:,.1f} kW" if kw < 1000 else f"{kw / 1000:,.2f} MW"


def choice_label(value: str) -> str:
    """How a parameter's choice is shown: a catalog id as its part's name in the
    interface's language ("dgx-h100" → "NVIDIA DGX H100", "gb200-nvl72" → "GB200 NVL72
    机柜（18 个计算托盘）" in Chinese); anything else as it is."""
    catalog = load_builtin_catalog()  # read once, then cached
    for find in (catalog.server, catalog.rack_type, catalog.switch, catalog.medium,
                 catalog.accelerator):
        part = find(value)
        if part is not None:
            return part_name(str(part.name), current_language())
    return value


def param_tip(param: Param) -> str:
    """A parameter's tooltip in the user's words: what it is, its bounds or choices (by
    name) and its default."""
    if param.choices:
        bounds = translate("TemplateDialog", "; one of {choices}").format(
            choices=", ".join(choice_label(c) for c in param.choices))
        default = choice_label(str(param.default))
    else:
        low = "" if param.minimum is None else translate("TemplateDialog", "from {low}").format(
            low=decimal_text(param.minimum, 3))
        high = "" if param.maximum is None else translate("TemplateDialog", "to {high}").format(
            high=decimal_text(param.maximum, 3))
        bounds = f"; {' '.join(x for x in (low, high) if x)}" if low or high else ""
        default = decimal_text(float(param.default), 3)
    help_text = template_text(param.help)
    return translate("TemplateDialog", "{help}{bounds} (default {default})").format(
        help=help_text[:1].upper() + help_text[1:], bounds=bounds, default=default)


class FigureSpinBox(QDoubleSpinBox):
    """A number editor that writes figures as the docks do: commas between thousands
    and no trailing zeros ("400", "12.5", "1,600"), not "400.000"."""

    def textFromValue(self, value: float) -> str:
        return decimal_text(value, self.decimals())

    def valueFromText(self, text: str) -> float:
        try:
            return float(text.replace(",", "").strip())
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        plain = text.replace(",", "").strip()
        if plain in ("", "-", ".", "-."):
            return (QValidator.State.Intermediate, text, pos)
        try:
            value = float(plain)
        except ValueError:
            return (QValidator.State.Invalid, text, pos)
        state = (QValidator.State.Acceptable if self.minimum() <= value <= self.maximum()
                 else QValidator.State.Intermediate)
        return (state, text, pos)


COMPUTING = QT_TRANSLATE_NOOP("TemplateDialog", "Computing the figures…")
"""The preview while its figures are being computed (English; translated when shown)."""


class _PreviewSignals(QObject):
    done = Signal(int, object, str)
    """generation, metrics (or None), error message ("" on success)."""


class PreviewWorker(QRunnable):
    """Computes one preview's figures on a worker thread and reports them with the
    generation they were asked for (the dialog keeps only the newest)."""

    def __init__(self, compute: Compute, design: Design, generation: int,
                 signals: _PreviewSignals) -> None:
        super().__init__()
        self.compute, self.design, self.generation = compute, design, generation
        self.signals = signals
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            metrics: DesignMetrics | None = self.compute(self.design)
            message = ""
        except Exception as error:  # any failure is shown in the preview, never raised
            metrics, message = None, error_message(error) or type(error).__name__
        self.signals.done.emit(self.generation, metrics, message)


class TemplateDialog(QDialog):
    """Choose a template and its parameters; :attr:`design` is the design built when the
    dialog is accepted."""

    def __init__(self, parent: QWidget | None = None, compute: Compute | None = None,
                 templates: dict[str, Template] | None = None,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else getattr(parent, "settings", None)
        """Where the last template and its parameters are remembered (the window's
        settings by default; None: nothing is remembered)."""
        self.setWindowTitle(self.tr("New from Template"))
        self.resize(860, 520)
        self.templates = templates if templates is not None else TEMPLATES
        self.compute = compute or PreviewEngine()
        """Computes a preview's figures; its ``close()``, when it has one, is called
        when the dialog closes (a :class:`PreviewEngine` stops the run in flight)."""
        self.design: Design | None = None
        self._editors: dict[str, QWidget] = {}

        self.list = QListWidget()
        for template in self.templates.values():
            item = QListWidgetItem(template_text(template.title))
            item.setData(Qt.ItemDataRole.UserRole, template.name)
            item.setToolTip(template_text(template.description))
            self.list.addItem(item)
        self.list.setMinimumWidth(min(self.list.sizeHintForColumn(0) + 24, 360))
        self.list.setMaximumWidth(360)

        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; font-size: 14pt")
        # a long title wraps: unwrapped, "Dragonfly+ (groups of leaf-spine, spines joined
        # globally)" widened the dialog each time it was picked
        self.title.setWordWrap(True)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.source = QLabel()
        self.source.setWordWrap(True)
        self.source.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.form = QFormLayout()
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Create"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        right = QVBoxLayout()
        right.addWidget(self.title)
        right.addWidget(self.description)
        right.addWidget(self.source)
        right.addLayout(self.form)
        right.addStretch(1)
        right.addWidget(QLabel(self.tr("<b>Preview</b>")))
        right.addWidget(self.preview)
        right.addWidget(self.buttons)
        layout = QHBoxLayout(self)
        layout.addWidget(self.list)
        layout.addLayout(right, 1)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.update_preview)
        # the shared pool, not one of the dialog's own: deleting a pool waits for its
        # work, and a dialog closed during a preview must not wait for it
        self._pool = QThreadPool.globalInstance()
        # no parent: the worker holds it too, so it outlives a dialog deleted meanwhile
        # (Qt drops the connection to the deleted dialog)
        self._signals = _PreviewSignals()
        self._signals.done.connect(self._show_figures)
        self._generation = 0
        """Counts the previews asked for; only the newest one's figures are shown."""
        self._running: int | None = None
        """The generation being computed (None: nothing in flight)."""
        self._pending: Design | None = None
        """The newest design waiting for the one in flight to return."""
        self.closed = False
        self.list.currentRowChanged.connect(self._show_template)
        if self.list.count():
            self.list.setCurrentRow(0)
        self._restore()

    # ------------------------------------------------------------- reading
    @property
    def template(self) -> Template | None:
        """The template selected."""
        item = self.list.currentItem()
        if item is None:
            return None
        return self.templates.get(str(item.data(Qt.ItemDataRole.UserRole)))

    def values(self) -> dict[str, ParamValue]:
        """The parameter values in the editors."""
        found: dict[str, ParamValue] = {}
        for name, editor in self._editors.items():
            if isinstance(editor, (QSpinBox, QDoubleSpinBox)):
                found[name] = editor.value()
            elif isinstance(editor, QComboBox):
                found[name] = str(editor.currentData())
        return found

    def select(self, name: str) -> None:
        """Select the template called ``name``."""
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == name:
                self.list.setCurrentRow(row)
                return
        raise KeyError(name)

    def set_value(self, name: str, value: ParamValue) -> None:
        """Put ``value`` in the editor of parameter ``name`` (for tests and scripts)."""
        editor = self._editors[name]
        if isinstance(editor, QSpinBox):
            editor.setValue(int(value))
        elif isinstance(editor, QDoubleSpinBox):
            editor.setValue(float(value))
        elif isinstance(editor, QComboBox):
            index = editor.findData(str(value))
            if index >= 0:
                editor.setCurrentIndex(index)

    # ------------------------------------------------------------ memory
    def _restore(self) -> None:
        """Select the template used last, with the parameters it was given."""
        if self.settings is None:
            return
        name = str(self.settings.value("template/last", "") or "")
        if name not in self.templates:
            return
        self.select(name)
        template = self.templates[name]
        for param in template.params:
            stored = self.settings.value(f"template/{name}/{param.name}")
            if stored is None:
                continue
            try:
                value: ParamValue = stored if param.choices else param.kind(stored)
            except (TypeError, ValueError):
                continue  # a hand-edited or older settings file: keep the default
            self.set_value(param.name, value)
        self.update_preview()

    def _remember(self) -> None:
        """Store the template chosen and its parameters for next time."""
        template = self.template
        if self.settings is None or template is None:
            return
        self.settings.setValue("template/last", template.name)
        for name, value in self.values().items():
            self.settings.setValue(f"template/{template.name}/{name}", value)

    # ------------------------------------------------------------ building
    def _editor(self, param: Param) -> QWidget:
        editor: QWidget
        if param.choices:
            combo = QComboBox()
            for choice in param.choices:
                combo.addItem(choice_label(choice), choice)
            combo.setCurrentIndex(max(0, combo.findData(str(param.default))))
            combo.currentIndexChanged.connect(self._schedule)
            editor = combo
        elif param.kind is int:
            spin = QSpinBox()
            spin.setRange(int(param.minimum if param.minimum is not None else -_INT_LIMIT),
                          int(min(param.maximum, _INT_LIMIT) if param.maximum is not None
                              else _INT_LIMIT))
            spin.setLocale(number_locale())
            spin.setValue(int(param.default))
            spin.setGroupSeparatorShown(True)
            spin.valueChanged.connect(self._schedule)
            editor = spin
        else:
            double = FigureSpinBox()
            double.setLocale(number_locale())
            double.setDecimals(3)
            double.setRange(param.minimum if param.minimum is not None else -1e12,
                            param.maximum if param.maximum is not None else 1e12)
            double.setValue(float(param.default))
            double.valueChanged.connect(self._schedule)
            editor = double
        editor.setToolTip(param_tip(param))
        return editor

    def _show_template(self) -> None:
        template = self.template
        while self.form.rowCount():
            self.form.removeRow(0)
        self._editors.clear()
        if template is None:
            return
        self.title.setText(template_text(template.title))
        self.description.setText(template_text(template.description))
        self.source.setText(self.tr("<i>Follows:</i> {source}").format(source=template.source))
        for param in template.params:
            editor = self._editor(param)
            self._editors[param.name] = editor
            help_text = template_text(param.help)
            label = QLabel(help_text[:1].upper() + help_text[1:])
            # short labels stay on one line; only long ones wrap (a wrapped label in a
            # form is given a narrow column, "Leaf / switches")
            label.setWordWrap(label.sizeHint().width() > 240)
            label.setMinimumWidth(min(label.sizeHint().width(), 240))
            label.setMaximumWidth(320)
            label.setToolTip(param_tip(param))
            self.form.addRow(label, editor)
        self.update_preview()

    def _schedule(self) -> None:
        self.preview.setText("…")
        self._timer.start()

    def update_preview(self) -> bool:
        """Build the design for the current values and start computing its figures
        off the GUI thread (they replace "computing…" when they arrive); returns True
        when it built (Create is enabled only then)."""
        self._timer.stop()
        template = self.template
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.design = None
        self._generation += 1  # whatever is in flight is superseded
        self._pending = None
        if template is None:
            ok.setEnabled(False)
            return False
        try:
            design = template.build_in(current_language(), **self.values())
        except ArchipelagoError as error:
            self.preview.setText("<span style='color:#b00020'>{}</span>".format(
                self.tr("Cannot build: {error}").format(error=error_message(error))))
            ok.setEnabled(False)
            return False
        self.design = design
        ok.setEnabled(True)
        self.preview.setText(translate("TemplateDialog", COMPUTING))
        if self._running is None:
            self._start(design.copy())
        else:
            self._pending = design.copy()  # started when the one in flight returns
        return True

    def preview_ready(self) -> bool:
        """True when the preview shows the figures (or why there are none) of the
        parameters in the editors: nothing in flight or waiting for them."""
        return (self._running is None and self._pending is None
                and not self._timer.isActive())

    def _start(self, design: Design) -> None:
        self._running = self._generation
        self._pool.start(PreviewWorker(self.compute, design, self._generation,
                                       self._signals))

    def _show_figures(self, generation: int, metrics: object, message: str) -> None:
        """A preview's figures arrived: shown when they are the newest asked for; a
        superseded one's are dropped and the waiting design is started."""
        self._running = None
        if self.closed:
            return
        if generation != self._generation:
            pending, self._pending = self._pending, None
            if pending is not None:
                self._start(pending)
            return
        if isinstance(metrics, DesignMetrics):
            self.preview.setText(preview_text(metrics))
        else:
            self.preview.setText("<span style='color:#9a6700'>{}</span>".format(
                self.tr("Figures not available: {message}").format(message=message)))

    def done(self, result: int) -> None:
        """Closing (Create, Cancel, Escape, the window's close button) calls off the
        preview in flight: the engine stops computing it (when the compute can be
        stopped), and whatever still arrives is dropped."""
        self.closed = True
        self._timer.stop()
        self._generation += 1
        self._pending = None
        close = getattr(self.compute, "close", None)
        if callable(close):
            close()
        super().done(result)

    def accept(self) -> None:
        """Create: make sure the design matches the editors (a pending preview is built
        now), then close."""
        if (self._timer.isActive() or self.design is None) and not self.update_preview():
            return
        self._remember()
        super().accept()
