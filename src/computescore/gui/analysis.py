"""The engine's results for the shown evaluation, kept current in the background.

When the workspace's data changes, :class:`Analysis` runs the services' analysis
(``services.analysis.analyse``: load, compliance checks, engine, report records) on
the thread pool, and emits :attr:`changed`.
Moving a weight does not need any of that: the axis scores do not depend on the
weights, so :meth:`Analysis.preview_weights` re-ranks the stored inputs at once
(``score_quotes`` on the prepared inputs, then margin and flip weights), which keeps
the scorecard live while a slider moves.

The ``to_*`` functions hand out the report records that the shared chart builders
(``computescore.reports.charts``) draw; they are built by ``services.reporting``,
as the PDF's are, so the screen and the PDF show the same figures.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from computescore.gui import tasks
from computescore.gui.errors import report_exception
from computescore.gui.workspace import SEALED_MESSAGE

if TYPE_CHECKING:
    from computescore.domain.scoring import Scorecard, ScoreInput, ScoringRules
    from computescore.domain.sensitivity import FlipWeight
    from computescore.gui.workspace import Workspace
    from computescore.reports import model as rm
    from computescore.services.analysis import Analysis as Outcome
    from computescore.services.evaluate import EvaluationResult

log = logging.getLogger("computescore.gui")


def engine_available() -> bool:
    """True when the decision engine's service can be imported."""
    try:
        import computescore.services.evaluate  # noqa: F401
    except ImportError:
        return False
    return True


def compliance_available() -> bool:
    """True when the compliance checks' service can be imported."""
    try:
        import computescore.services.compliance  # noqa: F401
    except ImportError:
        return False
    return True


def __getattr__(name: str) -> Any:
    # ``Outcome`` is the services' analysis record, imported on first use so that
    # opening the app does not wait for the engine's imports.
    if name == "Outcome":
        from computescore.services.analysis import Analysis as outcome

        return outcome
    raise AttributeError(name)


def compute(
    store: Any,
    evaluation: str | None,
    *,
    weights: Mapping[str, float] | None = None,
    monte_carlo_samples: int = 0,
    plan: bool = False,
    progress: Any = None,
) -> Outcome:
    """Analyse the evaluation (worker thread): :func:`~computescore.services.analysis.analyse`."""
    from computescore.services.analysis import AnalysisOptions, analyse
    from computescore.services.evaluate import EvaluateOptions

    engine = EvaluateOptions(
        weights=dict(weights) if weights else None, monte_carlo_samples=monte_carlo_samples
    )
    options = AnalysisOptions(engine=engine, plan=plan)
    return analyse(store, evaluation, options, progress=progress)


@dataclass(frozen=True, slots=True)
class Ranked:
    """A scorecard with its margin and flip weights (after a live weight change)."""

    scorecard: Scorecard
    flips: tuple[FlipWeight, ...]
    smallest: FlipWeight | None
    margin_points: float | None


def rank(
    entries: Sequence[ScoreInput],
    weights: Mapping[str, float],
    rules: ScoringRules | None = None,
) -> Ranked:
    """Score and rank the prepared inputs with ``weights`` (normalised here) and ``rules``
    (the evaluation's scales; the analysis's own when it ran)."""
    from computescore.domain.scoring import score_quotes
    from computescore.domain.sensitivity import flip_weights, smallest_flip, winner_margin
    from computescore.domain.weights import normalise_weights

    normalised, _problems = normalise_weights(weights, "user")
    if normalised is None:
        from computescore.domain.weights import equal_weights

        normalised = equal_weights()
    card = score_quotes(entries, normalised, rules)
    flips = flip_weights(card)
    margin = winner_margin(card)
    return Ranked(card, flips, smallest_flip(flips), None if margin is None else margin.value)


class Analysis(QObject):
    """Engine results for the workspace's evaluation.

    Signals:
        changed(): new results (or a new state) are available.
        preview_changed(): the live weight preview changed.
        monte_carlo_done(): a Monte Carlo run finished.
    """

    changed = Signal()
    preview_changed = Signal()
    monte_carlo_done = Signal()

    def __init__(self, workspace: Workspace, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.outcome: Outcome | None = None
        self.preview: Ranked | None = None
        self.monte_carlo: Any = None
        self.error: str | None = None
        self.running = False
        self._inflight = 0
        self._generation = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(60)
        self._timer.timeout.connect(self._start)
        workspace.snapshot_changed.connect(self.schedule)
        workspace.opening.connect(self._forget)

    # -- state -----------------------------------------------------------------------
    @property
    def available(self) -> bool:
        """True when the engine exists and results are loaded."""
        return self.outcome is not None

    @property
    def result(self) -> EvaluationResult | None:
        """The last engine result."""
        return None if self.outcome is None else self.outcome.result

    def idle(self) -> bool:
        """True when no computation is running or scheduled."""
        return not self.running and not self._timer.isActive()

    def _forget(self, _path: str = "") -> None:
        self._generation += 1
        self.outcome = None
        self.preview = None
        self.monte_carlo = None
        self.error = None
        self.changed.emit()

    # -- computing -------------------------------------------------------------------
    def schedule(self) -> None:
        """Recompute soon (several changes in a row cause one run)."""
        if not engine_available():
            return
        self._timer.start()

    def _start(self) -> None:
        snap = self.workspace.snapshot
        store = self.workspace.store
        if store is None or snap is None or snap.evaluation is None:
            self._forget()
            return
        if snap.sealed:
            self.outcome = None
            self.error = SEALED_MESSAGE
            self.changed.emit()
            return
        if not snap.evaluation.workloads:
            self.outcome = None
            self.error = "Add a workload profile: costs and scores are computed for a workload."
            self.changed.emit()
            return
        self._generation += 1
        generation = self._generation
        name = snap.evaluation.name
        self._inflight += 1
        self.running = True

        def finish() -> None:
            # Every run that starts ends here, even one whose result is no longer
            # wanted (a newer run, or another database opened): otherwise "running"
            # would stay set and the page would wait for ever.
            self._inflight -= 1
            self.running = self._inflight > 0

        def done(outcome: Outcome) -> None:
            finish()
            if generation != self._generation:
                return
            self.outcome = outcome
            self.preview = None
            self.error = None
            log.info("evaluated %s in %.3f s", name, outcome.seconds)
            self.changed.emit()

        def failed(info: tasks.ExcInfo) -> None:
            finish()
            if generation != self._generation:
                return
            from computescore.errors import UserError

            exc = info[1]
            if isinstance(exc, UserError):
                self.error = exc.message
            else:
                self.error = "The results could not be computed; the details are in the log."
                report_exception(*info)
            self.outcome = None
            self.changed.emit()

        tasks.run_task(
            lambda progress: compute(store, name, progress=progress),
            name="evaluate",
            on_success=done,
            on_error=failed,
            on_cancel=finish,
        )

    def compute_now(self) -> None:
        """Compute on the calling thread (tests, screenshots)."""
        snap = self.workspace.snapshot
        store = self.workspace.store
        if store is None or snap is None or snap.evaluation is None or snap.sealed:
            return
        self._timer.stop()
        self.outcome = compute(store, snap.evaluation.name)
        self.preview = None
        self.changed.emit()

    # -- live weights ----------------------------------------------------------------
    def preview_weights(self, weights: Mapping[str, float]) -> Ranked | None:
        """Re-rank with ``weights`` without saving or recomputing costs."""
        if self.outcome is None:
            return None
        self.preview = rank(self.outcome.entries, weights, self.outcome.result.scorecard.rules)
        self.preview_changed.emit()
        return self.preview

    def current(self) -> Ranked | None:
        """The ranking shown: the live preview if any, else the computed one."""
        if self.preview is not None:
            return self.preview
        result = self.result
        if result is None:
            return None
        margin = None if result.margin is None else result.margin.value
        return Ranked(result.scorecard, result.flips, result.smallest_flip, margin)

    # -- summaries for the Overview ----------------------------------------------------
    def leader_text(self) -> tuple[str, str]:
        """(value, detail) for the "Current leader" card."""
        ranked = self.current()
        if ranked is None:
            return ("—", self.error or "computing…")
        winner = ranked.scorecard.winner
        if winner is None:
            return ("None", "every quote is knocked out")
        vendor, _sep, reference = winner.label.partition(" — ")
        detail = f"{reference}: " if reference else ""
        detail += f"{winner.weighted_total:.1f} points"
        snap = self.workspace.snapshot
        several = (
            snap is not None and snap.evaluation is not None and len(snap.evaluation.workloads) > 1
        )
        if several and self.result is not None:
            # The scorecard ranks for one workload; the award plan covers them all.
            detail += f" for “{self.result.workload.name}”"
        if ranked.margin_points is not None:
            detail += f", ahead by {ranked.margin_points:.1f}"
        if ranked.smallest is not None and ranked.smallest.change is not None:
            moved = abs(ranked.smallest.change) * 100
            way = "rises" if ranked.smallest.change > 0 else "falls"
            detail += (
                f"; flips if the {ranked.smallest.axis.value} weight {way} "
                f"{moved:.1f} percentage points"
            )
        return (vendor, detail)

    def findings_text(self) -> tuple[str, str]:
        """(value, detail) for the "Findings open" card."""
        outcome = self.outcome
        if outcome is None or outcome.findings is None:
            return ("—", outcome.compliance_note if outcome else "computing…")
        from computescore.domain.findings import FindingSeverity

        # As the board pack counts them: compliance findings and the fit checks' (a model
        # that does not fit, more accelerators needed for the load).
        found = outcome.pack.open_findings()
        knockouts = sum(1 for f in found if f.severity is FindingSeverity.KNOCKOUT)
        warnings = sum(1 for f in found if f.severity is FindingSeverity.WARNING)
        return (str(knockouts + warnings), f"{knockouts} knock-outs · {warnings} warnings")

    # -- Monte Carlo -----------------------------------------------------------------
    def run_monte_carlo(self, parent: Any = None, samples: int = 10_000) -> tasks.Task | None:
        """Run the Monte Carlo in the background with a progress dialog and Cancel."""
        snap = self.workspace.snapshot
        store = self.workspace.store
        if store is None or snap is None or snap.evaluation is None:
            return None
        name = snap.evaluation.name
        weights = dict(snap.evaluation.weights) or None

        def done(outcome: Outcome) -> None:
            self.monte_carlo = outcome.result.monte_carlo
            self.monte_carlo_done.emit()

        return tasks.run_task(
            lambda progress: compute(
                store, name, weights=weights, monte_carlo_samples=samples, progress=progress
            ),
            name="monte-carlo",
            on_success=done,
            parent=parent,
            title="Running the Monte Carlo simulation",
        )


# -- engine records → report records (for the shared charts) -------------------------
# The mapping lives in services.reporting, so the screen and the PDF show the same figures.


def to_ranking(result: EvaluationResult, ranked: Ranked) -> rm.Ranking:
    """The scorecard as the report model's :class:`Ranking` (with the live weights)."""
    from computescore.services.reporting import ranking_record

    return ranking_record(
        result, ranked.scorecard, ranked.flips, ranked.smallest, ranked.margin_points
    )


def to_tco(result: EvaluationResult) -> tuple[rm.QuoteTco, ...]:
    """Every quote's TCO as the report model's :class:`QuoteTco`."""
    from computescore.services.reporting import tco_records

    return tco_records(result)


def to_break_even(result: EvaluationResult) -> rm.BreakEven | None:
    """The buy-or-rent curve, when there is an owned and a rented quote to compare."""
    from computescore.services.reporting import break_even_record

    return break_even_record(result)


def to_tornado(result: EvaluationResult, quote_key: str | None = None) -> rm.Tornado | None:
    """The tornado of one quote (default: the leader)."""
    from computescore.services.reporting import tornado_record

    return tornado_record(result, quote_key)


def to_monte_carlo(result: Any) -> rm.MonteCarlo | None:
    """A Monte Carlo result as the report model's :class:`MonteCarlo`."""
    from computescore.services.reporting import monte_carlo_record

    return monte_carlo_record(result)


def with_weights(weights: Mapping[str, float], axis: str, value: float) -> dict[str, float]:
    """``weights`` with one axis set to ``value`` (the others unchanged; normalised later)."""
    out = dict(weights)
    out[axis] = value
    return out


__all__ = ["Analysis", "Outcome", "Ranked", "rank"]
