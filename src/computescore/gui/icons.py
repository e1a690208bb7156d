"""Icons: the line icons in ``resources/icons`` rendered sharply at any size and scale.

Each icon is drawn with ``currentColor``; :func:`icon` substitutes the scheme's
text colour (or any colour asked for) and hands the SVG to Qt's SVG icon engine,
which renders it at the exact device-pixel size needed, so icons stay crisp on
high-DPI screens and follow the light or dark scheme.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from computescore import resources_access
from computescore.gui import theme

APP_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
"""Sizes of the PNG app icons shipped next to ``app.svg``."""


@cache
def svg_source(name: str) -> str:
    """The SVG text of the icon called ``name`` (``resources/icons/<name>.svg``)."""
    return resources_access.read_text("icons", f"{name}.svg")


_cache_dir: Path | None = None


def _icon_folder() -> Path:
    """A private folder for the tinted copies of the icons (removed at exit)."""
    global _cache_dir
    if _cache_dir is None:
        _cache_dir = Path(tempfile.mkdtemp(prefix="computescore-icons-"))
        atexit.register(shutil.rmtree, _cache_dir, True)
    return _cache_dir


@cache
def _tinted_file(name: str, color: str) -> str:
    # Qt's SVG icon engine renders a file crisply at every size and device-pixel
    # ratio; it needs a file, so the tinted copy is written once per colour.
    target = _icon_folder() / f"{name}-{color.lstrip('#').lower()}.svg"
    target.write_text(svg_source(name).replace("currentColor", color), encoding="utf-8")
    return str(target)


def icon(name: str, color: str | None = None) -> QIcon:
    """The line icon ``name`` in ``color`` (default: the scheme's text colour).

    The disabled state is drawn in the scheme's muted colour.
    """
    t = theme.current()
    result = QIcon(_tinted_file(name, color or t.text))
    muted = QIcon(_tinted_file(name, t.muted))
    for size in (16, 20, 24, 32, 40, 48):
        result.addPixmap(muted.pixmap(QSize(size, size)), QIcon.Mode.Disabled)
    return result


def app_icon() -> QIcon:
    """The application icon, from the shipped PNG sizes (SVG as fallback)."""
    result = QIcon()
    for size in APP_ICON_SIZES:
        try:
            data = resources_access.read_bytes("icons", f"app-{size}.png")
        except FileNotFoundError:
            continue
        pixmap = QPixmap()
        pixmap.loadFromData(data, "PNG")
        result.addPixmap(pixmap)
    if result.isNull():
        result = QIcon(render_app_icon(256))
    return result


def render_app_icon(size: int) -> QPixmap:
    """The app icon rendered from ``app.svg`` at ``size`` × ``size`` pixels."""
    renderer = QSvgRenderer(QByteArray(svg_source("app").encode("utf-8")))
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return QPixmap.fromImage(image)


def device_pixel_ratio() -> float:
    """The primary screen's device-pixel ratio (1.0 offscreen)."""
    screen = QGuiApplication.primaryScreen()
    return 1.0 if screen is None else screen.devicePixelRatio()


def write_app_icon_pngs(folder: str) -> list[str]:
    """Render ``app.svg`` to ``app-<size>.png`` in ``folder`` for every shipped size."""
    from pathlib import Path

    written = []
    for size in APP_ICON_SIZES:
        target = Path(folder) / f"app-{size}.png"
        render_app_icon(size).save(str(target), "PNG")
        written.append(str(target))
    return written


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    import sys

    from PySide6.QtWidgets import QApplication

    _app = QApplication(sys.argv[:1])
    for path in write_app_icon_pngs(sys.argv[1] if len(sys.argv) > 1 else "resources/icons"):
        print(path)
