"""Colours, palettes and the style sheet: a calm light and dark look that follows the OS.

The widgets use the Fusion style with a palette built here, plus a small style
sheet for the parts a palette cannot express (the sidebar, cards, headings).
Colours that carry meaning (severity, good/bad) come from :class:`Theme` so that
tables, cards and badges agree.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

SPACING = 8
"""The base unit of every margin and gap, in device-independent pixels."""


@dataclass(frozen=True, slots=True)
class Theme:
    """One colour scheme."""

    name: str
    window: str
    base: str
    alt_base: str
    sidebar: str
    sidebar_selected: str
    text: str
    muted: str
    border: str
    accent: str
    accent_text: str
    highlight: str
    good: str
    warning: str
    bad: str
    info: str
    warning_bg: str
    bad_bg: str
    good_bg: str
    info_bg: str

    @property
    def dark(self) -> bool:
        """True for the dark scheme."""
        return self.name == "dark"

    def color(self, name: str) -> QColor:
        """A named colour of the scheme as a ``QColor``."""
        return QColor(getattr(self, name))


LIGHT = Theme(
    name="light",
    window="#F4F5F7",
    base="#FFFFFF",
    alt_base="#F8F9FB",
    sidebar="#ECEEF2",
    sidebar_selected="#DCE5F5",
    text="#1C2230",
    muted="#5E6675",
    border="#D9DDE4",
    accent="#2160C4",
    accent_text="#FFFFFF",
    highlight="#D4E2F7",
    good="#2E7D4F",
    warning="#A15C00",
    bad="#C0392B",
    info="#2160C4",
    warning_bg="#FFF4E0",
    bad_bg="#FDECEA",
    good_bg="#E8F5EC",
    info_bg="#E8F0FC",
)

DARK = Theme(
    name="dark",
    window="#1D2026",
    base="#252930",
    alt_base="#2A2F37",
    sidebar="#181B20",
    sidebar_selected="#2C3A52",
    text="#E4E7EC",
    muted="#A0A8B5",
    border="#3A404A",
    accent="#5B9BF0",
    accent_text="#0F1620",
    highlight="#2F4566",
    good="#6CC38C",
    warning="#F0B44C",
    bad="#F07167",
    info="#7FB2F5",
    warning_bg="#3A3020",
    bad_bg="#3D2426",
    good_bg="#223527",
    info_bg="#23314A",
)

_current: Theme = LIGHT


def current() -> Theme:
    """The scheme in use."""
    return _current


def os_prefers_dark() -> bool:
    """True when the OS asks for a dark appearance (or ``COMPUTESCORE_THEME=dark``)."""
    forced = os.environ.get("COMPUTESCORE_THEME", "").lower()
    if forced in ("light", "dark"):
        return forced == "dark"
    hints = QGuiApplication.styleHints()
    return hints.colorScheme() == Qt.ColorScheme.Dark


def build_palette(theme: Theme) -> QPalette:
    """A full ``QPalette`` for ``theme``, disabled colours included."""
    p = QPalette()
    c = QColor
    roles = {
        QPalette.ColorRole.Window: theme.window,
        QPalette.ColorRole.WindowText: theme.text,
        QPalette.ColorRole.Base: theme.base,
        QPalette.ColorRole.AlternateBase: theme.alt_base,
        QPalette.ColorRole.ToolTipBase: theme.base,
        QPalette.ColorRole.ToolTipText: theme.text,
        QPalette.ColorRole.PlaceholderText: theme.muted,
        QPalette.ColorRole.Text: theme.text,
        QPalette.ColorRole.Button: theme.base,
        QPalette.ColorRole.ButtonText: theme.text,
        QPalette.ColorRole.BrightText: theme.bad,
        QPalette.ColorRole.Highlight: theme.highlight,
        QPalette.ColorRole.HighlightedText: theme.text,
        QPalette.ColorRole.Link: theme.accent,
        QPalette.ColorRole.LinkVisited: theme.accent,
        QPalette.ColorRole.Light: theme.base,
        QPalette.ColorRole.Midlight: theme.alt_base,
        QPalette.ColorRole.Mid: theme.border,
        QPalette.ColorRole.Dark: theme.border,
        QPalette.ColorRole.Shadow: theme.border,
        QPalette.ColorRole.Accent: theme.accent,
    }
    for role, value in roles.items():
        p.setColor(role, c(value))
    disabled = c(theme.muted)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p


def style_sheet(theme: Theme) -> str:
    """The application style sheet for ``theme``."""
    t = theme
    return f"""
QMainWindow, QDialog {{ background: {t.window}; }}
QToolBar {{ background: {t.window}; border: none; border-bottom: 1px solid {t.border};
           padding: 4px 8px; spacing: 4px; }}
QToolBar QToolButton {{ padding: 4px 8px; border-radius: 6px; color: {t.text}; }}
QToolBar QToolButton:hover {{ background: {t.sidebar_selected}; }}
QToolBar QToolButton:disabled {{ color: {t.muted}; }}
QStatusBar {{ background: {t.window}; border-top: 1px solid {t.border}; color: {t.muted}; }}
QStatusBar QLabel {{ color: {t.muted}; padding: 0 6px; }}
QListWidget#Sidebar {{ background: {t.sidebar}; border: none; border-right: 1px solid {t.border};
                       padding: 10px 8px; outline: 0; }}
QListWidget#Sidebar::item {{ padding: 8px 10px; margin: 1px 0; border-radius: 6px;
                             color: {t.text}; }}
QListWidget#Sidebar::item:hover {{ background: {t.sidebar_selected}; }}
QListWidget#Sidebar::item:selected {{ background: {t.sidebar_selected}; color: {t.accent};
                                      font-weight: 600; }}
QLabel#ViewTitle {{ font-size: 17pt; font-weight: 600; color: {t.text}; }}
QLabel#ViewSubtitle {{ color: {t.muted}; }}
QLabel#SectionTitle {{ font-size: 11pt; font-weight: 600; color: {t.text}; }}
QLabel#Muted {{ color: {t.muted}; }}
QLabel#FieldError {{ color: {t.bad}; }}
QLabel#FieldHint {{ color: {t.muted}; }}
QFrame#Card {{ background: {t.base}; border: 1px solid {t.border}; border-radius: 8px; }}
QLabel#CardValue {{ font-size: 20pt; font-weight: 600; color: {t.text}; }}
QLabel#CardLabel {{ color: {t.muted}; font-weight: 600; }}
QLabel#CardDetail {{ color: {t.muted}; }}
QFrame#EmptyState {{ background: {t.base}; border: 1px dashed {t.border}; border-radius: 8px; }}
QLabel#EmptyTitle {{ font-size: 13pt; font-weight: 600; color: {t.text}; }}
QLabel#Badge {{ border-radius: 9px; padding: 1px 8px; font-weight: 600; }}
QFrame#Banner {{ border-radius: 6px; border: 1px solid {t.border}; }}
QTableView, QTreeView, QListView {{ background: {t.base}; border: 1px solid {t.border};
                                    border-radius: 6px; gridline-color: {t.border};
                                    selection-background-color: {t.highlight};
                                    selection-color: {t.text}; }}
QHeaderView::section {{ background: {t.alt_base}; color: {t.muted}; padding: 5px 8px;
                        border: none; border-bottom: 1px solid {t.border};
                        border-right: 1px solid {t.border}; font-weight: 600; }}
QLineEdit, QSpinBox, QDoubleSpinBox, QComboBox, QDateEdit, QPlainTextEdit, QTextEdit {{
    background: {t.base}; border: 1px solid {t.border}; border-radius: 5px; padding: 4px 6px;
    selection-background-color: {t.highlight}; selection-color: {t.text}; }}
QLineEdit:focus, QSpinBox:focus, QDoubleSpinBox:focus, QComboBox:focus, QDateEdit:focus,
QPlainTextEdit:focus {{ border: 1px solid {t.accent}; }}
QLineEdit[invalid="true"], QDoubleSpinBox[invalid="true"], QSpinBox[invalid="true"] {{
    border: 1px solid {t.bad}; background: {t.bad_bg}; }}
QPushButton {{ background: {t.base}; border: 1px solid {t.border}; border-radius: 6px;
               padding: 5px 14px; color: {t.text}; }}
QPushButton:hover {{ border-color: {t.accent}; }}
QPushButton:disabled {{ color: {t.muted}; }}
QPushButton[primary="true"] {{ background: {t.accent}; color: {t.accent_text};
                               border-color: {t.accent}; font-weight: 600; }}
QTabWidget::pane {{ border: 1px solid {t.border}; border-radius: 6px; top: -1px;
                    background: {t.base}; }}
QTabBar::tab {{ padding: 6px 14px; color: {t.muted}; border: none; }}
QTabBar::tab:selected {{ color: {t.accent}; border-bottom: 2px solid {t.accent}; }}
QGroupBox {{ border: 1px solid {t.border}; border-radius: 8px; margin-top: 14px;
             padding: 10px 8px 8px 8px; background: {t.base}; }}
QGroupBox::title {{ subcontrol-origin: margin; left: 10px; padding: 0 4px; color: {t.text};
                    font-weight: 600; }}
QScrollArea {{ border: none; background: transparent; }}
QScrollArea > QWidget > QWidget#ScrollBody {{ background: transparent; }}
QSplitter::handle {{ background: transparent; }}
QProgressBar {{ border: 1px solid {t.border}; border-radius: 5px; text-align: center;
                background: {t.base}; }}
QProgressBar::chunk {{ background: {t.accent}; border-radius: 4px; }}
QSlider::groove:horizontal {{ height: 4px; background: {t.border}; border-radius: 2px; }}
QSlider::sub-page:horizontal {{ background: {t.accent}; border-radius: 2px; }}
QSlider::handle:horizontal {{ background: {t.base}; border: 1px solid {t.accent};
                              width: 14px; margin: -6px 0; border-radius: 7px; }}
"""


def apply(app: QApplication, theme: Theme | None = None) -> Theme:
    """Apply ``theme`` (default: the one the OS asks for) to the whole application."""
    global _current
    chosen = theme or (DARK if os_prefers_dark() else LIGHT)
    _current = chosen
    app.setStyle("Fusion")
    app.setPalette(build_palette(chosen))
    app.setStyleSheet(style_sheet(chosen))
    return chosen


def base_font() -> QFont:
    """The application font: the platform's UI font, never below 10 pt."""
    font = QGuiApplication.font()
    if font.pointSizeF() < 10:
        font.setPointSizeF(10)
    return font


def severity_colors(severity: str) -> tuple[QColor, QColor]:
    """(text, background) colours for a severity name (knockout, error, warning, info, ok)."""
    t = current()
    mapping = {
        "knockout": (t.bad, t.bad_bg),
        "error": (t.bad, t.bad_bg),
        "warning": (t.warning, t.warning_bg),
        "info": (t.info, t.info_bg),
        "ok": (t.good, t.good_bg),
    }
    fg, bg = mapping.get(severity, (t.muted, t.alt_base))
    return QColor(fg), QColor(bg)


_fonts_loaded = False


def register_fallback_fonts() -> None:
    """Make the shipped CJK face available so names like “Dragon Compute 数据” render.

    Called once the window is on screen (the face is a few megabytes).
    """
    global _fonts_loaded
    if _fonts_loaded:
        return
    _fonts_loaded = True
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QFontDatabase

    from computescore import resources_access

    try:
        data = resources_access.read_bytes("fonts", "DroidSansFallbackFull.ttf")
    except (FileNotFoundError, OSError):
        return
    QFontDatabase.addApplicationFontFromData(QByteArray(data))
