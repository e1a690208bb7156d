"""A token API's offer: which of the models it prices serves the workload.

A token API's price list often prices several models ("Llama 3.1 8B", "Llama 3.1 70B"),
each with its input, output and cached-token prices. Those models are alternatives, not
costs to add up. The lines are grouped by model (the line's words without the kind of
token), and the model costed is the smallest whose stated size is at least the
workload's (a smaller model does not do the same work). When no model is that large,
the largest is costed with a warning; when no model states its size, the first is
costed with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from computescore.domain.quotes import QuoteLine
from computescore.domain.units import GIGA

_TOKEN_WORDS = re.compile(
    r"\b(?:input|output|cached|cache|prompt|completion|generated|tokens?|toks?|mtoks?|price|"
    r"per|million|1m|1k|usd|eur)\b|[$€£/(),:;\-–—]",
    re.IGNORECASE,
)
_SIZE = re.compile(r"(?<![a-z0-9.])(?:(\d+)\s?x\s?)?(\d+(?:\.\d+)?)\s?b(?![a-z0-9])")
SIZE_TOLERANCE = 0.95
"""A model within 5 % of the workload's parameters counts as its size (8.03 B for 8 B)."""


@dataclass(frozen=True, slots=True)
class ModelChoice:
    """Which token lines are costed and why.

    Attributes:
        counted: indexes (in the lines given) of the token lines costed.
        left_out: indexes of the other models' token lines.
        model: the costed model in the quote's words ("Llama 3.1 70B"; "" when the lines
            name none).
        note: why this model, when there was a choice ("" otherwise).
        warning: True when the choice is a guess (no model large enough, or no size stated).
    """

    counted: frozenset[int]
    left_out: frozenset[int]
    model: str
    note: str = ""
    warning: bool = False


def model_name(description: str) -> str:
    """The model a token line prices: its words without the kind of token.

    ``"Llama 3.1 70B input tokens"`` → ``"Llama 3.1 70B"``.
    """
    return " ".join(_TOKEN_WORDS.sub(" ", description).split())


def model_size(text: str) -> float | None:
    """The parameters a model's name states (``"llama 3.1 70b"`` → 7e10; a mixture of
    experts ``"8x7b"`` → 5.6e10, its experts together), None without."""
    found = _SIZE.findall(text.casefold())
    if not found:
        return None
    experts, size = found[-1]
    return float(size) * GIGA * (int(experts) if experts else 1)


def choose_model(lines: Sequence[QuoteLine], params: float) -> ModelChoice:
    """The model whose token lines are costed for a workload of ``params`` parameters."""
    groups: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for index, line in enumerate(lines):
        if line.price_unit.per_tokens:
            name = model_name(line.description)
            groups.setdefault(name.casefold(), []).append(index)
            names.setdefault(name.casefold(), name)
    if len(groups) <= 1:
        key = next(iter(groups), "")
        return ModelChoice(frozenset(groups.get(key, ())), frozenset(), names.get(key, ""))
    sizes = {key: model_size(key) for key in groups}
    sized = {key: size for key, size in sizes.items() if size is not None}
    large_enough = {k: s for k, s in sized.items() if s >= params * SIZE_TOLERANCE}
    count = len(groups)
    if large_enough:
        chosen = min(large_enough, key=lambda k: (large_enough[k], k))
        note = (
            f"the offer prices {count} models; the smallest at least the workload's size is "
            "costed, the others are alternatives"
        )
        warning = False
    elif sized:
        chosen = max(sized, key=lambda k: (sized[k], k))
        note = (
            f"the offer prices {count} models and none is as large as the workload's; the "
            "largest is costed, and it may not do the same work"
        )
        warning = True
    else:
        chosen = next(iter(groups))
        note = (
            f"the offer prices {count} models and none states its size; the first is costed. "
            "Delete the other models' lines, or name each model's size (70B)"
        )
        warning = True
    others = frozenset(i for key, indexes in groups.items() if key != chosen for i in indexes)
    return ModelChoice(frozenset(groups[chosen]), others, names[chosen], note, warning)
