"""Correcting a quote line or a quote's terms: one form per record, checked as the CLI checks.

The fields are read from the record itself (``services.fields``): a choice list for
each fixed vocabulary (deployment, unit, category …), "not stated / yes / no" for
yes-no terms, a text box for the rest. Only the fields the person changed are
applied, through the same parser and checks as ``computescore quote edit``; a
refusal is shown in the dialog, which stays open, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from enum import Enum
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.quotes import Quote, QuoteLine
from computescore.domain.workload import Evaluation
from computescore.errors import UserError
from computescore.gui import format as fmt
from computescore.gui.widgets import Banner, label, save_cancel
from computescore.services.fields import (
    apply_changes,
    field_types,
    label_of,
    optional_type,
    value_text,
)
from computescore.services.records import (
    EVALUATION_FIELDS,
    TERMS,
    check_evaluation,
    corrected_line,
    corrected_terms,
)
from computescore.vocabulary import DEPLOYMENT_WORDS

NOT_STATED = "not stated"

TERM_GROUP_TITLES = {
    "sla": "SLA",
    "support": "Support",
    "reliability": "Reliability",
    "performance": "Measured performance",
    "exit": "Exit terms",
}
TERM_ATTRS = {
    "sla": "sla",
    "support": "support",
    "reliability": "reliability",
    "performance": "performance",
    "exit": "exit_terms",
}
SPECIAL_HINTS = {
    "credits": "below uptime %: credit %, e.g. 99.9:10, 99:25",
    "response_minutes": "severity: minutes, e.g. 1:30, 2:120, 3:none",
}
FIELD_HINTS = {
    **SPECIAL_HINTS,
    "annual_failure_rate": "a fraction per year: 0.02 = 2 % of accelerators fail",
    "mfu": "a fraction: 0.41 = 41 % of peak",
    "spot_interruptions_per_hour": "per hour: 0.02 = one interruption in 50 hours",
    "accelerator": "catalogue id, e.g. nvidia-h100-sxm (computescore accelerators)",
    "country": "ISO code, e.g. DE",
    "reporting_currency": (
        "ISO code, e.g. EUR: every figure is shown in it, converted from US dollars at the "
        "newest rate on or before the decision date (Edit ▸ Exchange rates)"
    ),
}
"""A muted line under the fields whose form is not obvious."""


def choice_words(value: str) -> str:
    """A fixed-vocabulary value in words: "per GPU-hour", "On-demand", "Gpu cloud" → words."""
    if value in fmt.UNIT_LABELS:
        return (
            "per " + fmt.UNIT_LABELS[value] if value.startswith("per_") else fmt.UNIT_LABELS[value]
        )
    return DEPLOYMENT_WORDS.get(value) or fmt.words(value)


def special_text(name: str, value: Any) -> str:
    """The credit schedule and response times as the ``A:B, …`` text their parser reads."""
    if name == "credits":
        return ", ".join(f"{c.below_uptime_pct:g}:{c.credit_pct:g}" for c in value)
    if name == "response_minutes":
        return ", ".join(f"{k}:{'none' if v is None else v}" for k, v in value.items())
    return value_text(value)


class FieldEditors:
    """A form with one editor per field of a record; reports the fields changed as text."""

    def __init__(
        self, record: Any, *, skip: tuple[str, ...] = (), labels: Mapping[str, str] | None = None
    ) -> None:
        self.widget = QWidget()
        form = QFormLayout(self.widget)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.editors: dict[str, QLineEdit | QComboBox] = {}
        self.initial: dict[str, str] = {}
        for name, kind in field_types(type(record)).items():
            if name in skip:
                continue
            value = getattr(record, name)
            base, optional = optional_type(kind)
            text = special_text(name, value) if name in SPECIAL_HINTS else value_text(value)
            editor: QLineEdit | QComboBox
            if isinstance(base, type) and (issubclass(base, Enum) or base is bool):
                editor = QComboBox()
                choices = [m.value for m in base] if base is not bool else ["yes", "no"]
                if optional:
                    editor.addItem(NOT_STATED, "")
                for choice in choices:
                    editor.addItem(choice_words(str(choice)), str(choice))
                editor.setCurrentIndex(max(editor.findData(text), 0))
            else:
                editor = QLineEdit(text)
                if name in SPECIAL_HINTS:
                    editor.setPlaceholderText(SPECIAL_HINTS[name])
            editor.setObjectName(name)
            self.editors[name] = editor
            self.initial[name] = self.text(name)
            if base is date:
                editor.setPlaceholderText("YYYY-MM-DD")
            form.addRow((labels or {}).get(name) or label_of(name), editor)
            if name in FIELD_HINTS:
                form.addRow("", label(FIELD_HINTS[name], "Muted", wrap=True))

    def text(self, name: str) -> str:
        """The text of one editor (a choice's value, not its words)."""
        editor = self.editors[name]
        if isinstance(editor, QComboBox):
            return str(editor.currentData() or "")
        return editor.text()

    def changed(self) -> dict[str, str]:
        """Field → text for every field whose text differs from the starting one."""
        return {
            name: self.text(name) for name in self.editors if self.text(name) != self.initial[name]
        }


class RecordDialog(QDialog):
    """A dialog that edits one record: a heading, a banner for refusals, Save and Cancel.

    Subclasses fill :attr:`body` and implement :meth:`build`, which returns the new
    record or raises a ``UserError``; a refusal is shown and the dialog stays open.
    """

    def __init__(self, title: str, heading: str, width: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(width)
        self.result: Any = None
        self.layout_ = QVBoxLayout(self)
        self.heading = label(heading, "SectionTitle", wrap=True)
        self.layout_.addWidget(self.heading)
        self.banner = Banner()
        self.layout_.addWidget(self.banner)
        self.body = QVBoxLayout()
        self.layout_.addLayout(self.body, 1)
        buttons, _save = save_cancel(self, self._save)
        self.layout_.addWidget(buttons)

    def build(self) -> Any:
        """The edited record (raises ``UserError`` to refuse)."""
        raise NotImplementedError

    def _save(self) -> None:
        try:
            new = self.build()
        except UserError as exc:
            self.banner.show_message(f"Not saved: {exc.message}", "warning")
            return
        self.result = new
        self.accept()


class LineDialog(RecordDialog):
    """Correct one line of a quote (every field but its source)."""

    def __init__(self, line: QuoteLine, where: str, parent: QWidget | None = None) -> None:
        super().__init__("Edit quote line", where, 520, parent)
        self.old = line
        self.where = where
        if line.source:
            self.body.addWidget(label(f"Imported from {line.source}", "Muted", wrap=True))
        self.fields = FieldEditors(line, skip=("source",))
        self.body.addWidget(self.fields.widget)

    @property
    def result_line(self) -> QuoteLine | None:
        """The corrected line once saved."""
        line: QuoteLine | None = self.result
        return line

    def build(self) -> QuoteLine:
        """The line with the changed fields, checked as an imported line is."""
        return corrected_line(self.old, self.fields.changed(), where=self.where)


class TermsDialog(RecordDialog):
    """Correct a quote's SLA, support, reliability, measured performance and exit terms."""

    def __init__(self, quote: Quote, parent: QWidget | None = None) -> None:
        super().__init__("Edit quote terms", quote.label, 560, parent)
        self.old = quote
        self.tabs = QTabWidget()
        self.groups: dict[str, FieldEditors] = {}
        for group in TERMS:
            editors = FieldEditors(getattr(quote, TERM_ATTRS[group]))
            self.groups[group] = editors
            self.tabs.addTab(editors.widget, TERM_GROUP_TITLES[group])
        self.body.addWidget(self.tabs, 1)

    @property
    def result_quote(self) -> Quote | None:
        """The quote with its corrected terms once saved."""
        quote: Quote | None = self.result
        return quote

    def changed(self) -> Mapping[str, str]:
        """``group.field`` → text of every changed term."""
        return {
            f"{group}.{name}": text
            for group, editors in self.groups.items()
            for name, text in editors.changed().items()
        }

    def build(self) -> Quote:
        """The quote with the changed terms."""
        new, _ = corrected_terms(self.old, self.changed())
        return new


EVALUATION_LABELS = {
    "name": "Name",
    "decision_date": "Decision date",
    "end_user": "End user",
    "end_user_hq": "End user's headquarters (ISO code)",
    "prepared_by": "Prepared by",
    "description": "Description",
    "reporting_currency": "Reporting currency",
}


class EvaluationDialog(RecordDialog):
    """Edit the evaluation's name, decision date, end user and who prepares it."""

    def __init__(self, evaluation: Evaluation, parent: QWidget | None = None) -> None:
        super().__init__("Evaluation details", evaluation.name, 520, parent)
        self.body.addWidget(
            label(
                "The decision date is the day certifications and export-control rules are "
                "judged on; the end user's headquarters is checked by export-control rules as "
                "well as where the compute runs.",
                "Muted",
                wrap=True,
            )
        )
        self.old = evaluation
        skip = tuple(name for name in field_types(Evaluation) if name not in EVALUATION_FIELDS)
        self.fields = FieldEditors(evaluation, skip=skip, labels=EVALUATION_LABELS)
        self.body.addWidget(self.fields.widget)

    @property
    def result_evaluation(self) -> Evaluation | None:
        """The edited evaluation once saved."""
        evaluation: Evaluation | None = self.result
        return evaluation

    def build(self) -> Evaluation:
        """The evaluation with the changed fields, checked."""
        changes = dict(self.fields.changed())
        for code in ("end_user_hq", "reporting_currency"):
            if code in changes:
                changes[code] = changes[code].strip().upper()
        new: Evaluation = apply_changes(self.old, changes, what="evaluation")
        check_evaluation(new)
        return new
