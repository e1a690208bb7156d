"""Scorecard: weights per axis with presets, a ranking that follows them live, and robustness."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIntValidator
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QSlider,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.figures import flag_mark
from computescore.domain.scoring import TOKEN_API_REASON
from computescore.domain.weights import weights_origin
from computescore.gui import analysis as an
from computescore.gui import commands, theme
from computescore.gui import format as fmt
from computescore.gui.charts import ChartView
from computescore.gui.errors import guarded
from computescore.gui.models.table import Column, RowTableModel
from computescore.gui.presenters.scorecard import (
    SUPPORTING_TIP,
    leader_summary,
    method_text,
    supporting_title,
)
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import (
    Banner,
    button,
    configure_table,
    label,
    rows_height,
    section_title,
)
from computescore.gui.workspace import Snapshot
from computescore.vocabulary import AXES, AXIS_HINTS, AXIS_TITLES


def _knocked(row: Any) -> bool:
    return bool(row.knockouts)


class _Marked(float):
    """A score that sorts as a number and shows its mark (``?`` missing, ``!`` incomplete)."""

    mark = ""


def _axis_column(axis: str, index: int, fg: Any) -> Column:
    def score(row: Any) -> float:
        item = row.axes[index]
        value = _Marked(item.score)
        value.mark = flag_mark(item.flags)
        return value

    def explain(row: Any) -> str:
        return str(row.axes[index].explanation)

    return Column(
        AXIS_TITLES[axis],
        score,
        text=lambda v: f"{v:.0f}{getattr(v, 'mark', '')}",
        numeric=True,
        width=8,
        foreground=fg,
        tooltip=explain,
    )


def ranking_columns(swatches: dict[str, Any] | None = None) -> list[Column]:
    """Columns of the ranking table; knocked-out quotes are struck through.

    ``swatches`` maps a quote key to its colour in the radar chart, drawn before the
    quote's name so the chart needs no legend.
    """
    muted = theme.current().color("muted")
    colours = swatches if swatches is not None else {}

    def fg(row: Any) -> Any:
        return muted if _knocked(row) else None

    columns = [
        Column(
            "Rank",
            lambda r: r.rank,
            text=lambda v: "—" if v is None else str(v),
            numeric=True,
            width=5,
            bold=lambda r: r.rank == 1,
        ),
        Column(
            "Quote",
            lambda r: r.label,
            width=26,
            strike=_knocked,
            foreground=fg,
            bold=lambda r: r.rank == 1,
            elide=Qt.TextElideMode.ElideMiddle,
            keep=3,
            decoration=lambda r: colours.get(r.quote_key),
            tooltip=lambda r: (
                "Colour: its line in the radar chart" if r.quote_key in colours else None
            ),
        ),
        Column(
            "Total",
            lambda r: r.weighted_total,
            text=fmt.score,
            numeric=True,
            width=6,
            strike=_knocked,
            foreground=fg,
            bold=lambda r: r.rank == 1,
        ),
    ]
    for index, axis in enumerate(AXES):
        columns.append(_axis_column(axis, index, fg))
    columns.append(
        Column(
            "Knocked out because",
            lambda r: (
                "; ".join(f"{k.title}" for k in r.knockouts[:2])
                + (f" (+{len(r.knockouts) - 2} more)" if len(r.knockouts) > 2 else "")
            ),
            width=36,
            foreground=lambda r: theme.severity_colors("knockout")[0] if _knocked(r) else None,
            tooltip=lambda r: "\n".join(f"{k.title}: {k.reason}" for k in r.knockouts) or None,
        )
    )
    return columns


def supporting_columns() -> list[Column]:
    """Columns of the supporting quotes (no compute lines): listed, never ranked."""
    return [
        Column(
            "Quote",
            lambda r: r.label,
            width=30,
            elide=Qt.TextElideMode.ElideMiddle,
            keep=3,
            tooltip=lambda r: f"{r.label}: {r.reason}",
        ),
        Column(
            "Offers",
            lambda r: ", ".join(fmt.words(o).lower() for o in r.offers),
            width=24,
            description="the cost categories it prices",
        ),
        Column(
            "TCO",
            lambda r: r.headline_usd,
            text=fmt.money,
            numeric=True,
            description="its own total over the horizon (not comparable with compute offers)",
        ),
        Column(
            "Service",
            lambda r: r.service.score,
            text=lambda v: f"{v:.0f}",
            numeric=True,
            tooltip=lambda r: str(r.service.explanation),
        ),
        Column(
            "Compliance",
            lambda r: r.compliance.score,
            text=lambda v: f"{v:.0f}",
            numeric=True,
            tooltip=lambda r: str(r.compliance.explanation),
        ),
        Column(
            "Houses",
            lambda r: (
                "knocked out: " + "; ".join(k.title for k in r.knockouts)
                if r.knockouts
                else r.housing_text()
                or (
                    "— (sells tokens)"
                    if r.reason == TOKEN_API_REASON
                    else "no owned option in this evaluation"
                )
            ),
            width=36,
            foreground=lambda r: theme.severity_colors("knockout")[0] if r.knockouts else None,
            tooltip=lambda r: (
                "\n".join([f"{k.title}: {k.reason}" for k in r.knockouts] or [r.housing_text()])
                or None
            ),
            description="the owned compute offers this facility or service could go with",
        ),
    ]


class WeightRow:
    """One axis: a slider and a spin box kept in step, and the normalised share."""

    def __init__(self, axis: str, grid: QGridLayout, row: int, on_change: Any, on_done: Any):
        self.axis = axis
        title = label(AXIS_TITLES[axis])
        title.setStyleSheet("font-weight: 600;")
        bold = title.font()
        bold.setBold(True)
        from PySide6.QtGui import QFontMetrics

        title.setMinimumWidth(QFontMetrics(bold).horizontalAdvance("Performance") + 6)
        title.setToolTip(AXIS_HINTS[axis])
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, 100)
        self.slider.setPageStep(5)
        self.slider.setMinimumWidth(90)
        self.slider.setAccessibleName(f"{AXIS_TITLES[axis]} weight")
        self.entry = QLineEdit()
        self.entry.setValidator(QIntValidator(0, 100, self.entry))
        self.entry.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.entry.setFixedWidth(self.entry.fontMetrics().horizontalAdvance("100") + 28)
        self.entry.setAccessibleName(f"{AXIS_TITLES[axis]} weight in percent")
        self.entry.setToolTip("0–100; the weights are normalised to sum to 100 %")
        percent = label("%", "Muted")
        self.share = label("", "Muted")
        self.share.setMinimumWidth(self.share.fontMetrics().horizontalAdvance("= 100.0 %") + 6)
        self.share.setToolTip("Share after normalising the weights to sum to 100 %")
        entry_box = QHBoxLayout()
        entry_box.setSpacing(4)
        entry_box.addWidget(self.entry)
        entry_box.addWidget(percent)
        grid.addWidget(title, row, 0)
        grid.addWidget(self.slider, row, 1)
        grid.addLayout(entry_box, row, 2)
        grid.addWidget(self.share, row, 3)
        self.slider.valueChanged.connect(self._slider_moved)
        self.entry.textEdited.connect(self._entry_changed)
        self.slider.sliderReleased.connect(on_done)
        self.entry.editingFinished.connect(on_done)
        self._on_change = on_change
        self._on_done = on_done

    def _slider_moved(self, value: int) -> None:
        self.entry.setText(str(value))
        self._on_change()
        if not self.slider.isSliderDown():
            self._on_done()

    def _entry_changed(self, _text: str) -> None:
        self.slider.blockSignals(True)
        self.slider.setValue(self.value())
        self.slider.blockSignals(False)
        self._on_change()

    def set(self, value: float) -> None:
        """Show ``value`` (0–100) without emitting changes."""
        self.slider.blockSignals(True)
        self.slider.setValue(round(value))
        self.slider.blockSignals(False)
        self.entry.setText(str(round(value)))

    def type_value(self, value: int) -> None:
        """Enter ``value`` as a user would type it (then call ``entry.editingFinished``)."""
        self.entry.setText(str(value))
        self._entry_changed(str(value))

    def value(self) -> int:
        """The raw weight (0–100)."""
        text = self.entry.text().strip()
        return max(0, min(100, int(text))) if text.isdigit() else 0


class ScorecardView(View):
    """The five-axis scorecard."""

    key = "scorecard"
    title = "Scorecard"
    icon_name = "scorecard"
    subtitle = "Move a weight and the ranking follows at once; each change is saved and undoable."

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        self.analysis: an.Analysis | None = None
        self._presets: dict[str, Any] = {}
        self._saved: dict[str, float] = {}

        weights_frame = QFrame()
        self.weights_frame = weights_frame
        weights_frame.setObjectName("Card")
        weights_layout = QVBoxLayout(weights_frame)
        weights_layout.setContentsMargins(2 * SPACING, 8, 2 * SPACING, 8)
        weights_layout.setSpacing(6)
        head = QHBoxLayout()
        head.addWidget(section_title("Weights"))
        head.addStretch(1)
        head.addWidget(label("Preset", "Muted"))
        self.preset = QComboBox()
        self.preset.setToolTip("Start from the weights suited to a demand pattern")
        self.preset.activated.connect(self._apply_preset)
        head.addWidget(self.preset)
        weights_layout.addLayout(head)
        grid = QGridLayout()
        grid.setHorizontalSpacing(SPACING)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(1, 1)
        self.rows = {
            axis: WeightRow(axis, grid, index, self._weights_moved, self._weights_done)
            for index, axis in enumerate(AXES)
        }
        weights_layout.addLayout(grid)
        self.weights_note = label("Weights are normalised to sum to 100 %.", "Muted", wrap=True)
        weights_layout.addWidget(self.weights_note)
        weights_layout.addStretch(1)
        weights_frame.setMinimumWidth(weights_frame.fontMetrics().horizontalAdvance("n") * 44)
        weights_frame.setMaximumWidth(weights_frame.fontMetrics().horizontalAdvance("n") * 56)

        self.summary = Banner()
        self.caveat = Banner()
        self.caveat.action_clicked.connect(lambda: self.navigate.emit("fx"))
        self.method = label("", "Muted", wrap=True)
        self.method.setObjectName("ScoreMethod")
        self._swatches: dict[str, Any] = {}
        self.ranking_model = RowTableModel(ranking_columns(self._swatches))
        self.table = QTableView()
        self.table.setModel(self.ranking_model)
        configure_table(self.table, self.ranking_model.columns)
        self.table.setMinimumHeight(120)

        self.supporting_title = label("", "Muted", wrap=True)
        self.supporting_model = RowTableModel(supporting_columns())
        self.supporting = QTableView()
        self.supporting.setModel(self.supporting_model)
        configure_table(self.supporting, self.supporting_model.columns)

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.setSpacing(SPACING)
        top_layout.addWidget(self.caveat)
        top_layout.addWidget(self.summary)
        top_layout.addWidget(self.table, 10)
        top_layout.addWidget(self.method)
        top_layout.addWidget(self.supporting_title)
        top_layout.addWidget(self.supporting)
        top_layout.addStretch(1)

        self.radar = ChartView(200)
        self.contrib = ChartView(200)
        self.radar.setMinimumWidth(260)
        self.contrib.setMinimumWidth(300)
        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(weights_frame)
        bottom.addWidget(self.radar)
        bottom.addWidget(self.contrib)
        bottom.setStretchFactor(0, 0)
        bottom.setStretchFactor(1, 2)
        bottom.setStretchFactor(2, 3)
        bottom.setChildrenCollapsible(False)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        split.setSizes([3000, 1800])
        self.split = split
        self.body_layout.addWidget(split, 1)
        self.reset = button("Reset to preset")
        self.reset.setToolTip("Use the preset of the workload's demand pattern")
        self.reset.clicked.connect(self._reset_to_preset)
        self.scales_button = button("Score scales…")
        self.scales_button.setToolTip(
            "The anchors that map cost and performance to 0–100 (a target and a ceiling)"
        )
        self.scales_button.clicked.connect(self.edit_scales)
        self.swing_button = button("Swing weighting…")
        self.swing_button.setToolTip(
            "Weights from this evaluation's ranges: which axis would you most like to move "
            "from its worst to its best level?"
        )
        self.swing_button.clicked.connect(self.swing_weighting)
        self.ahp_button = button("Pairwise…")
        self.ahp_button.setToolTip(
            "Weights by pairwise comparison (AHP): how important is each axis against each "
            "other, with the consistency of the answers checked"
        )
        self.ahp_button.clicked.connect(self.pairwise_weighting)
        self.header.add_action(self.swing_button)
        self.header.add_action(self.ahp_button)
        self.header.add_action(self.scales_button)
        self.header.add_action(self.reset)

    # -- wiring ----------------------------------------------------------------------
    def set_analysis(self, analysis: an.Analysis) -> None:
        """Follow the engine's results."""
        self.analysis = analysis
        analysis.changed.connect(self._on_changed)
        analysis.preview_changed.connect(self._show_ranking)

    def ready(self) -> bool:
        """True when results are shown and no redraw is pending (screenshots)."""
        analysis = self.analysis
        idle = analysis is None or analysis.idle()
        return idle and not self.radar.pending() and not self.contrib.pending()

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Say why there is no scorecard."""
        if not an.engine_available():
            return (
                "Not available yet",
                "Scores appear here once the decision engine is installed.",
            )
        snap = self.workspace.snapshot
        if snap is not None and not snap.quotes:
            return ("No quotes to score", "Import quotes first; the scorecard ranks them.")
        analysis = self.analysis
        if analysis is not None and analysis.error and not analysis.available:
            return ("Scores could not be computed", analysis.error)
        if analysis is not None and not analysis.available:
            return ("Computing scores…", "The scorecard appears in a moment.")
        return None

    def populate(self, snapshot: Snapshot) -> None:
        """Show weights, ranking and charts from the engine's result."""
        assert self.analysis is not None
        result = self.analysis.result
        if result is None:
            return
        if not self._presets:
            from computescore.services.evaluate import load_weight_presets

            presets, _problems = load_weight_presets()
            self._presets = {str(getattr(k, "value", k)): v for k, v in presets.items()}
        self.preset.blockSignals(True)
        self.preset.clear()
        for name in self._presets:
            self.preset.addItem(fmt.words(name), name)
        self.preset.addItem("Custom", "custom")
        self.preset.blockSignals(False)
        weights = dict(snapshot.weights) or result.weights.as_dict()
        self._saved = {axis: float(weights.get(axis, 0.0)) for axis in AXES}
        total = sum(self._saved.values()) or 1.0
        for axis, row in self.rows.items():
            row.set(100 * self._saved[axis] / total)
        self._select_preset()
        self.weights_note.setText(
            f"Normalised to sum to 100 %; started from {weights_origin(result.weights.source)}."
        )
        self._show_freeze(snapshot)
        self.header.set_subtitle(
            f"Scored for “{result.workload.name}”. Move a weight and the ranking follows at "
            "once; each change is saved and undoable."
        )
        self._show_ranking()
        self._share_height()

    def resizeEvent(self, event: Any) -> None:
        """Share the height again for the new size."""
        super().resizeEvent(event)
        if self.showing_body:
            self._share_height()

    def _share_height(self) -> None:
        """Give the ranking the height its rows need (up to 60 %), the charts the rest."""
        total = sum(self.split.sizes())
        if total <= 0:
            return
        width = max(self.split.width(), 400)

        def height(widget: QWidget) -> int:
            found = widget.heightForWidth(width)
            return found if found > 0 else widget.sizeHint().height()

        need = self.table.maximumHeight() + 3 * SPACING
        if self.summary.isVisibleTo(self):
            need += height(self.summary) + SPACING
        if self.supporting.isVisibleTo(self):
            need += height(self.supporting_title) + self.supporting.height() + 2 * SPACING
        top = min(need, total * 3 // 5)
        self.split.setSizes([top, total - top])

    # -- weights ---------------------------------------------------------------------
    def raw_weights(self) -> dict[str, float]:
        """The weights as set on screen (0–100 each, not normalised)."""
        return {axis: float(row.value()) for axis, row in self.rows.items()}

    def _select_preset(self) -> None:
        raw = self.raw_weights()
        total = sum(raw.values()) or 1.0
        chosen = "custom"
        for name, preset in self._presets.items():
            values = preset.as_dict()
            if all(abs(values[a] - raw[a] / total) < 0.005 for a in AXES):
                chosen = name
                break
        index = self.preset.findData(chosen)
        self.preset.blockSignals(True)
        self.preset.setCurrentIndex(max(index, 0))
        self.preset.blockSignals(False)

    def _update_shares(self) -> None:
        raw = self.raw_weights()
        total = sum(raw.values())
        for axis, row in self.rows.items():
            row.share.setText(f"= {100 * raw[axis] / total:.1f} %" if total else "= —")

    @guarded
    def _weights_moved(self) -> None:
        self._update_shares()
        raw = self.raw_weights()
        if self.analysis is not None and sum(raw.values()) > 0:
            self.analysis.preview_weights(raw)

    @guarded
    def _weights_done(self) -> None:
        raw = self.raw_weights()
        total = sum(raw.values())
        if total <= 0:
            self.summary.show_message(
                "At least one weight must be above zero; nothing was saved.", "warning"
            )
            return
        normalised = {axis: raw[axis] / total for axis in AXES}
        old_total = sum(self._saved.values()) or 1.0
        if all(abs(normalised[a] - self._saved[a] / old_total) < 1e-9 for a in AXES):
            return
        changed = [a for a in AXES if abs(normalised[a] - self._saved[a] / old_total) > 1e-9]
        what = (
            f"{AXIS_TITLES[changed[0]]} weight {normalised[changed[0]]:.0%}"
            if len(changed) <= 2
            else "weights"
        )
        self._saved = normalised
        commands.set_evaluation_field(self.workspace, "weights", normalised, f"Set {what}")
        self._select_preset()

    @guarded
    def _apply_preset(self, index: int) -> None:
        name = self.preset.itemData(index)
        preset = self._presets.get(name)
        if preset is None:
            return
        for axis, value in preset.as_dict().items():
            self.rows[axis].set(100 * value)
        self._weights_moved()
        self._weights_done()

    @guarded
    def _reset_to_preset(self, _checked: bool = False) -> None:
        result = self.analysis.result if self.analysis else None
        if result is None:
            return
        index = self.preset.findData(result.workload.workload_class.value)
        if index >= 0:
            self.preset.setCurrentIndex(index)
            self._apply_preset(index)

    # -- ranking ---------------------------------------------------------------------
    def _show_freeze(self, snapshot: Snapshot) -> None:
        """Frozen weights and scales cannot be moved here; say so and by whom to unfreeze."""
        from computescore.services.scales import frozen_note

        note = frozen_note(snapshot.assumptions)
        if not note and not snapshot.may_lead:
            note = "Only a lead may change the weights and scales of this team evaluation."
        for widget in (self.preset, self.reset, self.scales_button, self.swing_button):
            widget.setEnabled(not note)
        for row in self.rows.values():
            row.slider.setEnabled(not note)
            row.entry.setEnabled(not note)
        if note and not snapshot.may_lead:
            self.weights_note.setText(note)
        elif note:
            self.weights_note.setText(
                f"{note} Unfreeze them with computescore weights --unfreeze (audited)."
            )

    def _show_caveat(self, result: Any, card: Any) -> None:
        """The warning the award must carry (an incomplete cost), with the way to fix it."""
        from computescore.services.caveats import award_caveat, incomplete_costs

        caveat = award_caveat(result, card)
        if not caveat:
            self.caveat.setVisible(False)
            return
        rates = any(gap.missing_rates for gap in incomplete_costs(result))
        self.caveat.show_message(caveat, "warning", "Exchange rates…" if rates else "")

    @guarded
    def swing_weighting(self, _checked: bool = False) -> None:
        """Ask for swing points on this evaluation's ranges and store the weights, undoably."""
        from computescore.domain.swing import swings
        from computescore.gui import commands
        from computescore.gui.swing_form import SwingDialog
        from computescore.services.scales import weighting_of

        analysis = self.analysis
        snap = self.workspace.snapshot
        if analysis is None or analysis.result is None or snap is None:
            return
        earlier = weighting_of(dict(snap.assumptions)).get("points")
        dialog = SwingDialog(
            swings(analysis.result.scorecard),
            earlier if isinstance(earlier, dict) else None,
            self,
        )
        self.swing_dialog = dialog
        if dialog.exec() and dialog.result_weights is not None:
            commands.set_swing_weights(self.workspace, dialog.result_weights, dialog.points)

    @guarded
    def pairwise_weighting(self, _checked: bool = False) -> None:
        """Ask for the axes' pairwise comparisons and store the weights, undoably."""
        from computescore.gui import commands
        from computescore.gui.ahp_form import AhpDialog
        from computescore.services.scales import weighting_of

        snap = self.workspace.snapshot
        if snap is None or snap.evaluation is None:
            return
        record = weighting_of(dict(snap.assumptions))
        earlier = record.get("pairs") if record.get("method") == "ahp" else None
        dialog = AhpDialog(earlier if isinstance(earlier, dict) else None, self)
        self.ahp_dialog = dialog
        if dialog.exec() and dialog.result_weights is not None:
            commands.set_ahp_weights(self.workspace, dialog.result_weights, dialog.pairs)

    @guarded
    def edit_scales(self, _checked: bool = False) -> None:
        """Open the Score scales dialog and store the answer in the evaluation, undoably."""
        from computescore.domain.scoring.scales import ScoreScales, default_scales
        from computescore.gui import commands
        from computescore.gui.scale_form import ScalesDialog
        from computescore.services.scales import with_scales

        analysis = self.analysis
        outcome = analysis.outcome if analysis is not None else None
        snap = self.workspace.snapshot
        if outcome is None or snap is None:
            return
        workload = outcome.result.workload
        rules = outcome.result.scorecard.rules
        current = ScoreScales(rules.performance_scale, rules.cost_scale, rules.scales_origin)
        default = default_scales(
            workload,
            outcome.data.catalogue.accelerators,
            outcome.result.assumptions.token_output_share,
        )
        dialog = ScalesDialog(workload.name, current, default, self)
        if not dialog.exec() or dialog.answer is None:
            return
        answer = dialog.answer
        new = with_scales(
            snap.assumptions,
            workload.name,
            default,
            performance=None if answer.reset else answer.performance,
            cost=None if answer.reset else answer.cost,
            reset=answer.reset,
        )
        commands.set_evaluation_field(
            self.workspace, "assumptions", new, f"Score scales of ‘{workload.name}’"
        )

    def _show_supporting(self, card: Any) -> None:
        """List the quotes without compute lines apart, with the reason they are not ranked."""
        items = list(card.supporting)
        self.supporting_model.set_rows(items)
        self.supporting.setVisible(bool(items))
        self.supporting_title.setVisible(bool(items))
        if not items:
            return
        self.supporting_title.setText(supporting_title(items))
        self.supporting_title.setToolTip(SUPPORTING_TIP)
        self.supporting.setFixedHeight(rows_height(self.supporting, min(len(items), 3)))

    def _show_ranking(self) -> None:
        analysis = self.analysis
        if analysis is None or analysis.result is None:
            return
        ranked = analysis.current()
        if ranked is None:
            return
        self._update_shares()
        card = ranked.scorecard
        from computescore.reports.charts import RADAR_MAX_QUOTES
        from computescore.reports.theme import series_colour

        self._swatches.clear()
        for index, score in enumerate(card.ranked[:RADAR_MAX_QUOTES]):
            self._swatches[score.quote_key] = QColor(series_colour(index))
        self.ranking_model.set_rows(list(card.scores))
        self.table.setMaximumHeight(rows_height(self.table, max(len(card.scores), 3)))
        self._show_supporting(card)
        text, tone, tip = leader_summary(ranked)
        self.summary.show_message(text, tone)
        self.summary.setToolTip(tip)
        result = analysis.result
        self._show_caveat(result, card)
        # The independence check was run on the saved weights, not on a live preview.
        checked = result.independence if card is result.scorecard else None
        self.method.setText(method_text(card, checked))
        ranking = an.to_ranking(result, ranked)

        def radar(figure: Any) -> None:
            from computescore.reports.charts import radar_figure

            radar_figure(ranking, figure=figure)
            # The ranking table shows each line's colour next to the quote, so the
            # chart keeps its width for the radar instead of a legend.
            for legend in list(figure.legends):
                legend.remove()

        def contributions(figure: Any) -> None:
            from computescore.reports.charts import ranking_figure

            ranking_figure(ranking, figure=figure)

        self.radar.set_builder(radar)
        self.contrib.set_builder(contributions)
