"""Small helpers for the plain sentences the app writes."""

from __future__ import annotations


def sentence(text: str) -> str:
    """``text`` as a sentence: first letter upper-case, one full stop at the end."""
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
