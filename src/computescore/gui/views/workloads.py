"""Workloads: the evaluation's workload profiles, edited in place with inline validation.

Each accepted field is saved at once as one undoable, audited change; a value
that is not accepted stays in its field with the reason under it and is not saved.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from computescore.domain.catalog import Precision
from computescore.domain.sizing.serving import OUTPUT_SHARE_DEFAULT
from computescore.domain.workload import (
    DataClassification,
    Purpose,
    Workload,
    WorkloadClass,
    workload_problems,
)
from computescore.gui import commands
from computescore.gui import format as fmt
from computescore.gui.errors import guarded
from computescore.gui.forms import (
    Form,
    country_parser,
    date_parser,
    format_number,
    number_parser,
    text_parser,
)
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import Banner, button, confirm, label, scroll_page, section_title
from computescore.gui.workspace import Snapshot

PURPOSES = [(p.value, fmt.words(p.value)) for p in Purpose]
CLASSES = [
    ("steady", "Steady — production inference, RAG"),
    ("variable", "Variable — seasonal training, spikes"),
    ("exploratory", "Exploratory — trials, data preparation"),
]
PRECISIONS = [(p.value, p.value.upper()) for p in Precision]
CLASSIFICATIONS = [(c.value, fmt.words(c.value)) for c in DataClassification]


def build_workload_form() -> Form:
    """The workload form: every field with its unit, hint and rule."""
    form = Form(columns=2)
    form.line("name", "Name", text_parser("Name", optional=False), hint="e.g. Production inference")
    form.choice("purpose", "Purpose", PURPOSES)
    form.choice("workload_class", "Demand pattern", CLASSES, hint="Sets the default weights")
    form.line(
        "params",
        "Model size",
        number_parser("Model size", minimum=0.001, maximum=100_000, scale=1e9, example="13"),
        "billion parameters",
    )
    form.line(
        "training_tokens",
        "Training tokens",
        number_parser("Training tokens", minimum=0, optional=True, scale=1e9, example="200"),
        "billion tokens",
        "Training and fine-tuning workloads",
    )
    form.line(
        "tokens_per_day",
        "Tokens served per day",
        number_parser("Tokens per day", minimum=0, optional=True, scale=1e9, example="2"),
        "billion tokens / day",
        "Inference workloads",
    )
    form.line(
        "context_length",
        "Context length",
        number_parser(
            "Context length", minimum=1, maximum=10_000_000, integer=True, example="8192"
        ),
        "tokens",
    )
    form.line(
        "batch_size",
        "Concurrent sequences",
        number_parser("Batch size", minimum=1, maximum=100_000, integer=True, example="32"),
        "sequences",
    )
    form.line(
        "layers",
        "Layers",
        number_parser(
            "Layers", minimum=1, maximum=1_000, integer=True, optional=True, example="80"
        ),
        "layers",
        "Model shape, for the KV cache: empty to assume it from the size",
    )
    form.line(
        "kv_heads",
        "KV heads",
        number_parser(
            "KV heads", minimum=1, maximum=1_024, integer=True, optional=True, example="8"
        ),
        "heads",
        "Fewer than the attention heads with grouped-query attention",
    )
    form.line(
        "head_dim",
        "Head dimension",
        number_parser(
            "Head dimension", minimum=1, maximum=4_096, integer=True, optional=True, example="128"
        ),
    )
    form.line(
        "kv_bytes",
        "KV cache precision",
        number_parser("KV bytes", minimum=0.25, maximum=4, example="2"),
        "bytes per value",
        "2 for BF16, 1 for an FP8 or INT8 cache",
    )
    form.line(
        "job_every_days",
        "Job runs every",
        number_parser("Job cadence", minimum=1, maximum=3_650, optional=True, example="91"),
        "days",
        "A recurring training job must finish within it (91 for quarterly)",
    )
    form.line(
        "hours_per_day",
        "Hours of use per day",
        number_parser("Hours per day", minimum=0.1, maximum=24, example="20"),
        "h / day",
        "Hours the capacity is really busy",
    )
    form.line(
        "horizon_months",
        "Horizon",
        number_parser("Horizon", minimum=1, maximum=240, integer=True, example="36"),
        "months",
    )
    form.line(
        "needed_by",
        "Needed by",
        date_parser("Needed by"),
        "YYYY-MM-DD",
        "When the capacity must be in service: the plan leaves out lines delivered later",
    )
    form.line(
        "accelerators",
        "Accelerators needed at once",
        number_parser("Accelerators", minimum=1, maximum=1_000_000, integer=True, example="16"),
        "accelerators",
        "At the peak, when demand varies",
    )
    form.line(
        "baseline_accelerators",
        "Needed all year",
        number_parser(
            "Baseline", minimum=0, maximum=1_000_000, integer=True, optional=True, example="16"
        ),
        "accelerators",
        "Variable demand: the baseline; empty when demand is flat",
    )
    form.line(
        "peak_months_per_year",
        "Peak months",
        number_parser("Peak months", minimum=0, maximum=12, optional=True, example="3"),
        "months / year",
        "How long demand is at its peak each year",
    )
    form.choice("precision", "Precision", PRECISIONS)
    form.line(
        "assumed_mfu",
        "Assumed MFU",
        number_parser("MFU", minimum=1, maximum=100, scale=0.01, example="40"),
        "%",
        "BF16; used where a vendor has no measured figure (30–50 % is typical)",
    )
    form.line(
        "fp8_training_mfu",
        "FP8 training MFU",
        number_parser("FP8 MFU", minimum=1, maximum=100, scale=0.01, optional=True, example="24"),
        "%",
        "Of the 8-bit peak; empty: 60 % of the BF16 MFU (about 1.2× the BF16 speed)",
    )
    form.choice("data_classification", "Data classification", CLASSIFICATIONS)
    form.line("country", "Runs in", country_parser("Country"), "ISO code", "Where the compute runs")
    form.line(
        "required_region",
        "Data must stay in",
        text_parser("Region", optional=True),
        "",
        "A region (EU) or country code; empty when free",
    )
    form.line(
        "latency_ms",
        "Latency target",
        number_parser("Latency", minimum=1, maximum=600_000, optional=True, example="300"),
        "ms",
    )
    form.line(
        "required_certifications",
        "Required certifications",
        text_parser("Certifications"),
        "",
        "Comma-separated, e.g. ISO/IEC 27001, SOC 2 Type II",
    )
    return form


def show_workload(form: Form, workload: Workload) -> None:
    """Put ``workload``'s values in ``form``."""
    f = form.fields
    f["name"].show(workload.name)
    f["purpose"].show(workload.purpose.value)
    f["workload_class"].show(workload.workload_class.value)
    f["params"].show(workload.params / 1e9, format_number)
    f["training_tokens"].show(
        None if workload.training_tokens is None else workload.training_tokens / 1e9,
        format_number,
    )
    f["tokens_per_day"].show(
        None if workload.tokens_per_day is None else workload.tokens_per_day / 1e9, format_number
    )
    f["context_length"].show(workload.context_length, lambda v: format_number(v, 0))
    f["batch_size"].show(workload.batch_size, lambda v: format_number(v, 0))
    f["job_every_days"].show(workload.job_every_days, format_number)
    f["layers"].show(workload.layers, lambda v: format_number(v, 0))
    f["kv_heads"].show(workload.kv_heads, lambda v: format_number(v, 0))
    f["head_dim"].show(workload.head_dim, lambda v: format_number(v, 0))
    f["kv_bytes"].show(workload.kv_bytes, format_number)
    f["hours_per_day"].show(workload.hours_per_day, format_number)
    f["horizon_months"].show(workload.horizon_months)
    f["needed_by"].show(workload.needed_by, lambda v: "" if v is None else v.isoformat())
    f["accelerators"].show(workload.accelerators, lambda v: format_number(v, 0))
    f["baseline_accelerators"].show(workload.baseline_accelerators, lambda v: format_number(v, 0))
    f["peak_months_per_year"].show(workload.peak_months_per_year, format_number)
    f["precision"].show(workload.precision.value)
    f["assumed_mfu"].show(workload.assumed_mfu * 100, lambda v: format_number(v, 2))
    f["fp8_training_mfu"].show(
        None if workload.fp8_training_mfu is None else workload.fp8_training_mfu * 100,
        lambda v: format_number(v, 2),
    )
    f["data_classification"].show(workload.data_classification.value)
    f["country"].show(workload.country)
    f["required_region"].show(workload.required_region)
    f["latency_ms"].show(workload.latency_ms, format_number)
    f["required_certifications"].show(", ".join(workload.required_certifications))


def _whole(value: Any) -> int | None:
    return None if value is None else int(value)


def workload_from_values(base: Workload, values: dict[str, Any]) -> Workload:
    """A workload with the form's (valid) values."""
    certs = tuple(c.strip() for c in str(values["required_certifications"]).split(",") if c.strip())
    return replace(
        base,
        name=values["name"],
        purpose=Purpose(values["purpose"]),
        workload_class=WorkloadClass(values["workload_class"]),
        params=float(values["params"]),
        training_tokens=values["training_tokens"],
        tokens_per_day=values["tokens_per_day"],
        context_length=int(values["context_length"]),
        batch_size=int(values["batch_size"]),
        hours_per_day=float(values["hours_per_day"]),
        horizon_months=int(values["horizon_months"]),
        needed_by=values["needed_by"],
        accelerators=int(values["accelerators"]),
        baseline_accelerators=_whole(values["baseline_accelerators"]),
        peak_months_per_year=values["peak_months_per_year"],
        precision=Precision(values["precision"]),
        assumed_mfu=float(values["assumed_mfu"]),
        fp8_training_mfu=values["fp8_training_mfu"],
        job_every_days=values["job_every_days"],
        layers=_whole(values["layers"]),
        kv_heads=_whole(values["kv_heads"]),
        head_dim=_whole(values["head_dim"]),
        kv_bytes=float(values["kv_bytes"]),
        data_classification=DataClassification(values["data_classification"]),
        country=values["country"],
        required_region=values["required_region"],
        latency_ms=values["latency_ms"],
        required_certifications=certs,
    )


class WorkloadsView(View):
    """The evaluation's workload profiles."""

    key = "workloads"
    title = "Workloads"
    icon_name = "workloads"
    subtitle = "What must run, how much and where. Changes are saved as you leave each field."

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        row = QHBoxLayout()
        row.setSpacing(2 * SPACING)
        left = QVBoxLayout()
        left.setSpacing(SPACING)
        left.addWidget(section_title("Profiles"))
        self.list = QListWidget()
        self.list.setMaximumWidth(300)
        self.list.setMinimumWidth(220)
        self.list.setWordWrap(True)
        self.list.setSpacing(2)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.currentRowChanged.connect(self._on_row)
        left.addWidget(self.list, 1)
        self.add_button = button("Add workload", "plus")
        self.add_button.clicked.connect(self.add_workload)
        left.addWidget(self.add_button)
        more = QHBoxLayout()
        more.setSpacing(SPACING)
        self.duplicate_button = button("Duplicate", "new")
        self.duplicate_button.setToolTip("Add a copy of the selected workload to vary it")
        self.duplicate_button.clicked.connect(self.duplicate_workload)
        self.remove_button = button("Remove…", "trash")
        self.remove_button.setToolTip(
            "Move the selected workload to Edit ▸ Recently deleted (it can be restored)"
        )
        self.remove_button.clicked.connect(self.remove_workload)
        more.addWidget(self.duplicate_button)
        more.addWidget(self.remove_button)
        left.addLayout(more)
        row.addLayout(left)
        right = QVBoxLayout()
        right.setSpacing(SPACING)
        self.banner = Banner()
        right.addWidget(self.banner)
        self.form = build_workload_form()
        self.form.committed.connect(self._on_commit)
        right.addWidget(scroll_page(self.form.widget), 1)
        self.note = label("", "Muted", wrap=True)
        right.addWidget(self.note)
        row.addLayout(right, 1)
        self.body_layout.addLayout(row, 1)
        self._ids: list[int] = []
        self._workloads: list[Workload] = []
        self._output_share = OUTPUT_SHARE_DEFAULT

    def populate(self, snapshot: Snapshot) -> None:
        """List the workloads and show the selected one."""
        evaluation = snapshot.evaluation
        assert evaluation is not None
        current = max(self.list.currentRow(), 0)
        self._ids = list(snapshot.workload_ids)
        self._workloads = list(evaluation.workloads)
        self._output_share = snapshot.output_share
        self.list.blockSignals(True)
        self.list.clear()
        for workload in self._workloads:
            item = QListWidgetItem(workload.name)
            item.setToolTip(f"{fmt.words(workload.purpose.value)}, {workload.workload_class.value}")
            self.list.addItem(item)
        self.list.blockSignals(False)
        self.form.widget.setEnabled(bool(self._workloads))
        self.duplicate_button.setEnabled(bool(self._workloads))
        self.remove_button.setEnabled(bool(self._workloads))
        if not self._workloads:
            self.banner.show_message(
                "This evaluation has no workload profile yet. Add one.", "info"
            )
            return
        self.banner.setVisible(False)
        self.list.setCurrentRow(min(current, len(self._workloads) - 1))
        self._on_row(self.list.currentRow())

    def _on_row(self, row: int) -> None:
        if 0 <= row < len(self._workloads):
            show_workload(self.form, self._workloads[row])
            self.note.setText(self._brief(self._workloads[row], self._output_share))

    @staticmethod
    def _brief(workload: Any, output_share: float) -> str:
        """What the workload needs on the reference accelerator (see the services)."""
        from computescore.services.catalogue import load_catalogue
        from computescore.services.estimates import workload_brief

        try:
            brief = workload_brief(workload, load_catalogue(), output_share)
        except (ValueError, ArithmeticError, KeyError):  # a half-edited workload may not size
            brief = ""
        return brief or (
            "Sizing uses 6 × parameters × tokens FLOPs for training and 2 × parameters per "
            "token for inference."
        )

    @guarded
    def _on_commit(self, _key: str) -> None:
        row = self.list.currentRow()
        if not (0 <= row < len(self._workloads)):
            return
        values, errors = self.form.values()
        old = self._workloads[row]
        new = old
        if not errors:
            # The rules that join fields are the domain's, as for the command line.
            new = workload_from_values(old, values)
            errors = workload_problems(new)
            for key, message in errors.items():
                if key in self.form.fields:
                    self.form.fields[key].set_error(message)
        if errors:
            self.banner.show_message("Not saved: " + next(iter(errors.values())) + ".", "warning")
            return
        self.banner.setVisible(False)
        if new != old:
            commands.update_workload(self.workspace, self._ids[row], old, new)
            self._workloads[row] = new
            self.list.item(row).setText(new.name)

    @guarded
    def add_workload(self, _checked: bool = False) -> None:
        """Add a workload profile with sensible starting values."""
        evaluation = self.workspace.require_evaluation()
        number = len(evaluation.workloads) + 1
        workload = Workload(
            name=f"Workload {number}",
            purpose=Purpose.INFERENCE,
            workload_class=WorkloadClass.STEADY,
            params=7e9,
            hours_per_day=12,
            horizon_months=36,
            tokens_per_day=1e9,
        )
        commands.add_workload(self.workspace, workload)
        self.list.setCurrentRow(number - 1)

    @guarded
    def duplicate_workload(self, _checked: bool = False) -> None:
        """Add a copy of the selected workload, named so it is told apart."""
        row = self.list.currentRow()
        if not 0 <= row < len(self._workloads):
            return
        source = self._workloads[row]
        names = {w.name for w in self._workloads}
        number = 2
        while f"{source.name} ({number})" in names:
            number += 1
        commands.add_workload(self.workspace, replace(source, name=f"{source.name} ({number})"))
        self.list.setCurrentRow(len(self._workloads))

    @guarded
    def remove_workload(self, _checked: bool = False) -> None:
        """Move the selected workload to the recently deleted list, after asking once."""
        row = self.list.currentRow()
        if not 0 <= row < len(self._workloads):
            return
        name = self._workloads[row].name
        text = (
            f"Remove the workload “{name}”?\n\nIt stays in Edit ▸ Recently deleted until you "
            "empty that list, and Edit ▸ Undo puts it back at once."
        )
        if confirm(self, "Remove workload", text, "Remove"):
            commands.delete_record(self.workspace, "workload", self._ids[row], name)
