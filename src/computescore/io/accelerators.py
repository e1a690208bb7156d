"""Resolving accelerator names quickly when a file holds thousands of them.

:meth:`Catalogue.resolve <computescore.domain.catalog.Catalogue.resolve>` compares a
name with every alias. A price list of 100,000 lines names accelerators 100,000
times, so :class:`AcceleratorResolver` first keeps only the aliases whose words all
appear in the name (the only ones the domain's rules can choose), in catalogue order,
and hands those to :func:`~computescore.domain.catalog.resolve_alias`. The answers are
the domain's, unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
