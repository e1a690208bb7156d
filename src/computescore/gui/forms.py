"""Form fields with their unit shown and bad values explained inline.

A :class:`Form` is a grid of labelled fields. Each :class:`Field` turns its
widget's text into a value or an error message in plain words ("Hours per day
must be between 0 and 24 (found 30)"). The form reports whether every field is
valid and emits ``committed`` when the user finishes editing a field, so the
page can save that one change as one transaction.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from computescore.gui.format import format_number as format_number
from computescore.gui.widgets import FieldFeedback, label, mark_invalid

_SUFFIX = {"k": 1e3, "m": 1e6, "b": 1e9, "bn": 1e9, "t": 1e12, "tn": 1e12}


def parse_number(text: str) -> float | None:
    """Read ``1,234.5``, ``7e9``, ``70 B``, ``2.5k`` or ``40 %``; None when it is not a number.

    ``%`` is kept as written (``40 %`` → 40.0); the caller decides what it means.
    """
    cleaned = text.strip().replace("\u00a0", " ").replace("_", "")
    if not cleaned:
        return None
    cleaned = cleaned.rstrip("%").strip()
    match = re.fullmatch(r"([-+]?[\d,]*\.?\d+(?:[eE][-+]?\d+)?)\s*([a-zA-Z]{0,2})", cleaned)
    if not match:
        return None
    number_text, suffix = match.group(1), match.group(2).lower()
    if "," in number_text and not re.fullmatch(r"[-+]?\d{1,3}(,\d{3})+(\.\d+)?", number_text):
        return None
    try:
        value = float(number_text.replace(",", ""))
    except ValueError:
        return None
    if suffix:
        if suffix not in _SUFFIX:
            return None
        value *= _SUFFIX[suffix]
    return value if math.isfinite(value) else None


Parser = Callable[[str], tuple[Any, str | None]]


def number_parser(
    name: str,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
    integer: bool = False,
    optional: bool = False,
    scale: float = 1.0,
    example: str = "",
) -> Parser:
    """A parser for a number field: value × ``scale`` on success, or why not.

    ``scale`` converts the unit shown to the unit stored (billions → count, % → fraction).
    """

    def parse(text: str) -> tuple[Any, str | None]:
        if not text.strip():
            if optional:
                return None, None
            return None, f"{name} is required" + (f", e.g. {example}" if example else "")
        value = parse_number(text)
        if value is None:
            hint = f", e.g. {example}" if example else ""
            return None, f"{name} must be a number{hint} (found {text.strip()!r})"
        if integer and not float(value).is_integer():
            return None, f"{name} must be a whole number (found {format_number(value)})"
        if minimum is not None and value < minimum:
            return (
                None,
                f"{name} must be at least {format_number(minimum)} (found {format_number(value)})",
            )
        if maximum is not None and value > maximum:
            return (
                None,
                f"{name} must be at most {format_number(maximum)} (found {format_number(value)})",
            )
        result = value * scale
        return (round(result) if integer and scale == 1.0 else result), None

    return parse


def text_parser(
    name: str, *, optional: bool = True, pattern: str = "", explain: str = ""
) -> Parser:
    """A parser for a text field, optionally checked against a regular expression."""

    def parse(text: str) -> tuple[Any, str | None]:
        value = text.strip()
        if not value:
            return ("", None) if optional else ("", f"{name} is required")
        if pattern and not re.fullmatch(pattern, value):
            return value, f"{name}: {explain} (found {value!r})"
        return value, None

    return parse


def date_parser(name: str, *, optional: bool = True) -> Parser:
    """A day written the ISO way (2027-03-01); empty gives None when optional."""

    def parse(text: str) -> tuple[Any, str | None]:
        value = text.strip()
        if not value:
            return (None, None) if optional else (None, f"{name} is required")
        try:
            return date.fromisoformat(value), None
        except ValueError:
            return None, f"{name} must be a date such as 2027-03-01 (found {value!r})"

    return parse


def country_parser(name: str, *, optional: bool = False) -> Parser:
    """An ISO 3166 alpha-2 country code, upper-cased."""
    inner = text_parser(
        name,
        optional=optional,
        pattern=r"[A-Za-z]{2}",
        explain="use the two-letter ISO code, e.g. DE",
    )

    def parse(text: str) -> tuple[Any, str | None]:
        value, error = inner(text)
        return (value.upper() if isinstance(value, str) else value), error

    return parse


@dataclass
class Field:
    """One form field: its label, editor, unit, hint and parser."""

    key: str
    caption: str
    editor: QWidget
    parse: Parser | None = None
    unit: str = ""
    hint: str = ""
    choices: Sequence[tuple[str, str]] = ()
    feedback: FieldFeedback | None = None

    def text(self) -> str:
        """The editor's current text (or the chosen item's value for a combo box)."""
        if isinstance(self.editor, QComboBox):
            data = self.editor.currentData()
            return "" if data is None else str(data)
        if isinstance(self.editor, QLineEdit):
            return self.editor.text()
        raise TypeError(type(self.editor))

    def read(self) -> tuple[Any, str | None]:
        """The parsed value and the error message (None when valid)."""
        if self.parse is None:
            return self.text(), None
        return self.parse(self.text())

    def show(self, value: Any, shown: Callable[[Any], str] | None = None) -> None:
        """Put ``value`` in the editor (without emitting ``committed``)."""
        self.editor.blockSignals(True)
        if isinstance(self.editor, QComboBox):
            index = self.editor.findData(value)
            self.editor.setCurrentIndex(max(index, 0))
        elif isinstance(self.editor, QLineEdit):
            self.editor.setText(shown(value) if shown else ("" if value is None else str(value)))
            self.editor.setCursorPosition(0)
        self.editor.blockSignals(False)
        self.set_error(None)

    def set_error(self, message: str | None) -> None:
        """Show or clear the inline error."""
        mark_invalid(self.editor, message is not None)
        if self.feedback is not None:
            self.feedback.set_error(message)


class Form(QObject):
    """Fields laid out in a grid (two columns of fields), validated inline.

    Signals:
        committed(key): the user finished editing field ``key`` (valid or not).
    """

    committed = Signal(str)

    def __init__(self, columns: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.widget = QWidget()
        self.grid = QGridLayout(self.widget)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(24)
        self.grid.setVerticalSpacing(2)
        self.columns = columns
        self.fields: dict[str, Field] = {}
        self._count = 0

    def add(self, field: Field) -> Field:
        """Add ``field`` in the next free cell."""
        row, column = divmod(self._count, self.columns)
        self._count += 1
        cell = QWidget()
        box = QGridLayout(cell)
        box.setContentsMargins(0, 6, 0, 6)
        box.setHorizontalSpacing(6)
        box.setVerticalSpacing(3)
        caption = label(field.caption)
        caption.setStyleSheet("font-weight: 600;")
        caption.setBuddy(field.editor)
        box.addWidget(caption, 0, 0, 1, 2)
        editor_row = QHBoxLayout()
        editor_row.setSpacing(6)
        editor_row.addWidget(field.editor, 1)
        if field.unit:
            unit = QLabel(field.unit)
            unit.setObjectName("Muted")
            unit.setMinimumWidth(unit.fontMetrics().horizontalAdvance(field.unit) + 4)
            editor_row.addWidget(unit)
        box.addLayout(editor_row, 1, 0, 1, 2)
        field.feedback = FieldFeedback(field.hint)
        box.addWidget(field.feedback, 2, 0, 1, 2)
        self.grid.addWidget(cell, row, column, Qt.AlignmentFlag.AlignTop)
        self.fields[field.key] = field
        if isinstance(field.editor, QLineEdit):
            field.editor.editingFinished.connect(lambda k=field.key: self._commit(k))
            field.editor.textEdited.connect(lambda _t, k=field.key: self._live_check(k))
        elif isinstance(field.editor, QComboBox):
            field.editor.currentIndexChanged.connect(lambda _i, k=field.key: self._commit(k))
        return field

    def line(
        self, key: str, caption: str, parse: Parser | None = None, unit: str = "", hint: str = ""
    ) -> Field:
        """Add a one-line text or number field."""
        editor = QLineEdit()
        editor.setAccessibleName(caption)
        return self.add(Field(key, caption, editor, parse, unit, hint))

    def choice(
        self, key: str, caption: str, choices: Sequence[tuple[str, str]], hint: str = ""
    ) -> Field:
        """Add a drop-down of (value, text) choices."""
        editor = QComboBox()
        editor.setAccessibleName(caption)
        for value, text in choices:
            editor.addItem(text, value)
        return self.add(Field(key, caption, editor, None, "", hint, choices))

    def _live_check(self, key: str) -> None:
        # While typing, only clear an error that has been fixed; never nag mid-word.
        field = self.fields[key]
        _value, error = field.read()
        if error is None:
            field.set_error(None)

    def _commit(self, key: str) -> None:
        field = self.fields[key]
        _value, error = field.read()
        field.set_error(error)
        self.committed.emit(key)

    def values(self) -> tuple[dict[str, Any], dict[str, str]]:
        """Every field's value and the errors, by key; shows each error inline."""
        values: dict[str, Any] = {}
        errors: dict[str, str] = {}
        for key, field in self.fields.items():
            value, error = field.read()
            field.set_error(error)
            values[key] = value
            if error is not None:
                errors[key] = error
        return values, errors
