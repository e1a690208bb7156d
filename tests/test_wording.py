"""Sentences the app writes from pieces of text."""

from __future__ import annotations

from computescore.wording import plural, sentence


def test_sentence_capitalises_and_ends_with_one_full_stop() -> None:
    assert sentence("renting is cheaper above 6.7 h/day") == "Renting is cheaper above 6.7 h/day."
    assert sentence("  done. ") == "Done."
    assert sentence("Why?") == "Why?"
    assert sentence("") == "" and sentence("   ") == ""


def test_plural_counts_in_words() -> None:
    assert plural(1, "quote") == "1 quote"
    assert plural(0, "knock-out") == "0 knock-outs"
    assert plural(12_500, "line") == "12,500 lines"
    assert plural(2, "facility", "facilities") == "2 facilities"
