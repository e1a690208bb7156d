"""Pairwise comparison of the axes (Saaty's analytic hierarchy process, AHP).

The buyer compares the axes two at a time: "cost is 3 times as important as service".
Each answer ``a_ij`` fills a reciprocal matrix (``a_ji = 1 / a_ij``, ``a_ii = 1``); the
weights are its principal eigenvector, normalised to sum to one. Answers that do not
agree with each other (cost 3 × service, service 3 × compliance, but compliance as
important as cost) are measured by the consistency ratio:

* λmax = the principal eigenvalue (n exactly when every answer agrees);
* CI = (λmax − n) ÷ (n − 1);
* CR = CI ÷ RI, with Saaty's random index RI = 1.12 for five criteria.

A CR above 0.10 means the answers contradict each other too much to defend: the
judgement that disagrees most with the weights (largest |ln(a_ij × w_j ÷ w_i)|) is
named so the buyer can revisit it. An answer not given counts as "equally important".
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from computescore.domain.weights import AXES, Axis, Weights

AHP_SOURCE = "ahp"
"""The ``Weights.source`` of weights derived by pairwise comparison."""

RANDOM_INDEX = {1: 0.0, 2: 0.0, 3: 0.58, 4: 0.90, 5: 1.12, 6: 1.24, 7: 1.32, 8: 1.41, 9: 1.45}
"""Saaty's random consistency index by the number of criteria."""

CR_LIMIT = 0.10
"""Above this consistency ratio the answers are too contradictory to use."""

SCALE = (1 / 9, 1 / 7, 1 / 5, 1 / 3, 1.0, 3.0, 5.0, 7.0, 9.0)
"""Saaty's odd steps, from "the second is extremely more important" to "the first is"."""


@dataclass(frozen=True, slots=True)
class AhpResult:
    """The weights from pairwise answers, and how consistent the answers are.

    Attributes:
        weights: by axis, summing to one.
        lambda_max: the matrix's principal eigenvalue.
        consistency_ratio: CR = CI ÷ RI (0: every answer agrees).
        worst: the pair whose answer disagrees most with the weights, and its answer
            against what the weights imply (None when every answer agrees).
    """

    weights: Mapping[Axis, float]
    lambda_max: float
    consistency_ratio: float
    worst: tuple[Axis, Axis, float, float] | None = None

    @property
    def consistent(self) -> bool:
        """True when CR ≤ 0.10."""
        return self.consistency_ratio <= CR_LIMIT + 1e-12


def pair_key(first: Axis, second: Axis) -> str:
    """How an answer is stored: ``"cost/service"``."""
    return f"{first.value}/{second.value}"


def ahp_matrix(judgements: Mapping[tuple[Axis, Axis], float]) -> np.ndarray:
    """The reciprocal comparison matrix in :data:`AXES` order.

    Raises:
        ValueError: an answer is not a positive number, compares an axis with itself, or
            contradicts another answer about the same pair.
    """
    index = {axis: i for i, axis in enumerate(AXES)}
    n = len(AXES)
    matrix = np.ones((n, n))
    given: dict[tuple[int, int], float] = {}
    for (first, second), value in judgements.items():
        if first is second:
            raise ValueError(f"{first.value} is compared with itself")
        if not math.isfinite(value) or value <= 0:
            raise ValueError(f"{first.value}/{second.value}: {value!r} is not a positive ratio")
        i, j = index[first], index[second]
        earlier = given.get((i, j))
        if earlier is not None and not math.isclose(earlier, value, rel_tol=1e-9):
            raise ValueError(f"{first.value} and {second.value} are compared twice, differently")
        given[(i, j)], given[(j, i)] = value, 1.0 / value
        matrix[i, j], matrix[j, i] = value, 1.0 / value
    return matrix


def consistency_ratio(lambda_max: float, n: int) -> float:
    """CR = ((λmax − n) ÷ (n − 1)) ÷ RI(n); 0 for a perfectly consistent matrix.

    λmax 5.448 on five criteria: CI = 0.448 ÷ 4 = 0.112, CR = 0.112 ÷ 1.12 = 0.100.
    """
    if n < 3:
        return 0.0
    ci = max(0.0, (lambda_max - n) / (n - 1))
    return ci / RANDOM_INDEX[n]


def ahp_weights(judgements: Mapping[tuple[Axis, Axis], float]) -> AhpResult:
    """The axes' weights from pairwise answers (see the module notes).

    ``judgements[(a, b)] = 3`` reads "a is 3 times as important as b".
    """
    matrix = ahp_matrix(judgements)
    n = matrix.shape[0]
    values, vectors = np.linalg.eig(matrix)
    k = int(np.argmax(values.real))
    vector = np.abs(vectors[:, k].real)
    w = vector / vector.sum()
    lambda_max = float(values[k].real)
    cr = consistency_ratio(lambda_max, n)
    worst: tuple[Axis, Axis, float, float] | None = None
    spread = 1e-9
    for i in range(n):
        for j in range(i + 1, n):
            implied = float(w[i] / w[j])
            gap = abs(math.log(matrix[i, j] / implied))
            if gap > spread:
                spread = gap
                worst = (AXES[i], AXES[j], float(matrix[i, j]), implied)
    return AhpResult({axis: float(w[i]) for i, axis in enumerate(AXES)}, lambda_max, cr, worst)


def ratio_text(value: float) -> str:
    """``3``, ``1/3``, ``1.5``: an answer as people write it."""
    if value >= 1:
        return f"{value:g}"
    inverse = 1 / value
    return f"1/{round(inverse)}" if math.isclose(inverse, round(inverse)) else f"{value:.3g}"


def ahp_rationale(judgements: Mapping[tuple[Axis, Axis], float], result: AhpResult) -> str:
    """How the weights were reached, for the pack: the answers and the consistency."""
    answers = "; ".join(
        f"{a.value} {ratio_text(v)} × {b.value}" for (a, b), v in judgements.items()
    )
    return (
        "The pairwise answers: "
        + (answers or "every pair equally important")
        + f". Weights = the principal eigenvector; consistency ratio "
        f"{result.consistency_ratio:.3f} (acceptable up to {CR_LIMIT:.2f})."
    )


def ahp_to_weights(
    judgements: Mapping[tuple[Axis, Axis], float],
) -> tuple[Weights | None, str, AhpResult | None]:
    """Weights from pairwise answers, or None and why they cannot be used.

    Returns:
        The weights (None when the answers are unusable or too inconsistent), a sentence
        (the rationale, or what is wrong and which answer to revisit), and the result.
    """
    try:
        result = ahp_weights(judgements)
    except ValueError as exc:
        return None, str(exc), None
    if not result.consistent:
        why = (
            "the answers contradict each other (consistency ratio "
            f"{result.consistency_ratio:.2f}, above {CR_LIMIT:.2f})"
        )
        if result.worst is not None:
            a, b, given, implied = result.worst
            if (a, b) not in judgements and (b, a) in judgements:
                a, b, given, implied = b, a, 1 / given, 1 / implied  # as the buyer wrote it
            why += (
                f"; revisit {a.value} against {b.value}: answered {ratio_text(given)}, the "
                f"other answers imply about {ratio_text(round(implied, 2))}"
            )
        return None, why, result
    rationale = ahp_rationale(judgements, result)
    return Weights(dict(result.weights), AHP_SOURCE, rationale), rationale, result
