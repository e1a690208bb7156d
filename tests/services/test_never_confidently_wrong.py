"""The new user's first evaluation: two EUR quotes and no EUR rate, and a cloud vendor whose
one optional spot line runs outside the region the data must stay in.

Nothing here may be confidently wrong: the EUR quotes are not costed at $0.00 nor
ranked cheapest, no chance of ranking first is claimed, the pack warns before and in
the recommendation and says which currencies were not converted; the cloud vendor
loses only its US line, is priced on a compliant option and stays in the ranking.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from computescore.domain.catalog import Precision
from computescore.domain.figures import INCOMPLETE
from computescore.domain.quotes import (
    Deployment,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
    SupportTerms,
    Vendor,
    VendorKind,
)
from computescore.domain.weights import Axis
from computescore.domain.workload import (
    DataClassification,
    Evaluation,
    Purpose,
    Workload,
    WorkloadClass,
)
from computescore.reports.pdf import render_pdf
from computescore.services.analysis import AnalysisOptions, analyse
from computescore.services.evaluate import EvaluateOptions
from computescore.services.rates import parse_rate, set_rate
from computescore.store.repository import Store

DECISION = date(2026, 11, 2)

SERVING = Workload(
    name="Chat serving",
    purpose=Purpose.INFERENCE,
    workload_class=WorkloadClass.STEADY,
    params=13e9,
    tokens_per_day=2e9,
    context_length=8192,
    batch_size=32,
    hours_per_day=20,
    horizon_months=24,
    accelerators=8,
    precision=Precision.BF16,
    assumed_mfu=0.3,
    data_classification=DataClassification.CONFIDENTIAL,
    country="DE",
    required_region="EU",
)


def _line(
    description: str,
    price: str,
    deployment: Deployment,
    *,
    currency: str = "USD",
    country: str = "DE",
    unit: PriceUnit = PriceUnit.PER_GPU_HOUR,
    term: int | None = None,
) -> QuoteLine:
    return QuoteLine(
        kind=LineKind.COMPUTE,
        description=description,
        price=Decimal(price),
        price_unit=unit,
        currency=currency,
        accelerator="nvidia-h100-sxm",
        accelerator_count=8,
        accelerators_per_node=8,
        deployment=deployment,
        term_months=term,
        country=country,
    )


AURORA = Quote(
    Vendor("Aurora Rechenzentren", VendorKind.GPU_CLOUD, "DE"),
    "AR-1",
    (_line("8x H100, on demand", "2.10", Deployment.ON_DEMAND, currency="EUR"),),
    support=SupportTerms({1: 30, 2: 120}, 10.0, "24x7"),
)
BOREAL = Quote(
    Vendor("Boreal Compute", VendorKind.GPU_CLOUD, "FI"),
    "BC-9",
    (_line("8x H100, 12-month reserved", "1.70", Deployment.RESERVED, currency="EUR", term=12),),
    support=SupportTerms({1: 60, 2: 240}, None, "24x7"),
)
# Four compliant EU options and one optional spot line in the US.
CIRRUS = Quote(
    Vendor("Cirrus Cloud", VendorKind.HYPERSCALE_CLOUD, "IE"),
    "CC-44",
    (
        _line("8x H100, on demand, Frankfurt", "3.40", Deployment.ON_DEMAND),
        _line("8x H100, 12-month reserved, Frankfurt", "2.60", Deployment.RESERVED, term=12),
        _line("8x H100, 24-month reserved, Dublin", "2.30", Deployment.RESERVED, country="IE"),
        _line("8x H100, 36-month reserved, Paris", "2.20", Deployment.RESERVED, country="FR"),
        _line("8x H100, spot, Oregon (optional)", "0.90", Deployment.SPOT, country="US"),
    ),
    support=SupportTerms({1: 15, 2: 60}, 20.0, "24x7"),
)


@pytest.fixture
def store(db_target: Path | str) -> Iterator[Store]:
    with Store.open(db_target) as opened:
        with opened.transaction() as uow:
            evaluation_id = uow.add_evaluation(
                Evaluation("First sourcing", DECISION, (SERVING,), end_user="Northwind")
            )
            for item in (AURORA, BOREAL, CIRRUS):
                uow.add_quote(evaluation_id, item)
        yield opened


OPTIONS = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=500, seed=1))


def test_incomplete_costs_are_never_cheapest_and_the_pack_says_why(
    store: Store, tmp_path: Path
) -> None:
    analysis = analyse(store, None, OPTIONS)
    result, pack = analysis.result, analysis.pack
    card = result.scorecard
    euro = {AURORA.key, BOREAL.key}
    for key in euro:
        cost = card.score_of(key).axis(Axis.COST)
        assert cost.score == 0.0 and INCOMPLETE in cost.flags
        assert "no EUR → USD rate" in cost.explanation
    # The complete quote is the cheapest on cost, whatever the partial totals say.
    assert card.score_of(CIRRUS.key).axis(Axis.COST).score > 0
    # No percentiles of a partial total, and no chance of ranking first is claimed.
    assert result.monte_carlo is not None
    for item in result.monte_carlo.quotes:
        assert item.probability_first is None
        if item.quote_key in euro:
            assert item.p50_usd is None
    # The warning names the quotes, what is missing and the command that fixes it.
    assert pack.caveat.startswith("The ranking may change") or pack.caveat.startswith(
        "Do not award yet"
    )
    assert "no EUR → USD exchange rate" in pack.caveat
    assert "computescore fx set EUR RATE --as-of DATE" in pack.caveat
    assert "$0.00" not in pack.recommendation
    # Every sentence about currencies comes from the data.
    methodology = pack.methodology
    assert methodology.currencies == ("EUR",) and methodology.missing_rates == ("EUR",)
    assert "All quotes were in US dollars" not in methodology.currency_note()
    assert "EUR" in methodology.missing_rate_note()
    # The board pack as rendered: the warning on the summary page, the box on the ranking.
    pdf = tmp_path / "pack.pdf"
    pdf.write_bytes(render_pdf(pack))
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)
    assert "Warning." in text and "no EUR → USD exchange rate" in text
    assert "How the scores are made" in text
    assert "All quotes were in US dollars" not in text
    assert "No exchange rate dated on or before the decision date for EUR" in text


def test_one_noncompliant_option_excludes_that_option_not_the_vendor(store: Store) -> None:
    result = analyse(store, None, OPTIONS).result
    cirrus = result.scorecard.score_of(CIRRUS.key)
    assert not cirrus.disqualified and cirrus.rank is not None
    compliance = cirrus.axis(Axis.COMPLIANCE)
    assert compliance.score > 0
    assert "1 option excluded by a knock-out" in compliance.explanation
    tco = result.quote(CIRRUS.key).tco
    spot = next(o for o in tco.options if o.deployment is Deployment.SPOT)
    assert spot.excluded_by.startswith("knocked out — Data would leave EU")
    assert not spot.chosen and tco.chosen is not None
    assert tco.chosen.deployment is not Deployment.SPOT
    assert "excluded: knocked out" in tco.choice


def test_setting_the_rate_completes_the_costs_and_lifts_the_warning(store: Store) -> None:
    set_rate(store, parse_rate("EUR", "1.08", date(2026, 11, 1), "ECB reference"))
    analysis = analyse(store, None, OPTIONS)
    result, pack = analysis.result, analysis.pack
    assert all(item.tco.complete for item in result.quotes)
    assert pack.caveat == ""
    assert pack.methodology.missing_rates == ()
    assert pack.methodology.currency_note() == (
        "Prices in other currencies were converted to US dollars: EUR at 1.08 USD per unit "
        "(as of 2026-11-01)."
    )
    assert result.monte_carlo is not None
    firsts = [q.probability_first for q in result.monte_carlo.quotes if q.probability_first]
    assert sum(firsts) == pytest.approx(1.0)
    assert result.independence is not None and result.independence.holds


def test_a_line_that_cannot_be_costed_is_named_with_its_fix(store: Store) -> None:
    from dataclasses import replace

    from computescore.services.caveats import LINE_FIX, incomplete_costs

    # A USD quote whose only line is priced per node and says neither how many nodes nor
    # how many accelerators a node holds: no rate is missing, but the line cannot be
    # sized (a price per GPU without a count is an offer, sized for the workload), so it
    # is left out, and the fix is to correct the line.
    per_node = _line(
        "H100 node, on demand", "20.00", Deployment.ON_DEMAND, unit=PriceUnit.PER_NODE_HOUR
    )
    countless = Quote(
        Vendor("Delta GPU", VendorKind.GPU_CLOUD, "DE"),
        "DG-1",
        (replace(per_node, accelerator_count=None, nodes=None, accelerators_per_node=None),),
    )
    with store.transaction() as uow:
        uow.add_quote(uow.evaluation_row().id or 0, countless)
    result = analyse(store, None, OPTIONS).result
    gaps = {gap.quote_key: gap for gap in incomplete_costs(result)}
    delta = gaps[countless.key]
    assert delta.missing_rates == () and delta.other
    assert delta.what() == "1 line that cannot be costed" and delta.fix() == LINE_FIX
    euro = gaps[AURORA.key]
    assert euro.missing_rates == ("EUR",) and euro.other == ()
