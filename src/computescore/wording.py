"""Small helpers for the plain sentences the app writes."""

from __future__ import annotations


def sentence(text: str) -> str:
    """``text`` as a sentence: first letter upper-case, one full stop at the end."""
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``1 quote``, ``3 quotes``, ``2 knock-outs``; ``plural_form`` for irregular words."""
    word = singular if count == 1 else (plural_form or singular + "s")
    return f"{count:,} {word}"
