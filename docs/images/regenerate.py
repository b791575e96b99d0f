"""Regenerate the README's and the user guide's pictures from the application as a user
meets it: the main window built exactly as ``./run.sh`` builds it (the real engine
process, settings in a scratch home folder) on a real X server, its menus, dialogs and
exports triggered as a user's clicks trigger them, and the screen photographed.

    .venv/bin/python docs/images/regenerate.py

Without ``DISPLAY`` it starts a virtual screen of 1920 × 1080 (``Xvfb``) for itself.
Needs ``Xvfb`` (xvfb), ``pdftoppm`` (poppler-utils) for the report pages, and uses
``convert`` (ImageMagick), when installed, to keep each picture under about 300 KB.

Only the file dialogs are answered by the script (the path is given, as a user would
type it); everything else goes through the window's own actions.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SCREEN = (1920, 1080)
LAPTOP = (1280, 720)
MAX_BYTES = 300_000


def main() -> int:
    """Start a virtual screen when there is none, and draw the pictures on it."""
    if "--inner" in sys.argv:
        return _inner()
    home = Path(tempfile.mkdtemp(prefix="archipelago-pictures-"))
    env = dict(os.environ, HOME=str(home), ARCHIPELAGO_RECOVERY_DIR=str(home / "recovery"),
               QT_QPA_PLATFORM="xcb")
    server = None
    if not env.get("DISPLAY"):
        display = f":{70 + os.getpid() % 20}"
        server = subprocess.Popen(["Xvfb", display, "-screen", "0",
                                   f"{SCREEN[0]}x{SCREEN[1]}x24"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
        env["DISPLAY"] = display
    try:
        return subprocess.call([sys.executable, __file__, "--inner"], env=env, cwd=REPO)
    finally:
        if server is not None:
            server.terminate()
        shutil.rmtree(home, ignore_errors=True)


# ------------------------------------------------------------------- helpers
def settle(seconds: float = 0.3) -> None:
    """Let the event loop run (the screen repaints, the engine's figures arrive)."""
    from PySide6.QtWidgets import QApplication

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def wait_for_figures(window: object) -> None:
    """Until the window's figures describe the design on show (at most a minute)."""
    runner = window.runner  # type: ignore[attr-defined]
    end = time.monotonic() + 60
    while time.monotonic() < end and not (runner.metrics is not None and runner.is_current()):
        settle(0.05)
    settle(0.5)


def place(window: object, size: tuple[int, int]) -> None:
    """The window at the top-left of the screen at ``size``, docks laid out for it and
    the design fitted, as the app does on a screen of that size."""
    from gui.dock_layout import apply_default_sizes

    window.setGeometry(0, 0, *size)  # type: ignore[attr-defined]
    settle(0.5)
    apply_default_sizes(window, window.docks)  # type: ignore[attr-defined]
    window.view.fit_to_view()  # type: ignore[attr-defined]
    settle(0.5)


def exported(files: object, limit_s: float = 120.0) -> None:
    """Wait for the export the menu started (File › Export writes in steps and on a
    worker thread, so the action returns before the file is there)."""
    end = time.monotonic() + limit_s
    while files.exports.busy() is not None and time.monotonic() < end:  # type: ignore[attr-defined]
        settle(0.1)


def shot(name: str, area: object | None = None) -> None:
    """Photograph the screen (or ``area``, a QRect in screen pixels) into ``name``."""
    from PySide6.QtWidgets import QApplication

    settle(0.4)
    picture = QApplication.primaryScreen().grabWindow(0)
    if area is not None:
        picture = picture.copy(area)  # type: ignore[arg-type]
    target = HERE / name
    picture.save(str(target), "PNG")
    shrink(target)
    print(f"{target.relative_to(REPO)}  {picture.width()} × {picture.height()}"
          f"  {target.stat().st_size // 1000} KB")


def shrink(path: Path) -> None:
    """Packed tighter (lossless), then in 256 colours when still over
    :data:`MAX_BYTES` (ImageMagick; a screen of flat colours loses nothing visible)."""
    if shutil.which("convert") is None:
        return
    for colours in ([], ["-colors", "256"]):
        if path.stat().st_size <= MAX_BYTES:
            return
        packed = path.with_suffix(".packed.png")
        subprocess.run(["convert", str(path), *colours, "-quality", "95",
                        f"PNG8:{packed}" if colours else str(packed)], check=True)
        if packed.stat().st_size < path.stat().st_size:
            packed.replace(path)
        else:
            packed.unlink()


def when_modal(act: Callable[[object], None]) -> None:
    """Run ``act`` on the next modal dialog once it shows (a menu action that opens a
    dialog waits in the dialog's own event loop meanwhile)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(50, poll)
        else:
            act(dialog)

    QTimer.singleShot(50, poll)


def global_rect(widget: object) -> object:
    """A widget's rectangle in screen pixels."""
    from PySide6.QtCore import QRect

    top_left = widget.mapToGlobal(widget.rect().topLeft())  # type: ignore[attr-defined]
    return QRect(top_left, widget.size())  # type: ignore[attr-defined]


# ------------------------------------------------------------------ pictures
def _inner() -> int:
    sys.path.insert(0, str(REPO))
    from PySide6.QtCore import QPoint, QPointF, QRect
    from PySide6.QtWidgets import QApplication

    from gui.app import start_window
    from gui.metrics_runner import stop_engine

    app = QApplication(sys.argv[:1])
    window = start_window(None)  # the built-in example, as ./run.sh opens it
    files = window.file_actions
    scratch = Path(tempfile.mkdtemp())

    # 1. The example campus at first sight on a 1920 × 1080 screen
    place(window, SCREEN)
    wait_for_figures(window)
    shot("editor-window.png")

    # 2. Its metrics dock on the Cost tab
    window.metrics_dock.show_chart("cost")
    shot("cost-tab.png", global_rect(window.docks["metrics"]))
    window.metrics_dock.show_chart("hops")

    # 3. Right-click on an island, Add Rack Group open
    island = window.scene.item_for("island-2")
    view = window.view
    spot = view.mapFromScene(island.scene_rect().topRight() + QPointF(-12, 12))  # title
    menu = window.context_menus.show_at(spot, view.viewport().mapToGlobal(spot))
    settle(0.3)
    racks = next(a for a in menu.actions() if a.text().replace("&", "") == "Add Rack Group")
    menu.setActiveAction(racks)
    racks.menu().popup(menu.mapToGlobal(menu.actionGeometry(racks).topRight()))
    settle(0.3)
    corner = view.viewport().mapToGlobal(spot) - QPoint(330, 120)
    shot("context-menu.png", QRect(corner.x(), corner.y(), 960, 600))
    racks.menu().hide()
    menu.hide()
    settle(0.2)

    # 4. The example exported from File › Export › Canvas as PNG (1,800 px wide)
    def png_options(dialog: object) -> None:
        dialog.width_box.setValue(1800)  # type: ignore[attr-defined]
        dialog.accept()  # type: ignore[attr-defined]

    files.ask_save_path = lambda *_a: str(scratch / "campus.png")
    when_modal(png_options)
    files.actions["export_png"].trigger()
    exported(files)
    shutil.copy(scratch / "campus.png", HERE / "campus-canvas.png")
    shrink(HERE / "campus-canvas.png")

    # 5. New from Template: the dialog on the example's template, then a SuperPOD
    def template_dialog(dialog: object) -> None:
        dialog.select("islands")  # type: ignore[attr-defined]
        while not dialog.preview_ready():  # type: ignore[attr-defined]
            settle(0.1)
        shot("template-dialog.png", global_rect(dialog))
        dialog.select("superpod")  # type: ignore[attr-defined]
        dialog.set_value("sus", 2)  # type: ignore[attr-defined]
        dialog.update_preview()  # type: ignore[attr-defined]
        dialog.accept()  # type: ignore[attr-defined]

    when_modal(template_dialog)
    files.actions["new_from_template"].trigger()
    settle(0.5)

    # 6. The SuperPOD on a 1280 × 720 screen, and its bisection cut
    place(window, LAPTOP)
    wait_for_figures(window)
    shot("main-window.png", QRect(0, 0, *LAPTOP))
    window.cut_action.trigger()
    wait_for_figures(window)
    shot("bisection-cut.png", global_rect(view))
    window.cut_action.trigger()

    # 7. Its PDF report from File › Export › PDF Report
    if shutil.which("pdftoppm"):
        files.ask_save_path = lambda *_a: str(scratch / "report.pdf")
        files.actions["export_pdf"].trigger()
        exported(files)
        subprocess.run(["pdftoppm", "-r", "80", "-png", "-f", "1", "-l", "2",
                        str(scratch / "report.pdf"), str(scratch / "page")], check=True)
        for number in (1, 2):
            shutil.copy(scratch / f"page-{number}.png", HERE / f"report-page-{number}.png")

    # 8. The command line's picture of the same SuperPOD
    pod = scratch / "superpod.json"
    subprocess.run([sys.executable, "main.py", "new", "superpod", "--sus", "2", "-o",
                    str(pod)], check=True, cwd=REPO, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, "main.py", "export", str(pod), "--png",
                    str(HERE / "superpod-canvas.png"), "--width", "1200"], check=True,
                   cwd=REPO, stdout=subprocess.DEVNULL)

    window.document.undo_stack.setClean()
    window.close()
    stop_engine()
    shutil.rmtree(scratch, ignore_errors=True)
    app.quit()
    for picture in sorted(HERE.glob("*.png")):
        print(f"{picture.relative_to(REPO)}  {picture.stat().st_size // 1000} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
