"""Small building blocks shared by the views: headings, cards, empty states, inline fields."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QHelpEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTableWidget,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.screening import display_name
from computescore.gui import icons, theme
from computescore.gui.models.table import ELIDE_ROLE
from computescore.gui.theme import SPACING


def confirm(parent: QWidget | None, title: str, text: str, action: str) -> bool:
    """Ask once before a deletion; True when the person chose ``action`` (Cancel is the default)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(text)
    chosen = box.addButton(action, QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is chosen


def read_only_table(headers: Sequence[str]) -> QTableWidget:
    """A small list a dialog fills row by row: whole rows selected, one at a time, no editing."""
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    return table


def save_cancel(dialog: QDialog, on_save: Callable[[], None]) -> tuple[QDialogButtonBox, Any]:
    """A dialog's Save and Cancel buttons: Save calls ``on_save``, Cancel rejects.

    Returns the button box (to add to the layout) and its Save button.
    """
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(on_save)
    buttons.rejected.connect(dialog.reject)
    return buttons, buttons.button(QDialogButtonBox.StandardButton.Save)


def label(text: str = "", object_name: str = "", *, wrap: bool = False) -> QLabel:
    """A label with an optional style name (``ViewTitle``, ``Muted`` …)."""
    widget = QLabel(text)
    if object_name:
        widget.setObjectName(object_name)
    widget.setWordWrap(wrap)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget


class ElidedLabel(QLabel):
    """One line of text that ends in "…" when it does not fit, with the full text on hover."""

    def __init__(self, text: str = "", object_name: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        if object_name:
            self.setObjectName(object_name)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._full = ""
        self._tip = ""
        self.setText(text)

    def setText(self, text: str) -> None:
        """Show ``text``, shortened to the width."""
        self._full = text
        self._elide()

    def full_text(self) -> str:
        """The text before shortening."""
        return self._full

    def set_tip(self, tip: str) -> None:
        """A tooltip shown after the full text (or alone when the text fits)."""
        self._tip = tip
        self._elide()

    def resizeEvent(self, event: Any) -> None:
        """Shorten again for the new width."""
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = max(self.width(), 10)
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        super().setText(shown)
        parts = [self._full] if shown != self._full else []
        if self._tip:
            parts.append(self._tip)
        self.setToolTip("\n\n".join(parts))


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


EMPTY_TEXT_WIDTH = 520
"""Width of an empty page's sentence, in pixels."""


class EmptyState(QFrame):
    """A calm placeholder: an icon, a heading, a sentence and the actions that lead on.

    :attr:`action_clicked` is emitted for the single action of :meth:`set_text`;
    :attr:`action_chosen` carries the key of one of several :meth:`set_actions`.
    """

    action_clicked = Signal()
    action_chosen = Signal(str)

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
        self.text.setFixedWidth(EMPTY_TEXT_WIDTH)
        self._fit_text()
        layout.addWidget(self._icon)
        layout.addWidget(self.title)
        layout.addWidget(self.text, 0, Qt.AlignmentFlag.AlignHCenter)
        self.button = QPushButton(action)
        self.button.setVisible(bool(action))
        self.button.clicked.connect(self.action_clicked)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        self._actions = QHBoxLayout()
        self._actions.setSpacing(SPACING)
        layout.addLayout(self._actions)
        layout.addStretch(2)

    def _fit_text(self) -> None:
        # A centred, wrapped label is laid out at its size hint, which is one line too
        # short for a long sentence; reserve the height its width needs.
        self.text.setMinimumHeight(max(0, self.text.heightForWidth(EMPTY_TEXT_WIDTH)))

    def set_text(self, title: str, text: str, action: str = "") -> None:
        """Change the message (and its single action)."""
        self.title.setText(title)
        self.text.setText(text)
        self._fit_text()
        self.button.setText(action)
        self.button.setVisible(bool(action))
        self.set_actions(())

    def set_actions(self, actions: Sequence[tuple[str, str, str]]) -> None:
        """Buttons (text, icon, key) under the message; the first is the primary one."""
        clear_layout(self._actions)
        if not actions:
            return
        self._actions.addStretch(1)
        for number, (text, icon_name, key) in enumerate(actions):
            make = primary_button if number == 0 else button
            widget = make(text, icon_name or None)
            widget.setObjectName(f"empty-{key}")
            widget.clicked.connect(lambda _checked=False, k=key: self.action_chosen.emit(k))
            self._actions.addWidget(widget)
        self._actions.addStretch(1)


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


LABEL_SEPARATOR = " — "
"""Between a quote's vendor and its reference in a label."""


def shorten_label(text: str, metrics: QFontMetrics, width: int) -> str:
    """``Vendor — reference`` cut in the vendor's name, so the reference stays whole.

    The text is returned as it is when it fits. Else the vendor's legal form goes first
    ("Kessler Systemhaus GmbH" → "Kessler Systemhaus"), then the rest of the name is
    elided; when even the reference would not fit, the cell's own elide mode applies.
    """
    if metrics.horizontalAdvance(text) <= width:
        return text
    vendor, separator, reference = text.rpartition(LABEL_SEPARATOR)
    if vendor and (short := display_name(vendor)) != vendor:
        vendor = short
        if metrics.horizontalAdvance(vendor + separator + reference) <= width:
            return vendor + separator + reference
    tail = separator + reference
    room = width - metrics.horizontalAdvance(tail)
    if not vendor or room < metrics.horizontalAdvance("Wi…"):
        return text
    return metrics.elidedText(vendor, Qt.TextElideMode.ElideRight, room) + tail


class CellDelegate(QStyledItemDelegate):
    """Draws cells with their column's elide mode and explains a shortened cell on hover.

    A cell whose text does not fit shows its full text as a tooltip (above the
    column's own tooltip, if any), so nothing is ever cut off for good.
    """

    def initStyleOption(self, option: QStyleOptionViewItem, index: Any) -> None:
        """Apply the column's elide mode; a quote's label is cut in the vendor's name."""
        super().initStyleOption(option, index)
        mode = index.data(ELIDE_ROLE)
        if mode is not None:
            option.textElideMode = Qt.TextElideMode(mode)
            if option.textElideMode == Qt.TextElideMode.ElideMiddle and LABEL_SEPARATOR in (
                option.text or ""
            ):
                widget = option.widget
                style = widget.style() if widget is not None else QApplication.style()
                area = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, widget)
                margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget)
                # A little to spare: Qt elides again (in the middle) a text that fills
                # the cell to the last pixel.
                spare = option.fontMetrics.horizontalAdvance(" ")
                width = area.width() - 2 * (margin + 1) - spare
                option.text = shorten_label(option.text, option.fontMetrics, width)

    def is_elided(self, view: QAbstractItemView, index: Any) -> bool:
        """True when the cell's text is wider than the space it is drawn in."""
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if not text:
            return False
        option = QStyleOptionViewItem()
        option.initFrom(view)
        option.rect = view.visualRect(index)
        self.initStyleOption(option, index)
        if option.text != str(text):
            return True  # shortened in the vendor's name (shorten_label)
        style = view.style()
        area = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, view)
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
        font = index.data(Qt.ItemDataRole.FontRole)
        metrics = QFontMetrics(font) if font is not None else option.fontMetrics
        return metrics.horizontalAdvance(str(text)) > area.width() - 2 * margin

    def helpEvent(
        self,
        event: QHelpEvent,
        view: QAbstractItemView,
        option: QStyleOptionViewItem,
        index: Any,
    ) -> bool:
        """Show the full text of a shortened cell, then the column's tooltip."""
        if event is None or view is None or event.type() != QEvent.Type.ToolTip:
            return super().helpEvent(event, view, option, index)
        parts = []
        tip = str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        if text not in tip and self.is_elided(view, index):
            parts.append(text)
        if tip:
            parts.append(tip)
        if not parts:
            QToolTip.hideText()
            event.ignore()
            return False
        QToolTip.showText(event.globalPos(), "\n\n".join(parts), view)
        return True


def fit_widths(widths: Sequence[tuple[int, ...]], available: int) -> list[int]:
    """Column widths (pixels) that fit ``available``, from (minimum, preferred, may shrink[, keep]).

    ``keep`` (default 1) says how long a column keeps its width: when the preferred
    widths are too wide, the last column gives way first (it stretches to what is
    left: notes, sources), then the columns with the lowest ``keep``, and among
    equals the widest are cut first, down to one common width (never below a
    column's minimum), so short columns keep their full text. When even the
    minimums do not fit, the table will scroll sideways: columns with ``keep`` of 2
    or more keep their preferred width and the others get their minimum.
    """
    rows = [(int(w[0]), int(w[1]), bool(w[2]), int(w[3]) if len(w) > 3 else 1) for w in widths]
    chosen = [want for _least, want, _shrinks, _keep in rows]
    if sum(chosen) <= available or not rows:
        return chosen
    least, want, shrinks, _keep = rows[-1]
    if shrinks:
        rows[-1] = (least, want, shrinks, min(r[3] for r in rows) - 1)
    for level in sorted({keep for _l, _w, shrinks, keep in rows if shrinks}):
        deficit = sum(chosen) - available
        if deficit <= 0:
            break
        group = [i for i, row in enumerate(rows) if row[2] and row[3] == level]
        room = sum(chosen[i] for i in group) - deficit
        chosen_group = _water_fill([(rows[i][0], chosen[i]) for i in group], room)
        for i, width in zip(group, chosen_group, strict=True):
            chosen[i] = width
    if sum(chosen) > available:
        # The table scrolls sideways anyway: the columns worth keeping stay whole.
        for i, (_least, want, shrinks, keep) in enumerate(rows):
            if shrinks and keep >= 2:
                chosen[i] = want
    return chosen


def _water_fill(columns: Sequence[tuple[int, int]], room: float) -> list[int]:
    """Widths for (minimum, preferred) columns that share ``room`` by cutting the widest first."""

    def used(level: float) -> float:
        return sum(min(want, max(level, least)) for least, want in columns)

    low, high = 0.0, float(max((want for _least, want in columns), default=0))
    for _ in range(30):
        middle = (low + high) / 2
        if used(middle) > room:
            high = middle
        else:
            low = middle
    return [round(min(want, max(low, least))) for least, want in columns]


class ColumnFitter(QObject):
    """Fits a table's columns to its width: every title readable, numbers whole, text shortened.

    Each column's preferred width is its title or its widest text (the first rows
    only, so a 100,000-row table costs nothing), capped for long text. When the table
    is too narrow, text columns give up width in proportion to what they could spare,
    never below their title; numbers never shrink. Spare width goes to the last
    column. Once the user drags a column's edge the table keeps the user's widths.
    """

    SAMPLE_ROWS = 150
    TEXT_CAP_CHARS = 44

    def __init__(self, view: QTableView, columns: Sequence[Any], refit_on_reset: bool) -> None:
        super().__init__(view)
        self.view = view
        self.columns = list(columns)
        self.manual = False
        self._fitting = False
        self._fitted_width = -1
        self._preferred: list[tuple[int, int, bool, int]] | None = None
        self._full: list[int] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        # No event filter (a Python filter on a view can outlive the interpreter at exit):
        # the stretched last column is resized whenever the table's width changes.
        view.horizontalHeader().sectionResized.connect(self._on_section_resized)
        view.horizontalScrollBar().rangeChanged.connect(self._on_range_changed)
        model = view.model()
        if model is not None:
            model.modelReset.connect(self._content_changed)
            if refit_on_reset:
                model.rowsInserted.connect(self._content_changed)
        self._refit_on_reset = refit_on_reset
        self._fitted_with_rows = False

    def _on_range_changed(self, _low: int, _high: int) -> None:
        if not self._fitting and self.view.viewport().width() != self._fitted_width:
            self._timer.start()

    def _on_section_resized(self, _index: int, _old: int, _new: int) -> None:
        if self._fitting:
            return
        if QApplication.mouseButtons() & Qt.MouseButton.LeftButton:
            self.manual = True  # the user is dragging a column's edge
            return
        if self.view.viewport().width() != self._fitted_width:
            self._timer.start()

    def _content_changed(self, *_args: Any) -> None:
        if not self._refit_on_reset and self._fitted_with_rows:
            return
        self._preferred = None
        self._timer.start()

    def preferred(self) -> list[tuple[int, int, bool, int]]:
        """(minimum, preferred, may shrink, keep) width in pixels of each column."""
        if self._preferred is not None:
            return self._preferred
        view = self.view
        model = view.model()
        metrics = view.fontMetrics()
        bold = QFont(view.font())
        bold.setBold(True)
        title_metrics = QFontMetrics(bold)
        char = metrics.horizontalAdvance("n")
        rows = 0 if model is None else min(model.rowCount(), self.SAMPLE_ROWS)
        out = []
        full: list[int] = []
        # Room for the sort arrow when the table sorts.
        padding = 34 if view.isSortingEnabled() else 22
        for index, column in enumerate(self.columns):
            lines = column.title.split("\n")
            title = max(title_metrics.horizontalAdvance(line) for line in lines) + padding
            content = 0
            for row in range(rows):
                cell = model.index(row, index)
                text = cell.data(Qt.ItemDataRole.DisplayRole)
                if text:
                    font = cell.data(Qt.ItemDataRole.FontRole)
                    used = title_metrics if font is not None and font.bold() else metrics
                    content = max(content, used.horizontalAdvance(str(text)))
            if rows == 0 and column.width:
                content = column.width * char
            content += 20 + (max(view.iconSize().width(), 16) + 12 if column.decoration else 0)
            shrinks = not column.numeric
            cap = self.TEXT_CAP_CHARS * char if shrinks else 10_000
            want = max(title, min(content, cap))
            least = min(want, max(title, 6 * char)) if shrinks else want
            out.append((least, want, shrinks, column.keep))
            full.append(max(title, content))
        self._preferred = out
        self._full = full
        if rows:
            self._fitted_with_rows = True
        return out

    def fit(self) -> None:
        """Set the column widths for the table's current width."""
        if self.manual or not self.columns:
            return
        view = self.view
        widths = self.preferred()
        available = view.viewport().width()
        if available <= 50:
            return
        chosen = fit_widths(widths, available)
        # Spare width first lets capped long text show whole, then the last column takes it.
        spare = available - sum(chosen)
        for index in range(len(chosen) - 1):
            if spare <= 0:
                break
            grow = min(spare, self._full[index] - chosen[index])
            if grow > 0:
                chosen[index] += grow
                spare -= grow
        self._fitting = True
        try:
            for index, width in enumerate(chosen):
                view.setColumnWidth(index, width)
        finally:
            self._fitting = False
        self._fitted_width = available


def rows_height(view: QTableView, rows: int) -> int:
    """Pixels a table needs to show its header and ``rows`` rows without scrolling."""
    header = view.horizontalHeader()
    head = header.sizeHint().height() if not header.isHidden() else 0
    return head + rows * view.verticalHeader().defaultSectionSize() + 2 * view.frameWidth() + 2


def configure_table(
    view: QTableView, columns: Sequence[Any], *, refit_on_reset: bool = True
) -> ColumnFitter:
    """The house style for tables: row selection, compact rows, columns fitted to the width.

    ``refit_on_reset`` False keeps the widths found for the first rows shown (a table
    that is filtered as the user types would otherwise shift its columns each time).
    """
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
    header.setMinimumSectionSize(metrics.horizontalAdvance("n") * 3)
    view.setItemDelegate(CellDelegate(view))
    fitter = ColumnFitter(view, columns, refit_on_reset)
    view.setProperty("column_fitter", True)
    view._column_fitter = fitter  # type: ignore[attr-defined]  # keep the Python object alive
    fitter.fit()
    return fitter
