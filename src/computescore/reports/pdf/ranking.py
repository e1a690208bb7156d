"""The ranking section: scores, margin, robustness and knock-outs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab.lib import colors
from reportlab.platypus import (
    Flowable,
    Paragraph,
    Table,
)

from computescore.domain.figures import FLAG_LEGEND, flag_mark
from computescore.domain.findings import FindingSeverity
from computescore.reports import theme
from computescore.reports.model import (
    AXES,
    AXIS_TITLES,
    Ranking,
)
from computescore.reports.pdf.blocks import _table_style
from computescore.reports.pdf.fonts import NAME_LIMIT, TEXT_LIMIT, t
from computescore.reports.safe import first_paragraph
from computescore.vocabulary import ABSENT

if TYPE_CHECKING:
    from computescore.reports.pdf.blocks import _Builder


def _robustness_sentence(ranking: Ranking) -> str:
    if not ranking.flips:
        return "No change of a single weight between 0 % and 100 % changes the leader."
    flip = ranking.flips[0]
    return (
        f"The smallest single-weight change that changes the leader moves {flip.axis} from "
        f"{flip.weight_from:.0%} to {flip.weight_to:.0%}, favouring {flip.new_leader}."
    )


def _knockout_text(reason: str) -> str:
    """A knock-out's first paragraph; its full reasoning is in the findings appendix."""
    first, cut = first_paragraph(reason, 420)
    return t(first) + (" <i>(reasoning in full in the appendix)</i>" if cut else "")


def _method_box(b: _Builder, ranking: Ranking) -> Table:
    """The "How the scores are made" box: scales, anchors, weights, missing data, independence."""
    rows = [[b.p("<b>How the scores are made</b>", b.s.body), ""]]
    rows += [
        [b.p(f"<b>{t(topic)}</b>", b.s.cell), b.p(t(text, TEXT_LIMIT), b.s.cell)]
        for topic, text in ranking.method
    ]
    box = Table(rows, colWidths=[b.width * 0.18, b.width * 0.82])
    box.setStyle(
        _table_style(
            [
                ("SPAN", (0, 0), (1, 0)),
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(theme.BAND)),
                ("LINEBEFORE", (0, 0), (0, -1), 3, colors.HexColor(theme.ACCENT)),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 8),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return box


def _severity_cell(b: _Builder, severity: FindingSeverity) -> Paragraph:
    colour = theme.SEVERITY_COLOURS.get(severity.value, theme.MUTED)
    label = {"knockout": "Knock-out", "warning": "Warning", "info": "Info"}[severity.value]
    return b.p(f'<font color="{colour}"><b>{label}</b></font>', b.s.cell)


def _ranking(b: _Builder) -> None:
    s, ranking = b.s, b.pack.ranking
    b.section("Ranking")
    if ranking is None:
        b.absent(ABSENT["scorecard"])
        return
    b.story.append(
        b.p(
            "Each quote is scored 0–100 on five axes; the weighted total is Σ weight × score "
            f"with the weights below ({t(ranking.preset or 'custom weights')}). How each "
            "metric maps to 0–100 is set out in the box under the table.",
            s.body,
        )
    )
    header = (
        ["Rank", "Quote"]
        + [f"{AXIS_TITLES[a]}<br/>{ranking.weight(a):.0%}" for a in AXES]
        + ["Weighted<br/>total"]
    )
    rows: list[list[Flowable | str]] = []
    extra: list[tuple[Any, ...]] = []
    flagged = False
    for index, row in enumerate(ranking.rows, start=1):
        cells: list[Flowable | str] = [
            b.num("KO" if row.knocked_out else str(row.rank or "—"), bold=True),
            b.cell(t(row.label, NAME_LIMIT), bold=row.rank == 1),
        ]
        for axis in AXES:
            score = next(item for item in row.scores if item.axis == axis)
            mark = flag_mark(score.flags)
            flagged = flagged or bool(score.flags)
            cells.append(b.num(f"{score.score:.1f}{mark}"))
        cells.append(b.num(f"{row.weighted_total:.1f}", bold=True))
        rows.append(cells)
        if row.knocked_out:
            extra.append(("BACKGROUND", (0, index), (-1, index), colors.HexColor("#FBEAEA")))
        elif row.rank == 1:
            extra.append(("BACKGROUND", (0, index), (-1, index), colors.HexColor("#E3F0F7")))
    b.story.append(
        b.table(
            header,
            rows,
            [0.06, 0.265, 0.115, 0.115, 0.115, 0.115, 0.115, 0.1],
            numeric=(0, 2, 3, 4, 5, 6, 7),
            extra=extra,
            compact_head=True,
        )
    )
    notes = []
    if flagged:
        notes.append(f"Marks: {FLAG_LEGEND}.")
    notes.append("KO: knocked out by a must-have; not ranked.")
    b.story.append(b.p(" ".join(notes), s.caption))
    if ranking.method:
        b.story.append(_method_box(b, ranking))

    b.sub("Margin and robustness")
    margin = (
        f"The leader is ahead by <b>{ranking.margin_points:.1f} points</b>. "
        if ranking.margin_points is not None
        else ""
    )
    b.story.append(b.p(margin + t(ranking.robustness or _robustness_sentence(ranking)), s.body))
    if ranking.flips:
        flip_rows = [
            [
                b.cell(AXIS_TITLES.get(f.axis, t(f.axis))),
                b.num(f"{f.weight_from:.0%}"),
                b.num(f"{f.weight_to:.0%}"),
                b.num(f"{f.change_points:+.0f} pts"),
                b.cell(t(f.new_leader, NAME_LIMIT)),
            ]
            for f in ranking.flips
        ]
        b.story.append(
            b.table(
                ["Weight", "Now", "Flips at", "Change", "New leader"],
                flip_rows,
                [0.16, 0.1, 0.1, 0.12, 0.52],
                numeric=(1, 2, 3),
            )
        )

    b.sub("Knock-outs")
    knocked = [row for row in ranking.rows if row.knocked_out]
    if not knocked:
        b.absent(ABSENT["knockouts"])
    else:
        rows = [
            [
                b.cell(t(row.label, NAME_LIMIT), bold=True),
                b.cell(
                    "<br/>".join("• " + _knockout_text(reason) for reason in row.knockout_reasons)
                ),
            ]
            for row in knocked
        ]
        b.story.append(b.table(["Quote", "Reason"], rows, [0.35, 0.65]))

    b.sub("How the leading quotes were scored")
    top = [row for row in ranking.rows if row.rank is not None][:3]
    for row in top:
        rows = [
            [
                b.cell(AXIS_TITLES[item.axis]),
                b.num(f"{item.score:.1f}"),
                b.cell(t(item.explanation, TEXT_LIMIT) or "—"),
                b.cell(t(", ".join(item.flags)) or "—"),
            ]
            for item in row.scores
        ]
        b.story.append(b.p(f"{row.rank}. " + t(row.label, NAME_LIMIT), s.h3))
        b.story.append(
            b.table(
                ["Axis", "Score", "Explanation", "Flags"],
                rows,
                [0.15, 0.09, 0.6, 0.16],
                numeric=(1,),
            )
        )
