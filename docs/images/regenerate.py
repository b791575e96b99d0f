"""Regenerate the user guide's pictures with the application itself (headless).

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/images/regenerate.py

Every picture is drawn by Archipelago's own window, dialogs and exporters; the PDF page
is rasterised with ``pdftoppm`` (poppler-utils) when it is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def wait_for_metrics(app: object, window: object) -> None:
    """Let the window's background metrics run finish."""
    import time

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        app.processEvents()  # type: ignore[attr-defined]
        runner = window.runner  # type: ignore[attr-defined]
        if runner.metrics is not None and runner.is_current():
            break
        time.sleep(0.02)
    app.processEvents()  # type: ignore[attr-defined]


def main() -> int:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gui.canvas.scene import build_scene
    from gui.export import export_pdf, export_png
    from gui.export.render import render_png
    from gui.main_window import open_window
    from gui.template_dialog import TemplateDialog
    from model.catalog import load_builtin_catalog
    from model.metrics import compute_all
    from model.templates import TEMPLATES, build_example

    app = QApplication.instance() or QApplication([])
    folder = Path(tempfile.mkdtemp())
    os.environ["ARCHIPELAGO_RECOVERY_DIR"] = str(folder / "recovery")
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)

    pod = TEMPLATES["superpod"].build(sus=2)
    window = open_window(pod, None, load_builtin_catalog(), settings)
    window.resize(1500, 940)
    wait_for_metrics(app, window)
    window.view.fit_to_view()
    app.processEvents()
    window.grab().save(str(HERE / "main-window.png"))

    window.show_cut(True)
    wait_for_metrics(app, window)
    window.view.fit_to_view()
    app.processEvents()
    window.view.grab().save(str(HERE / "bisection-cut.png"))
    window.show_cut(False)

    dialog = TemplateDialog(window, compute=lambda d: compute_all(d, None))
    dialog.resize(900, 520)
    dialog.select("islands")
    dialog.update_preview()
    dialog.show()
    app.processEvents()
    dialog.grab().save(str(HERE / "template-dialog.png"))
    dialog.close()

    campus = build_example()
    campus_metrics = compute_all(campus, None)
    export_png(campus, HERE / "campus-canvas.png", metrics=campus_metrics, width=1800)
    render_png(build_scene(pod, compute_all(pod, None)), HERE / "superpod-canvas.png",
               width=1200)

    if shutil.which("pdftoppm"):
        pdf = folder / "report.pdf"
        export_pdf(pod, compute_all(pod, None), pdf)
        subprocess.run(["pdftoppm", "-r", "80", "-png", "-f", "1", "-l", "2", str(pdf),
                        str(folder / "page")], check=True)
        for number in (1, 2):
            shutil.copy(folder / f"page-{number}.png", HERE / f"report-page-{number}.png")
    window.close()
    shutil.rmtree(folder, ignore_errors=True)
    for picture in sorted(HERE.glob("*.png")):
        print(picture.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
