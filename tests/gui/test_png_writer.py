"""The PNG writer (gui/export/png.py) read back by Qt's reader (libpng): the same pixels
as the picture painted, its resolution, transparency kept, every chunk's CRC."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from gui.export.png import png_bytes, write_png


def painted(width: int, height: int, fmt: QImage.Format) -> QImage:
    """A picture with flat fills, anti-aliased lines and text, and odd sizes (rows
    padded in memory)."""
    image = QImage(width, height, fmt)
    image.fill(QColor(250, 251, 252, 255))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor(30, 120, 200))
    painter.drawLine(0, 0, width - 1, height - 1)
    painter.fillRect(QRectF(3, 5, width / 3, height / 4), QColor(200, 40, 60, 128))
    painter.setFont(QFont("DejaVu Sans", 11))
    painter.drawText(QRectF(0, 0, width, height), Qt.AlignmentFlag.AlignCenter, "1,024 × 200G")
    painter.end()
    return image


def same_pixels(a: QImage, b: QImage) -> bool:
    return (a.size() == b.size() and all(
        a.pixel(x, y) == b.pixel(x, y) for y in range(a.height()) for x in range(a.width())))


def chunks(data: bytes) -> list[bytes]:
    """The chunk types of a PNG file, in order, each CRC checked here."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    kinds, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        kinds.append(kind)
        at += 12 + length
    return kinds


def test_opaque_picture_reads_back_pixel_for_pixel(qtbot, tmp_path: Path) -> None:
    image = painted(173, 61, QImage.Format.Format_RGB32)  # 173 × 3 bytes: padded rows
    image.setDotsPerMeterX(7559)
    image.setDotsPerMeterY(7559)
    out = tmp_path / "a.png"
    write_png(image, out)
    back = QImage(str(out))
    assert not back.isNull()
    assert not back.hasAlphaChannel()
    assert same_pixels(back, image)
    assert (back.dotsPerMeterX(), back.dotsPerMeterY()) == (7559, 7559)
    assert chunks(out.read_bytes()) == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]


def test_transparency_is_kept(qtbot, tmp_path: Path) -> None:
    image = painted(40, 17, QImage.Format.Format_ARGB32)
    image.setPixelColor(0, 0, QColor(10, 20, 30, 0))
    out = tmp_path / "t.png"
    out.write_bytes(png_bytes(image))
    back = QImage(str(out))
    assert back.hasAlphaChannel()
    assert back.pixelColor(0, 0).alpha() == 0
    assert same_pixels(back.convertToFormat(QImage.Format.Format_ARGB32),
                       image.convertToFormat(QImage.Format.Format_ARGB32))
