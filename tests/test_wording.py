"""Sentences the app writes from pieces of text."""

from __future__ import annotations

from computescore.wording import sentence


def test_sentence_capitalises_and_ends_with_one_full_stop() -> None:
    assert sentence("renting is cheaper above 6.7 h/day") == "Renting is cheaper above 6.7 h/day."
    assert sentence("  done. ") == "Done."
    assert sentence("Why?") == "Why?"
    assert sentence("") == "" and sentence("   ") == ""
