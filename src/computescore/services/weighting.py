"""How the evaluation's weights were reached, and their freeze before prices are seen.

The weights themselves are the evaluation's ``weights`` field; how they were reached
(swing weighting's points and ranges, or the pairwise answers of AHP and their
consistency ratio) and whether they are frozen are kept in its assumptions under
``weighting``. Freezing records when, and how many quotes the
evaluation held then — "frozen before any price was imported" is what a board or a
losing bidder wants to read — and fixes the score scales in force, so neither can
move afterwards without an audited unfreeze.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING

from computescore.domain.ahp import AHP_SOURCE, ahp_to_weights, pair_key
from computescore.domain.scoring.scales import scales_to_mapping
from computescore.domain.swing import SWING_SOURCE, Swing, swing_weights, swings
from computescore.domain.weights import Axis, Weights
from computescore.errors import UsageError
from computescore.services.scales import (
    SCALES_KEY,
    WEIGHTING_KEY,
    frozen_note,
    refuse_if_frozen,
    scales_for,
    weighting_of,
)

if TYPE_CHECKING:
    from computescore.store.repository import Store


def swing_ranges(store: Store, evaluation: str | None) -> tuple[Swing, ...]:
    """The swings to ask about: each axis's worst and best score in this evaluation."""
    from computescore.services.analysis import AnalysisOptions, analyse
    from computescore.services.evaluate import EvaluateOptions

    options = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))
    return swings(analyse(store, evaluation, options).result.scorecard)


def set_swing_weights(store: Store, evaluation: str | None, points: Mapping[str, float]) -> Weights:
    """Derive the weights from swing points and store them with the answers (audited).

    Raises:
        UsageError: unknown axes, points outside 0–100, no swing at 100, or frozen weights.
    """
    names = {axis.value: axis for axis in Axis}
    unknown = [name for name in points if name not in names]
    if unknown:
        raise UsageError(f"Not an axis: {', '.join(unknown)}; expected some of {', '.join(names)}.")
    ranges = swing_ranges(store, evaluation)
    weights, why = swing_weights({names[k]: v for k, v in points.items()}, ranges)
    return _store(store, evaluation, weights, why, lambda a, w: with_swing(a, w, points))


def with_swing(
    assumptions: Mapping[str, object], weights: Weights, points: Mapping[str, float]
) -> dict[str, object]:
    """The evaluation's assumptions with how swing weighting reached ``weights``.

    Raises:
        UsageError: the weights are frozen.
    """
    answers = {axis.value: float(points.get(axis.value, 0.0)) for axis in Axis}
    return _recorded(assumptions, SWING_SOURCE, "points", answers, weights)


def parse_pairs(text: str) -> dict[tuple[Axis, Axis], float]:
    """``"cost/service=3,reliability/cost=1/2"`` → the pairwise answers.

    Raises:
        UsageError: a part is not ``AXIS/AXIS=RATIO`` with known axes and a ratio such as
            3, 1/3 or 0.5.
    """
    names = {axis.value: axis for axis in Axis}
    out: dict[tuple[Axis, Axis], float] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        pair, _, ratio = part.partition("=")
        first, _, second = pair.strip().lower().partition("/")
        if first not in names or second not in names or not ratio.strip():
            raise UsageError(
                f"{part!r}: write AXIS/AXIS=RATIO, e.g. cost/service=3 (cost 3 times as "
                f"important as service); axes: {', '.join(names)}."
            )
        top, _, bottom = ratio.strip().partition("/")
        try:
            value = float(top) / float(bottom) if bottom else float(top)
        except (ValueError, ZeroDivisionError):
            raise UsageError(f"{part!r}: the ratio {ratio.strip()!r} is not a number") from None
        out[(names[first], names[second])] = value
    return out


def set_ahp_weights(
    store: Store, evaluation: str | None, judgements: Mapping[tuple[Axis, Axis], float]
) -> Weights:
    """Derive the weights from pairwise answers and store them with the answers (audited).

    Raises:
        UsageError: an answer is unusable, the answers are too inconsistent (the message
            names the answer to revisit), or the weights are frozen.
    """
    weights, why, _result = ahp_to_weights(judgements)
    return _store(store, evaluation, weights, why, lambda a, w: with_ahp(a, w, judgements))


def _store(
    store: Store,
    evaluation: str | None,
    weights: Weights | None,
    why: str,
    recorded: Callable[[dict[str, object], Weights], dict[str, object]],
) -> Weights:
    """Store derived weights and how they were reached (``recorded``), or refuse with why."""
    if weights is None:
        raise UsageError(why[0].upper() + why[1:] + ".")
    with store.transaction() as uow:
        row = uow.evaluation_row(evaluation)
        assumptions = recorded(dict(row.assumptions or {}), weights)
        assert row.id is not None
        uow.set_evaluation_field(row.id, "weights", weights.as_dict())
        uow.set_evaluation_field(row.id, "assumptions", assumptions)
    return weights


def with_ahp(
    assumptions: Mapping[str, object],
    weights: Weights,
    judgements: Mapping[tuple[Axis, Axis], float],
) -> dict[str, object]:
    """The evaluation's assumptions with how pairwise comparison reached ``weights``.

    Raises:
        UsageError: the weights are frozen.
    """
    answers = {pair_key(a, b): value for (a, b), value in judgements.items()}
    return _recorded(assumptions, AHP_SOURCE, "pairs", answers, weights)


def _recorded(
    assumptions: Mapping[str, object],
    method: str,
    key: str,
    answers: Mapping[str, float],
    weights: Weights,
) -> dict[str, object]:
    """The assumptions with the weighting record (method, answers, rationale); refused
    when the weights are frozen."""
    out = dict(assumptions)
    refuse_if_frozen(out)
    out[WEIGHTING_KEY] = {"method": method, key: dict(answers), "rationale": weights.rationale}
    return out


def freeze(store: Store, evaluation: str | None) -> str:
    """Freeze the weights and the scales in force (an audited change); returns the note."""
    from computescore.services.workspace import load_evaluation_data

    data = load_evaluation_data(store, evaluation)
    assumptions = dict(data.assumptions)
    refuse_if_frozen(assumptions)
    scales = dict(assumptions.get(SCALES_KEY) or {})
    for workload in data.evaluation.workloads:
        if workload.name not in scales:
            current, _ = scales_for(data, workload)
            scales[workload.name] = scales_to_mapping(current)
    assumptions[SCALES_KEY] = scales
    record = weighting_of(assumptions)
    record["frozen_at"] = datetime.now().isoformat(timespec="minutes")
    record["quotes_at_freeze"] = len(data.quotes)
    assumptions[WEIGHTING_KEY] = record
    with store.transaction() as uow:
        row = uow.evaluation_row(data.evaluation.name)
        assert row.id is not None
        if not row.weights:
            # The weights in force (the preset's) become the evaluation's own.
            from computescore.services.evaluate import weights_for

            uow.set_evaluation_field(row.id, "weights", weights_for(data).as_dict())
        uow.set_evaluation_field(row.id, "assumptions", assumptions)
    return frozen_note(assumptions)


def unfreeze(store: Store, evaluation: str | None) -> None:
    """Lift the freeze (audited); the weights and scales stay as they are."""
    with store.transaction() as uow:
        row = uow.evaluation_row(evaluation)
        assumptions = dict(row.assumptions or {})
        record = weighting_of(assumptions)
        if not record.get("frozen_at"):
            raise UsageError("The weights are not frozen.")
        record.pop("frozen_at", None)
        record.pop("quotes_at_freeze", None)
        assumptions[WEIGHTING_KEY] = record
        assert row.id is not None
        uow.set_evaluation_field(row.id, "assumptions", assumptions)
