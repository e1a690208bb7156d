"""Resolving accelerator names quickly when a file holds thousands of them.

:meth:`Catalogue.resolve <computescore.domain.catalog.Catalogue.resolve>` compares a
name with every alias. A price list of 100,000 lines names accelerators 100,000
times, so :class:`AcceleratorResolver` first keeps only the aliases whose words all
appear in the name (the only ones the domain's rules can choose), in catalogue order,
and hands those to :func:`~computescore.domain.catalog.resolve_alias`. The answers are
the domain's, unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from computescore.domain.catalog import Alias, AliasMatch, Catalogue, alias_key, resolve_alias


class AcceleratorResolver:
    """``Catalogue.resolve`` with aliases pre-filtered per name and results cached."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.ids = tuple(catalogue.accelerators)
        self._tokens: list[tuple[Alias, frozenset[str]]] = [
            (alias, frozenset(alias_key(alias.text).split())) for alias in catalogue.aliases
        ]
        self._cache: dict[str, AliasMatch | None] = {}

    def resolve(self, text: str) -> AliasMatch | None:
        """The catalogue id (and counts) a vendor's name resolves to, or None."""
        try:
            return self._cache[text]
        except KeyError:
            pass
        result = self._resolve(text)
        if len(self._cache) < 200_000:
            self._cache[text] = result
        return result

    def _resolve(self, text: str) -> AliasMatch | None:
        stripped = text.strip()
        if not stripped:
            return None
        if stripped.lower() in self.ids:
            return resolve_alias(stripped, (), self.ids)
        words = set(alias_key(stripped).split())
        if not words:
            return None
        candidates = [alias for alias, tokens in self._tokens if tokens and tokens <= words]
        if not candidates:
            return None
        return resolve_alias(stripped, candidates, self.ids)


def sized_by_details(
    match: AliasMatch | None,
    details: Sequence[str],
    resolve: Callable[[str], AliasMatch | None],
) -> AliasMatch | None:
    """The accelerator a line names, with the node size a specification cell states when
    the name states none: "GPUサーバー専有プラン H100" beside "NVIDIA H100 SXM 80GB ×8"
    is a server of eight H100."""
    if match is None or match.per_node is not None:
        return match
    for text in details:
        sized = resolve(text) if text else None
        if (
            sized is not None
            and sized.accelerator_id == match.accelerator_id
            and sized.per_node is not None
        ):
            return sized
    return match


MEMORY_HEADER = re.compile(
    r"\b(vram|gpu ?memory|gpu ?mem|memory (per|/) ?gpu|hbm|gpu-speicher|grafikspeicher|"
    r"m[ée]moire gpu|memoria gpu)\b|显存|メモリ",
    re.IGNORECASE,
)
"""A column stating each accelerator's memory ("VRAM / GPU", "GPU memory (GB)")."""

_GB = re.compile(r"^\s*(\d{2,3}(?:[.,]\d+)?)\s*(?:gb|gib)?\b", re.IGNORECASE)


def memory_gb(value: object) -> float | None:
    """The gigabytes a memory cell states ("80 GB", "80", 141.0), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if 8 <= value <= 1024 else None
    if not isinstance(value, str):
        return None
    found = _GB.match(value)
    return float(found.group(1).replace(",", ".")) if found else None


def variant_by_memory(
    match: AliasMatch,
    memory: object,
    resolve: Callable[[str], AliasMatch | None],
    memory_of: Callable[[str], float | None],
) -> AliasMatch:
    """The variant of the named accelerator whose memory a column states.

    "8x NVIDIA A100 SXM" beside "80 GB" is the 80 GB A100, not the 40 GB one the name
    alone reads as. The name the match was made on is resolved again with the memory
    added; its answer is kept only when its memory is the one stated, and the counts
    the name gave stay.
    """
    stated = memory_gb(memory)
    if stated is None or _near(memory_of(match.accelerator_id), stated):
        return match
    sized = resolve(f"{match.matched} {stated:g}GB")
    if sized is None or not _near(memory_of(sized.accelerator_id), stated):
        return match
    return replace(match, accelerator_id=sized.accelerator_id, matched=sized.matched)


def _near(memory: float | None, stated: float) -> bool:
    """Memory as catalogues and vendors round it: 80 and 80.0, 141 and 144 GB (HBM3e)."""
    return memory is not None and abs(memory - stated) <= 0.05 * stated
