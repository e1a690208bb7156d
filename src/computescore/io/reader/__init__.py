"""Reading a vendor quote file into drafts: the one entry point of the importer's io layer.

:func:`read_quote_file` checks and reads the file at arm's length
(:mod:`~computescore.io.isolated`), finds the quote tables
(:mod:`~computescore.io.table_finder`), maps their columns
(:mod:`~computescore.io.mapping`), parses every cell (:mod:`~computescore.io.values`)
and the key–value terms (:mod:`~computescore.io.terms`), and returns a
:class:`FileDraft`: one :class:`QuoteDraft` per quote in the file (a workbook may hold
a purchase offer and a leasing option with their own references), each with its
lines, terms and cell-addressed problems, plus a preview for the import wizard.

Nothing is stored here; an error problem blocks its line, a warning does not.
"""

from __future__ import annotations

from computescore.io.reader.book import _Reader as _Reader
from computescore.io.reader.entry import read_quote_book as read_quote_book
from computescore.io.reader.entry import read_quote_file as read_quote_file
from computescore.io.reader.fast_rows import _line_maker as _line_maker
from computescore.io.reader.lines import _LineBuilder as _LineBuilder
from computescore.io.reader.lines import describe_problem as describe_problem
from computescore.io.reader.records import EVIDENCE_ROWS as EVIDENCE_ROWS
from computescore.io.reader.records import PREVIEW_ROWS as PREVIEW_ROWS
from computescore.io.reader.records import FileDraft as FileDraft
from computescore.io.reader.records import Preview as Preview
from computescore.io.reader.records import QuoteDraft as QuoteDraft
from computescore.io.reader.records import SheetPreview as SheetPreview
from computescore.io.reader.records import preview_text as preview_text
