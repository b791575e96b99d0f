"""The model's catalog (i18n/model_zh_CN.ts) is one file for both readers: compiled with
``pyside6-lrelease`` it loads in Qt's QTranslator, which gives every text the same
translation as the model's pure-Python reader (so the GUI may use either)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QTranslator

from model.i18n import CATALOGS

REPO = Path(__file__).resolve().parents[2]
LRELEASE = shutil.which("pyside6-lrelease", path=str(Path(sys.executable).parent)) or \
    shutil.which("pyside6-lrelease")


@pytest.mark.skipif(LRELEASE is None, reason="needs pyside6-lrelease")
def test_qt_reads_the_model_catalog_as_the_model_does(tmp_path: Path) -> None:
    qm = tmp_path / "model_zh_CN.qm"
    result = subprocess.run([str(LRELEASE), str(REPO / "i18n" / "model_zh_CN.ts"),
                             "-qm", str(qm)], capture_output=True, text=True, timeout=120,
                            check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    translator = QTranslator()
    assert translator.load(str(qm))
    table = CATALOGS.of("zh_CN")
    assert len(table) > 200
    differing = {key: (translator.translate(*key), text) for key, text in table.items()
                 if translator.translate(*key) != text}
    assert differing == {}
    assert translator.translate("report", "Headline figures") == "关键指标"
