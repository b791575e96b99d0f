"""The kinds of export the File › Export menu offers: each one's menu text, file filter
and suggested file-name ending (English, marked for translation in the context of the
file actions, where the menu shows them)."""

from __future__ import annotations

from gui.i18n import QT_TRANSLATE_NOOP, translate

EXPORTS: dict[str, tuple[str, str, str]] = {
    "png": (QT_TRANSLATE_NOOP("FileActions", "Canvas as PNG…"),
            QT_TRANSLATE_NOOP("FileActions", "PNG pictures (*.png)"), ".png"),
    "svg": (QT_TRANSLATE_NOOP("FileActions", "Canvas as SVG…"),
            QT_TRANSLATE_NOOP("FileActions", "SVG drawings (*.svg)"), ".svg"),
    "pdf": (QT_TRANSLATE_NOOP("FileActions", "PDF Report…"),
            QT_TRANSLATE_NOOP("FileActions", "PDF documents (*.pdf)"), ".pdf"),
    "json": (QT_TRANSLATE_NOOP("FileActions", "Metrics as JSON…"),
             QT_TRANSLATE_NOOP("FileActions", "JSON files (*.json)"), ".metrics.json"),
    "csv": (QT_TRANSLATE_NOOP("FileActions", "Metrics as CSV…"),
            QT_TRANSLATE_NOOP("FileActions", "CSV files (*.csv)"), ".metrics.csv"),
    "bom": (QT_TRANSLATE_NOOP("FileActions", "Bill of Materials (CSV)…"),
            QT_TRANSLATE_NOOP("FileActions", "CSV files (*.csv)"), ".bom.csv"),
    "graphml": (QT_TRANSLATE_NOOP("FileActions", "Network as GraphML…"),
                QT_TRANSLATE_NOOP("FileActions", "GraphML files (*.graphml)"), ".graphml"),
    "xlsx": (QT_TRANSLATE_NOOP("FileActions", "Workbook for Purchasing (Excel)…"),
             QT_TRANSLATE_NOOP("FileActions", "Excel workbooks (*.xlsx)"), ".xlsx"),
}
"""Export kind → menu text, file filter, suggested file-name ending (the texts in
English; :func:`export_texts` gives them in the interface language)."""


def export_texts(kind: str) -> tuple[str, str]:
    """The menu text and file filter of export ``kind`` in the interface language."""
    text, file_filter, _suffix = EXPORTS[kind]
    return translate("FileActions", text), translate("FileActions", file_filter)
