"""A clarification request to one vendor, as a PDF letter and as plain text for e-mail.

The letter lists numbered questions under their topics, each with why it matters to
the decision, and names the attached request-for-quotation workbook (pre-filled with
what is already known) when there is one. Vendor text reaches the PDF only through
:func:`~computescore.reports.pdf.fonts.t`, so it can never become markup.
"""

from __future__ import annotations

import io
import textwrap
from dataclasses import dataclass
from datetime import date

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from computescore.domain.clarify import Clarification
from computescore.reports import theme
from computescore.reports.pdf.fonts import _BOLD, t
from computescore.reports.pdf.styles import _styles


@dataclass(frozen=True, slots=True)
class Letter:
    """What a clarification letter says.

    Attributes:
        buyer: who writes.
        vendor: to whom.
        evaluation: the sourcing event.
        written_on: the letter's date.
        reply_by: when the answers are wanted.
        contact: whom the vendor answers.
        questions: the numbered questions.
        attachment: the file name of the attached RFQ workbook ("" when none).
    """

    buyer: str
    vendor: str
    evaluation: str
    written_on: date
    reply_by: date
    contact: str
    questions: tuple[Clarification, ...]
    attachment: str = ""


def _opening(letter: Letter) -> str:
    count = len(letter.questions)
    return (
        f"Thank you for your quote for {letter.evaluation}. To score it fairly against the "
        f"other offers we need {'an answer' if count == 1 else 'answers'} to the "
        f"{'question' if count == 1 else f'{count} questions'} below by "
        f"{letter.reply_by.isoformat()}. Where a figure is missing, our scoring uses a "
        "cautious assumption, which may not do your offer justice."
    )


def _attachment(letter: Letter) -> str:
    if not letter.attachment:
        return ""
    return (
        f"The attached workbook {letter.attachment} holds what we already know from your quote; "
        "please fill in the yellow cells that are empty and send it back. It is read back "
        "exactly, so you need not retype anything else."
    )


def render_text(letter: Letter) -> str:
    """The letter as plain text, wrapped at 78 characters, for an e-mail body."""
    wrap = textwrap.TextWrapper(width=78)
    hang = textwrap.TextWrapper(width=78, subsequent_indent="    ")
    out = [
        f"To: {letter.vendor}",
        f"From: {letter.buyer}",
        f"Date: {letter.written_on.isoformat()}",
        f"Subject: {letter.evaluation}: questions about your quote",
        "",
        "Dear colleagues,",
        "",
        *wrap.wrap(_opening(letter)),
    ]
    topic = None
    for number, item in enumerate(letter.questions, start=1):
        if item.topic != topic:
            topic = item.topic
            out += ["", topic.upper()]
        out += ["", *hang.wrap(f"{number}.".ljust(4) + item.question)]
        out += hang.wrap(f"    Why it matters: {item.why}")
        if item.quotes:
            out += hang.wrap(f"    Concerns: {', '.join(item.quotes)}")
    attachment = _attachment(letter)
    if attachment:
        out += ["", *wrap.wrap(attachment)]
    out += ["", "Kind regards,", letter.contact or letter.buyer, ""]
    return "\n".join(out)


def render_pdf(letter: Letter) -> bytes:
    """The letter as a one- or two-page PDF (identical bytes for identical letters)."""
    styles = _styles()
    sender = ParagraphStyle(
        "sender",
        parent=styles.body,
        fontName=_BOLD,
        fontSize=11,
        textColor=colors.HexColor(theme.ACCENT),
    )
    subject = ParagraphStyle(
        "subject",
        parent=styles.body,
        fontName=_BOLD,
        fontSize=13,
        leading=16,
        textColor=colors.HexColor(theme.INK),
    )
    heading = ParagraphStyle(
        "topic",
        parent=styles.body,
        fontName=_BOLD,
        fontSize=10.5,
        spaceBefore=4,
        spaceAfter=2,
        textColor=colors.HexColor(theme.ACCENT),
    )
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=22 * mm,
        rightMargin=22 * mm,
        topMargin=20 * mm,
        bottomMargin=20 * mm,
        title=f"Questions about your quote: {letter.evaluation}",
        author=letter.buyer,
        creator="ComputeScore",
        invariant=1,
    )
    accent = colors.HexColor(theme.ACCENT)
    story: list[object] = [
        Paragraph(t(letter.buyer), sender),
        Spacer(1, 10),
        Paragraph(f"To: <b>{t(letter.vendor)}</b>", styles.body),
        Paragraph(f"Date: {letter.written_on.isoformat()}", styles.body),
        Paragraph(f"Please answer by: <b>{letter.reply_by.isoformat()}</b>", styles.body),
        Spacer(1, 14),
        Paragraph(f"{t(letter.evaluation)}: questions about your quote", subject),
        Spacer(1, 8),
        Paragraph("Dear colleagues,", styles.body),
        Spacer(1, 4),
        Paragraph(t(_opening(letter)), styles.body),
        Spacer(1, 8),
    ]
    topic = None
    for number, item in enumerate(letter.questions, start=1):
        block: list[object] = []
        if item.topic != topic:
            topic = item.topic
            block += [Spacer(1, 4), Paragraph(t(topic), heading)]
        concerns = f" <i>Concerns: {t(', '.join(item.quotes))}</i>" if item.quotes else ""
        row = Table(
            [
                [
                    Paragraph(f"<b>{number}</b>", styles.body),
                    [
                        Paragraph(t(item.question), styles.body),
                        Paragraph(f"Why it matters: {t(item.why)}{concerns}", styles.muted),
                    ],
                ]
            ],
            colWidths=[9 * mm, None],
        )
        row.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor(theme.RULE)),
                    ("TEXTCOLOR", (0, 0), (0, 0), accent),
                ]
            )
        )
        block.append(row)
        story.append(KeepTogether(block))
    attachment = _attachment(letter)
    if attachment:
        story += [Spacer(1, 10), Paragraph(t(attachment), styles.body)]
    story += [
        Spacer(1, 14),
        Paragraph("Kind regards,", styles.body),
        Paragraph(t(letter.contact or letter.buyer), styles.body),
    ]
    doc.build(story)
    return buffer.getvalue()
