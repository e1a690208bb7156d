"""The escaping helpers every piece of vendor text passes through on its way out.

Vendor names, descriptions and contract notes are untrusted. In a PDF they must not
become reportlab markup (a ``<a href>`` would add a link, ``<font color="white">``
would hide text, an unclosed ``<b>`` would abort the export); in a workbook they
must not become formulas (``=HYPERLINK(…)``, DDE payloads) or error values
(``#N/A``); in charts a ``$`` must not start mathtext (handled once in
:mod:`computescore.reports.charts`).

* :func:`pdf_text` is the only way text reaches a reportlab ``Paragraph``.
* :func:`write_text` is the only way text reaches a worksheet cell.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

from computescore.domain.screening import display_label
from computescore.errors import InputRefused

EXCEL_MAX_CELL_CHARS = 32_767
"""Excel's limit on the characters of one cell; openpyxl would truncate silently."""

FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\n")
"""Leading characters spreadsheet programs read as the start of a formula (OWASP ASVS 1.2.10)."""

REPLACEMENT = "\ufffd"
"""Stands in for control characters that neither format can hold."""

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NEWLINES = re.compile(r"\r\n|\r|\n")


class CellTextTooLong(InputRefused):
    """A text is longer than one Excel cell can hold; nothing was truncated."""


def clean_text(value: object) -> str:
    """``value`` as text with control characters replaced by U+FFFD.

    Tabs and line breaks are kept; every other C0 control and DEL is replaced,
    because neither PDF text nor worksheet XML can carry them.
    """
    return _CONTROL.sub(REPLACEMENT, str(value))


def escape_markup(value: object) -> str:
    """``value`` escaped for reportlab's paragraph markup, with line breaks kept.

    ``& < > "`` become entities, control characters become U+FFFD, tabs become
    spaces and line breaks become ``<br/>``. The result shows the original text
    literally: no tag, link, image or entity in it takes effect.
    """
    text = clean_text(value).replace("\t", " ")
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace('"', "&quot;")
    return _NEWLINES.sub("<br/>", text)


def pdf_text(
    value: object,
    covered: Callable[[str], bool] | None = None,
    fallback_font: str | None = None,
) -> str:
    """Escape ``value`` for a reportlab ``Paragraph`` and mark runs the body font lacks.

    Args:
        value: untrusted text (vendor name, description, note) or any object.
        covered: tells whether the body font has a glyph for a character; when given
            with ``fallback_font``, each run of characters it lacks is wrapped in
            ``<font face="fallback_font">`` so CJK names render instead of as boxes.
        fallback_font: the registered reportlab name of the fallback face.

    Returns:
        Markup that renders exactly the original text.
    """
    escaped = escape_markup(value)
    if covered is None or fallback_font is None or escaped.isascii():
        return escaped
    out: list[str] = []
    run: list[str] = []
    for char in escaped:
        if char.isascii() or covered(char):
            if run:
                out.append(f'<font face="{fallback_font}">{"".join(run)}</font>')
                run = []
            out.append(char)
        else:
            run.append(char)
    if run:
        out.append(f'<font face="{fallback_font}">{"".join(run)}</font>')
    return "".join(out)


def clip(value: object, limit: int) -> str:
    """``value`` as clean text of at most ``limit`` characters, saying how much was left out.

    For places with fixed room (chart labels, table cells of the PDF); the workbook
    and the appendix always carry the full text.
    """
    text = clean_text(value)
    if len(text) <= limit:
        return text
    note = f"… (+{len(text) - limit + 1:,} chars)"
    if limit <= len(note) + 1:
        return text[: max(limit - 1, 0)] + "…"
    return text[: limit - len(note)] + note


def first_paragraph(value: object, limit: int) -> tuple[str, bool]:
    """The first paragraph of ``value``, cut at a word boundary with "…" when longer than
    ``limit``; True when anything was left out (the rest belongs in an appendix)."""
    paragraphs = [p.strip() for p in clean_text(value).splitlines() if p.strip()]
    first = paragraphs[0] if paragraphs else ""
    cut = len(paragraphs) > 1
    if len(first) > limit:
        first = first[:limit].rsplit(" ", 1)[0].rstrip(",;:") + " …"
        cut = True
    return first, cut


def chart_label(value: object, limit: int = 28) -> str:
    """A short single-line label for a chart axis or legend.

    A label ``vendor — reference`` leaves off the vendor's legal form ("Kessler
    Systemhaus GmbH" → "Kessler Systemhaus"); when still too long it keeps its reference
    whole when it can and shortens the vendor's name at a word, since two quotes of one
    vendor differ only in their reference.
    """
    text = display_label(" ".join(clean_text(value).split()))
    if len(text) <= limit:
        return text
    head, separator, tail = text.rpartition(" — ")
    if separator and len(head) >= 4 and len(tail) + len(separator) + 4 <= limit:
        room = limit - len(tail) - len(separator) - 1
        return _cut_at_word(head, room) + "…" + separator + tail
    return text[: limit - 1].rstrip() + "…"


def _cut_at_word(text: str, room: int) -> str:
    """``text`` cut to ``room`` characters, at the last word that fits when one does."""
    cut = text[:room].rstrip()
    if len(text) > room and text[room : room + 1] != " " and " " in cut:
        whole = cut.rsplit(" ", 1)[0].rstrip(",;")
        if len(whole) >= room // 2:
            return whole
    return cut


def excel_text(value: object) -> str:
    """``value`` as text a worksheet can hold: illegal XML characters become U+FFFD."""
    return ILLEGAL_CHARACTERS_RE.sub(REPLACEMENT, str(value))


def write_text(cell: Any, value: object) -> Any:
    """Write untrusted text to an openpyxl cell so that it can only ever be text.

    The cell is forced to the string type (a leading ``=`` would otherwise make
    openpyxl write a formula, ``#N/A`` an error value) and, when the text starts
    with a formula trigger, carries Excel's ``quotePrefix`` style so it stays text
    even after someone edits it. Control characters are replaced rather than
    aborting the export.

    Args:
        cell: an openpyxl worksheet cell.
        value: the text (None leaves the cell empty).

    Returns:
        The cell.

    Raises:
        CellTextTooLong: the text exceeds 32,767 characters; Excel would cut it.
    """
    if value is None:
        cell.value = None
        return cell
    text = excel_text(value)
    if len(text) > EXCEL_MAX_CELL_CHARS:
        where = f"{cell.parent.title}!{cell.coordinate}"
        raise CellTextTooLong(
            f"The text for {where} has {len(text):,} characters, more than the "
            f"{EXCEL_MAX_CELL_CHARS:,} an Excel cell can hold; shorten it in the quote "
            "and export again."
        )
    cell.value = text
    cell.data_type = "s"
    if text.startswith(FORMULA_TRIGGERS):
        cell.quotePrefix = True
    return cell


def csv_field(value: object) -> object:
    """A CSV field that a spreadsheet program will not read as a formula (OWASP ASVS 1.2.10)."""
    if isinstance(value, str) and value.startswith(FORMULA_TRIGGERS):
        return "'" + value
    return value
