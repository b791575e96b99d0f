"""Light and dark themes: the Qt palette of the widgets and the colours of the canvas.

Canvas colours carry meaning (see :func:`utilization_colour` and
:func:`oversubscription_colour`); the legend reads the same tables, so what the legend
says is what the canvas draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from gui.i18n import QT_TRANSLATE_NOOP


@dataclass(frozen=True)
class Theme:
    """Colours of one theme (hex strings, so the record stays plain data)."""

    name: str
    window: str
    base: str
    text: str
    muted_text: str
    canvas: str
    grid: str
    building_fill: str
    building_border: str
    island_fill: str
    island_border: str
    rack_fill: str
    tier_fill: str
    bundle: str
    selection: str
    ok: str
    warn: str
    bad: str
    unknown: str
    side_a: str
    side_b: str
    cut: str

    def colour(self, name: str) -> QColor:
        """The named colour as a QColor."""
        return QColor(getattr(self, name))


LIGHT = Theme(
    name="light", window="#f3f4f6", base="#ffffff", text="#1f2328", muted_text="#59636e",
    canvas="#fafbfc", grid="#e8ebef", building_fill="#eef2f7", building_border="#8c99a8",
    island_fill="#ffffff", island_border="#a9b4c2", rack_fill="#f6f8fa", tier_fill="#e9eef5",
    bundle="#6e7781", selection="#0969da", ok="#2da44e", warn="#d4a72c", bad="#cf222e",
    unknown="#afb8c1", side_a="#218bff", side_b="#fb8f44", cut="#cf222e",
)

DARK = Theme(
    name="dark", window="#22272e", base="#1c2128", text="#e6edf3", muted_text="#9198a1",
    canvas="#1c2128", grid="#2a313a", building_fill="#262c36", building_border="#5c6773",
    island_fill="#2d333b", island_border="#545d68", rack_fill="#373e47", tier_fill="#323a46",
    bundle="#8b949e", selection="#4493f8", ok="#3fb950", warn="#d29922", bad="#f85149",
    unknown="#6e7681", side_a="#4493f8", side_b="#f0883e", cut="#ff7b72",
)

THEMES = {"light": LIGHT, "dark": DARK}

UTILIZATION_BANDS: tuple[tuple[float, str, str], ...] = (
    (0.80, "ok", QT_TRANSLATE_NOOP("Legend", "under 80 % of capacity")),
    (1.00, "warn", QT_TRANSLATE_NOOP("Legend", "80–100 % of capacity")),
    (float("inf"), "bad", QT_TRANSLATE_NOOP("Legend", "over capacity")),
)
"""Power use against capacity (buildings and racks): upper bound, colour, legend text."""


def utilization_colour(theme: Theme, utilization: float | None) -> QColor:
    """Colour of a power utilization (IT ÷ capacity, 1.0 = full): green with headroom,
    amber above 80 %, red above 100 %, grey when unknown."""
    if utilization is None:
        return theme.colour("unknown")
    for bound, name, _ in UTILIZATION_BANDS:
        if utilization <= bound:
            return theme.colour(name)
    return theme.colour("bad")


def oversubscription_colour(theme: Theme, ratio: float | None, threshold: float) -> QColor:
    """Colour of a tier's oversubscription (down : up): green at 1:1 or better, amber
    when oversubscribed, red above the design's threshold; grey for a top tier."""
    if ratio is None:
        return theme.colour("unknown")
    if ratio <= 1.0 + 1e-9:
        return theme.colour("ok")
    if ratio <= threshold:
        return theme.colour("warn")
    return theme.colour("bad")


def apply_theme(app: QApplication, theme: Theme) -> None:
    """Give the application's widgets the theme's palette (Fusion style)."""
    app.setStyle("Fusion")
    palette = QPalette()
    window, base, text = QColor(theme.window), QColor(theme.base), QColor(theme.text)
    palette.setColor(QPalette.ColorRole.Window, window)
    palette.setColor(QPalette.ColorRole.WindowText, text)
    palette.setColor(QPalette.ColorRole.Base, base)
    palette.setColor(QPalette.ColorRole.AlternateBase, window)
    palette.setColor(QPalette.ColorRole.Text, text)
    palette.setColor(QPalette.ColorRole.Button, window)
    palette.setColor(QPalette.ColorRole.ButtonText, text)
    palette.setColor(QPalette.ColorRole.ToolTipBase, base)
    palette.setColor(QPalette.ColorRole.ToolTipText, text)
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor(theme.muted_text))
    palette.setColor(QPalette.ColorRole.Highlight, QColor(theme.selection))
    palette.setColor(QPalette.ColorRole.HighlightedText, QColor("#ffffff"))
    palette.setColor(QPalette.ColorRole.Link, QColor(theme.selection))
    for group in (QPalette.ColorGroup.Disabled,):
        palette.setColor(group, QPalette.ColorRole.Text, QColor(theme.muted_text))
        palette.setColor(group, QPalette.ColorRole.ButtonText, QColor(theme.muted_text))
        palette.setColor(group, QPalette.ColorRole.WindowText, QColor(theme.muted_text))
    app.setPalette(palette)
