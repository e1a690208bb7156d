"""Small building blocks shared by the views: headings, cards, empty states, inline fields."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from computescore.gui import icons, theme
from computescore.gui.theme import SPACING


def label(text: str = "", object_name: str = "", *, wrap: bool = False) -> QLabel:
    """A label with an optional style name (``ViewTitle``, ``Muted`` …)."""
    widget = QLabel(text)
    if object_name:
        widget.setObjectName(object_name)
    widget.setWordWrap(wrap)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget


def section_title(text: str) -> QLabel:
    """A heading inside a view."""
    return label(text, "SectionTitle")


def primary_button(text: str, icon_name: str | None = None) -> QPushButton:
    """The one emphasised button of a screen."""
    button = QPushButton(text)
    button.setProperty("primary", True)
    if icon_name:
        button.setIcon(icons.icon(icon_name, theme.current().accent_text))
    return button


def button(text: str, icon_name: str | None = None) -> QPushButton:
    """An ordinary push button with an optional icon."""
    widget = QPushButton(text)
    if icon_name:
        widget.setIcon(icons.icon(icon_name))
    return widget


class ViewHeader(QWidget):
    """A view's title, a one-line subtitle and, on the right, its actions."""

    def __init__(self, title: str, subtitle: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, SPACING)
        texts = QVBoxLayout()
        texts.setSpacing(2)
        self.title = label(title, "ViewTitle")
        self.subtitle = label(subtitle, "ViewSubtitle", wrap=True)
        texts.addWidget(self.title)
        texts.addWidget(self.subtitle)
        layout.addLayout(texts, 1)
        self.action_bar = QHBoxLayout()
        self.action_bar.setSpacing(SPACING)
        layout.addLayout(self.action_bar)

    def set_subtitle(self, text: str) -> None:
        """Change the line under the title."""
        self.subtitle.setText(text)
        self.subtitle.setVisible(bool(text))

    def add_action(self, widget: QWidget) -> None:
        """Add a button (or other widget) on the right."""
        self.action_bar.addWidget(widget)


class Card(QFrame):
    """A figure with a caption and a detail line (Overview)."""

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Card")
        # Ignored: the grid's equal stretch decides the width, not the length of the text.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2 * SPACING, 12, 2 * SPACING, 12)
        layout.setSpacing(4)
        self.caption = label(caption.upper(), "CardLabel")
        self.value = label("—", "CardValue", wrap=True)
        self.value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail = label("", "CardDetail", wrap=True)
        layout.addWidget(self.caption)
        layout.addWidget(self.value)
        layout.addWidget(self.detail)
        layout.addStretch(1)

    def set(self, value: str, detail: str = "", tone: str | None = None) -> None:
        """Show ``value`` with a detail line; ``tone`` colours the value (ok/warning/bad)."""
        self.value.setText(value)
        # Long text (a vendor's name) in a smaller size, so the cards keep one height.
        font = self.value.font()
        font.setPointSizeF(13.0 if len(value) > 14 else 20.0)
        self.value.setFont(font)
        self.detail.setText(detail)
        self.detail.setVisible(bool(detail))
        if tone:
            fg, _bg = theme.severity_colors(tone)
            self.value.setStyleSheet(f"color: {fg.name()};")
        else:
            self.value.setStyleSheet("")


class Badge(QLabel):
    """A small coloured pill: ``Knock-out``, ``Warning``, ``Expired``."""

    def __init__(self, text: str = "", severity: str = "info", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setObjectName("Badge")
        self.set(text, severity)

    def set(self, text: str, severity: str) -> None:
        """Change the text and colour."""
        fg, bg = theme.severity_colors(severity)
        self.setText(text)
        self.setStyleSheet(f"color: {fg.name()}; background: {bg.name()};")


class Banner(QFrame):
    """An inline message across a view (info, warning or error), with an optional action."""

    action_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Banner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(SPACING)
        self._icon = QLabel()
        self._icon.setFixedSize(18, 18)
        self._text = label("", wrap=True)
        self._text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._button = QPushButton()
        self._button.setVisible(False)
        self._button.clicked.connect(self.action_clicked)
        layout.addWidget(self._icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self._text, 1)
        layout.addWidget(self._button)
        self.setVisible(False)

    def show_message(self, text: str, severity: str = "info", action: str = "") -> None:
        """Show ``text``; ``action`` adds a button that emits :attr:`action_clicked`."""
        fg, bg = theme.severity_colors(severity)
        name = {"error": "error", "knockout": "error", "warning": "warning", "ok": "check"}.get(
            severity, "info"
        )
        self._icon.setPixmap(icons.icon(name, fg.name()).pixmap(QSize(18, 18)))
        self._text.setText(text)
        self._text.setStyleSheet(f"color: {theme.current().text};")
        self.setStyleSheet(
            f"QFrame#Banner {{ background: {bg.name()}; border: 1px solid {fg.name()}; }}"
        )
        self._button.setText(action)
        self._button.setVisible(bool(action))
        self.setVisible(True)

    def text(self) -> str:
        """The message shown."""
        return self._text.text()


class EmptyState(QFrame):
    """A calm placeholder: an icon, a heading, a sentence and an optional action."""

    action_clicked = Signal()

    def __init__(
        self,
        icon_name: str,
        title: str,
        text: str,
        action: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("EmptyState")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4 * SPACING, 4 * SPACING, 4 * SPACING, 4 * SPACING)
        layout.setSpacing(SPACING)
        layout.addStretch(1)
        self._icon = QLabel()
        self._icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._icon.setPixmap(icons.icon(icon_name, theme.current().muted).pixmap(QSize(40, 40)))
        self.title = label(title, "EmptyTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text = label(text, "Muted", wrap=True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text.setMaximumWidth(560)
        layout.addWidget(self._icon)
        layout.addWidget(self.title)
        layout.addWidget(self.text, 0, Qt.AlignmentFlag.AlignHCenter)
        self.button = QPushButton(action)
        self.button.setVisible(bool(action))
        self.button.clicked.connect(self.action_clicked)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)

    def set_text(self, title: str, text: str, action: str = "") -> None:
        """Change the message."""
        self.title.setText(title)
        self.text.setText(text)
        self.button.setText(action)
        self.button.setVisible(bool(action))


def scroll_page(content: QWidget) -> QScrollArea:
    """Wrap ``content`` in a frameless vertical scroll area."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    content.setObjectName("ScrollBody")
    area.setWidget(content)
    return area


def clear_layout(layout: QLayout) -> None:
    """Remove and delete every item of ``layout``."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            break
        widget = item.widget()
        if widget is not None:
            # Hide at once: deleteLater only acts on the next event loop pass.
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()
        else:
            inner = item.layout()
            if inner is not None:
                clear_layout(inner)


class FieldFeedback(QLabel):
    """The line under a form field: a hint, or why the value is not accepted."""

    def __init__(self, hint: str = "", parent: QWidget | None = None) -> None:
        super().__init__(hint, parent)
        self._hint = hint
        self.setWordWrap(True)
        self.setObjectName("FieldHint")
        self.setVisible(bool(hint))

    def set_error(self, message: str | None) -> None:
        """Show ``message`` as an error, or the hint again when None."""
        self.setObjectName("FieldError" if message else "FieldHint")
        self.setText(message or self._hint)
        self.setVisible(bool(message or self._hint))
        self.style().unpolish(self)
        self.style().polish(self)


def mark_invalid(widget: QWidget, invalid: bool) -> None:
    """Draw ``widget`` with the error border (style property ``invalid``)."""
    widget.setProperty("invalid", invalid)
    widget.style().unpolish(widget)
    widget.style().polish(widget)


def debounce(parent: QWidget, delay_ms: int, callback: Callable[[], None]) -> Callable[[], None]:
    """A function that calls ``callback`` once, ``delay_ms`` after the last call."""
    from PySide6.QtCore import QTimer

    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(delay_ms)
    timer.timeout.connect(callback)
    return timer.start


def configure_table(view: QTableView, columns: Sequence[Any]) -> None:
    """The house style for tables: row selection, compact rows, sensible widths."""
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.setShowGrid(False)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    metrics = view.fontMetrics()
    view.verticalHeader().setDefaultSectionSize(metrics.height() + 10)
    header = view.horizontalHeader()
    header.setHighlightSections(False)
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    char = metrics.horizontalAdvance("n")
    for index, column in enumerate(columns):
        title = metrics.horizontalAdvance(column.title) + 40
        width = max(title, column.width * char + 16) if column.width else title
        view.setColumnWidth(index, min(width, 420))
