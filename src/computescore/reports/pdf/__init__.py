"""The board pack as a PDF (reportlab platypus), A4 or Letter.

:func:`render_pdf` turns a frozen :class:`~computescore.reports.model.BoardPack`
into bytes. Identical packs give identical bytes (reportlab's invariant mode fixes
the document id, the creation date is the day the pack was generated, and charts are
rendered deterministically), and
every page carries the pack's fingerprint.

Every piece of text that did not come from this module reaches a ``Paragraph``
through :func:`computescore.reports.safe.pdf_text`, which escapes markup and
switches to the CJK face for characters the body face lacks.
"""

from __future__ import annotations

from computescore.reports.pdf.fonts import CHART_DPI as CHART_DPI
from computescore.reports.pdf.fonts import NAME_LIMIT as NAME_LIMIT
from computescore.reports.pdf.fonts import PAPER_SIZES as PAPER_SIZES
from computescore.reports.pdf.fonts import TEXT_LIMIT as TEXT_LIMIT
from computescore.reports.pdf.fonts import prepare_fonts as prepare_fonts
from computescore.reports.pdf.fonts import t as t
from computescore.reports.pdf.render import render_pdf as render_pdf
