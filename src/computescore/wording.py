"""Small helpers for the plain sentences the app writes."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence


def sentence(text: str) -> str:
    """``text`` as a sentence: first letter upper-case, one full stop at the end."""
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def clipped(text: str | None, width: int) -> str:
    """``text`` on one line, cut to ``width`` characters with an ellipsis where it was cut."""
    text = " ".join((text or "").split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``1 quote``, ``3 quotes``, ``2 knock-outs``; ``plural_form`` for irregular words."""
    word = singular if count == 1 else (plural_form or singular + "s")
    return f"{count:,} {word}"


def nearest(name: str, known: Iterable[str], *, limit: int = 3) -> list[str]:
    """The known names closest to ``name`` (case and spacing ignored)."""
    options = list(known)
    by_key = {option.casefold(): option for option in options}
    found = difflib.get_close_matches(name.casefold(), list(by_key), n=limit, cutoff=0.5)
    return [by_key[f] for f in found]


def unknown_name(what: str, name: str, known: Sequence[str]) -> str:
    """'There is no vendor named 'X'; did you mean 'Y'?' with the known names when few."""
    close = nearest(name, known)
    sentence = f"There is no {what} named {name!r}"
    if close:
        sentence += "; did you mean " + " or ".join(repr(c) for c in close) + "?"
    elif known:
        listed = ", ".join(repr(k) for k in list(known)[:8])
        more = f" and {len(known) - 8} more" if len(known) > 8 else ""
        sentence += f" (known: {listed}{more})."
    else:
        sentence += " (there is none yet)."
    return sentence
