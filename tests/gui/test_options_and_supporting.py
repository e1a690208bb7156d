"""The TCO page shows each quote's options with the chosen one; supporting quotes are listed apart.

The sample evaluation gets one more quote: a colocation offer with cost lines only
(cabinets per kW-month and a cross-connect). The engine does not rank such a quote;
the Overview, the Scorecard and the TCO page must list it with the reason instead of
letting it disappear.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from computescore.domain.figures import Figure
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
    Vendor,
    VendorKind,
)
from computescore.domain.tco import ScaledCount
from computescore.domain.tco.throughput import DECODE_FORMULA, served_throughput
from computescore.gui.presenters.tco import (
    assumption_text,
    basis_text,
    option_note,
    priced_for_text,
)
from computescore.gui.widgets import fit_widths
from computescore.vocabulary import deployment_text
from computescore.wording import sentence

COLOCATION = "Harbour Colocation ApS"


def _colocation_quote() -> Quote:
    return Quote(
        Vendor(COLOCATION, VendorKind.COLOCATION, "DK", ("EU",)),
        "HC-2026-7",
        (
            QuoteLine(
                LineKind.COST,
                "High-density cabinet, 20 kW",
                Decimal("210"),
                PriceUnit.PER_KW_MONTH,
                "EUR",
                category=CostCategory.FACILITY,
                quantity=Decimal(40),
                source="harbour.xlsx!Offer!8",
            ),
            QuoteLine(
                LineKind.COST,
                "Cross-connect",
                Decimal("450"),
                PriceUnit.TOTAL,
                "EUR",
                category=CostCategory.NETWORK,
                quantity=Decimal(1),
                source="harbour.xlsx!Offer!9",
            ),
        ),
    )


@pytest.fixture
def sample_db(tmp_path: Path) -> Path:
    """The sample evaluation plus a colocation quote without compute lines."""
    from computescore.services.workspace import open_store
    from tests.fixtures.sample_workspace import build_sample

    path = build_sample(tmp_path / "sample.db")
    with open_store(str(path)) as store, store.transaction() as uow:
        evaluation = uow.load_evaluation()
        assert evaluation.id is not None
        uow.add_quote(evaluation.id, _colocation_quote())
    return path


@pytest.fixture
def analysed(window, qtbot):  # type: ignore[no-untyped-def]
    """The window with the engine's results computed."""
    qtbot.waitUntil(lambda: window.analysis.available and window.analysis.idle(), timeout=30_000)
    return window


def _cell(model, row: int, column: int, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
    return model.data(model.index(row, column), role)


# -- the TCO page --------------------------------------------------------------------


def test_tco_page_lists_the_options_of_the_selected_quote_with_the_chosen_one_marked(
    analysed, qtmodeltester
) -> None:
    view = analysed.show_view("tco")
    assert view.showing_body
    result = analysed.analysis.result
    catalogue = analysed.analysis.outcome.data.catalogue
    # A quote with several compute lines: every one is an option priced for the workload.
    item = next(q for q in result.quotes if len(q.tco.options) > 1)
    view.select_quote(item.quote_key)
    options = view.options_model
    qtmodeltester.check(options)
    assert options.rowCount() == len(item.tco.options)
    chosen = [r for r in range(options.rowCount()) if options.row(r).chosen]
    assert len(chosen) == 1
    row = chosen[0]
    assert options.row(row).number == item.tco.chosen_option
    assert _cell(options, row, 0) == "✓"
    assert _cell(options, row, 1, Qt.ItemDataRole.FontRole).bold()
    assert all(_cell(options, r, 0) == "" for r in range(options.rowCount()) if r != row)
    for r in range(options.rowCount()):
        option = options.row(r)
        # The accelerator by its catalogue name, never its id; deployments in words.
        assert _cell(options, r, 1) == catalogue.get(option.accelerator).display_name
        assert "_" not in _cell(options, r, 2)
        assert _cell(options, r, 3) == priced_for_text(option)
    # The engine's sentence saying why, and the chosen option's cost lines as computed.
    assert view.detail.choice.text() == sentence(item.tco.choice)
    assert [line.label for line in view.lines_model.rows()] == [
        line.label for line in item.tco.lines
    ]
    assert view.detail.title.full_text() == item.label
    # The page says how the option is chosen, as the engine chooses it.
    assert "costs least per useful PFLOP-hour" in view.header.subtitle.text()
    assert "per useful PFLOP-hour" in item.tco.choice or len(item.tco.options) == 1


def test_tco_page_lists_the_supporting_quote_apart_with_its_reason(analysed) -> None:
    view = analysed.show_view("tco")
    support = analysed.analysis.result.scorecard.supporting
    assert [s.label for s in support] == [f"{COLOCATION} — HC-2026-7"]
    assert [r.label for r in view.supporting_model.rows()] == [support[0].label]
    assert support[0].label not in [r.label for r in view.summary_model.rows()]
    assert view.supporting_title.text().startswith("Supporting quote")
    view.select_quote(support[0].quote_key)
    assert view.detail.choice.text().startswith(
        f"Supporting quote, not ranked: {support[0].reason}"
    )
    assert view.detail.options_box.isHidden()
    assert [line.label for line in view.lines_model.rows()] == [
        line.label for line in analysed.analysis.result.quote(support[0].quote_key).tco.lines
    ]


# -- the Scorecard and the Overview ----------------------------------------------------


def test_scorecard_lists_the_supporting_quote_apart_and_keeps_it_when_weights_move(
    analysed, qtmodeltester
) -> None:
    view = analysed.show_view("scorecard")
    qtmodeltester.check(view.supporting_model)
    support = analysed.analysis.result.scorecard.supporting[0]
    assert support.label not in [r.label for r in view.ranking_model.rows()]
    assert [r.label for r in view.supporting_model.rows()] == [support.label]
    assert view.supporting_title.isVisibleTo(view)
    assert view.supporting_title.text() == f"Not ranked — 1 supporting quote: {support.reason}."
    # Re-ranking with other weights keeps it listed (it never enters the ranking).
    for axis, row in view.rows.items():
        row.type_value(100 if axis == "cost" else 0)
    assert [r.label for r in view.supporting_model.rows()] == [support.label]
    assert support.label not in [r.label for r in view.ranking_model.rows()]


def test_overview_gives_each_quote_its_standing_and_names_the_supporting_one(analysed) -> None:
    view = analysed.show_view("overview")
    model = view.quotes_model
    standing = {
        f"{model.row(r).vendor} — {model.row(r).reference}": _cell(model, r, 2)
        for r in range(model.rowCount())
    }
    card = analysed.analysis.result.scorecard
    assert standing[f"{COLOCATION} — HC-2026-7"] == "Supporting"
    winner = card.winner
    assert standing[winner.label] == f"#1 · {winner.weighted_total:.1f}"
    assert view.supporting_frame.isVisibleTo(view)
    texts = [w.text() for w in view.supporting_frame.findChildren(type(view.header.title))]
    assert any(COLOCATION in t and card.supporting[0].reason in t for t in texts)
    assert "1 supporting, not ranked" in view.card_quotes.detail.text()
    flip = analysed.analysis.result.smallest_flip
    assert flip is not None and flip.change is not None
    way = "rises" if flip.change > 0 else "falls"
    assert (
        f"flips if the {flip.axis.value} weight {way} {abs(flip.change) * 100:.1f} "
        "percentage points"
    ) in view.card_leader.detail.text()


# -- the small pure helpers behind the pages ---------------------------------------------


def test_deployment_and_assumption_words() -> None:
    assert deployment_text(Deployment.RESERVED, 12) == "12-month reserved"
    assert deployment_text(Deployment.LEASE, 36) == "36-month lease"
    assert deployment_text(Deployment.ON_DEMAND, None) == "On-demand"
    assert deployment_text(Deployment.PURCHASE, None) == "Purchase"
    assert assumption_text("energy_usd_per_kwh", 0.16) == "energy $0.16/kWh"
    assert assumption_text("residual_fraction", 10.0) == "residual value 10 %"
    assert sentence("cheapest of 2 options") == "Cheapest of 2 options."


class _Option:
    """The fields of an engine option the table reads."""

    def __init__(self, count: ScaledCount, **fields: object) -> None:
        self.count = count
        self.chosen = False
        self.priced = True
        self.eligible = True
        self.note = ""
        self.__dict__.update(fields)


def test_priced_for_and_note_of_an_option() -> None:
    # 16 needed on 8-GPU nodes = 2 nodes; quoted 4 nodes × 8 = 32.
    nodes = ScaledCount(16, 2, 8.0, 32, 4, 0.5, "16 needed = 2 nodes × 8")
    assert priced_for_text(_Option(nodes)) == "2 nodes × 8 = 16"
    # Quoted for 8, the workload needs 16: priced for 16 at the quoted rate.
    short = ScaledCount(16, None, None, 8, None, 2.0, "16 needed; quoted 8")
    assert priced_for_text(_Option(short)) == "16"
    assert option_note(_Option(short)) == "Quoted for 8; priced for 16 at the quoted rate"
    assert option_note(_Option(short, chosen=True)).startswith("Chosen — Quoted for 8")
    spot = _Option(
        nodes,
        eligible=False,
        note="spot (interruptible) capacity is not chosen for a steady workload; more",
    )
    assert option_note(spot) == "Spot (interruptible) capacity is not chosen for a steady workload"


def test_fit_widths_cuts_the_last_column_then_the_widest() -> None:
    # (minimum, preferred, shrinks) in pixels.
    widths = [(50, 100, True), (50, 300, True), (60, 60, False), (40, 80, True)]
    assert fit_widths(widths, 1000) == [100, 300, 60, 80]  # everything fits
    # 540 wanted, 440 available: the last column gives its 40 spare, then the widest
    # column its 60: 100 + 240 + 60 + 40 = 440.
    assert fit_widths(widths, 440) == [100, 240, 60, 40]
    # 300 available: last at 40, numbers kept at 60, the two others share 200 at a
    # common width of 100 (the first needs no more than 100).
    assert fit_widths(widths, 300) == [100, 100, 60, 40]
    # Too narrow for the minimums: everything at its minimum.
    assert fit_widths(widths, 100) == [50, 50, 60, 40]


def test_the_useful_throughputs_source_is_named_as_it_was_worked_out() -> None:
    # An unmeasured serving option is rated by its decode step, not by peak × MFU, and
    # over the token mix: the prompt tokens are read at peak × MFU.
    decode = Figure("Useful throughput", 4.24, "TFLOP/s per accelerator", DECODE_FORMULA)
    assert basis_text("datasheet", decode) == (
        "the decode step's memory-bandwidth bound (unmeasured)"
    )
    assert basis_text("datasheet", served_throughput(decode, 296.85, 0.25)) == (
        "the decode step's memory-bandwidth bound, prompt tokens at peak × MFU (unmeasured)"
    )
    peak = Figure("Useful throughput", 296.85, "TFLOP/s per accelerator", "dense fp8 peak × MFU")
    assert basis_text("datasheet", peak) == "datasheet peak × assumed MFU (unmeasured)"
    measured = Figure("Useful throughput", 23.4, "TFLOP/s per accelerator", "measured tokens/s")
    assert basis_text("measured_tokens", measured) == "measured tokens/s"
    assert basis_text("measured_tokens", served_throughput(measured, 296.85, 0.25)) == (
        "measured tokens/s generating, prompt tokens at peak × MFU"
    )


def test_a_quote_with_lines_left_out_sorts_after_every_complete_one(qtbot: Any) -> None:
    from types import SimpleNamespace

    from computescore.gui.views.tco_columns import summary_columns

    def row(headline: float, complete: bool) -> Any:
        return SimpleNamespace(
            label="q",
            knocked_out=False,
            supporting=False,
            headline_usd=headline,
            usd_per_useful_pflop_hour=2.0,
            tco=SimpleNamespace(complete=complete),
        )

    _, total, rate = summary_columns()
    cheap_but_unpriced, partial, dear = row(0.0, False), row(30_000.0, False), row(900_000.0, True)
    ordered = sorted([cheap_but_unpriced, partial, dear], key=total.sort_key)
    assert ordered == [dear, cheap_but_unpriced, partial]
    assert total.display(cheap_but_unpriced) == "—" and total.display(partial) == "$30,000"
    assert rate.display(partial) == "—"  # a rate of the priced lines alone is no rate
