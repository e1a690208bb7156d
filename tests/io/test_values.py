"""Value parsers: money in many formats, units, terms, percentages, durations, dates."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.problems import Severity
from computescore.domain.quotes import CostCategory, Deployment, PriceUnit
from computescore.io.cell_kinds import stated_share
from computescore.io.values import (
    Basis,
    DecimalMark,
    Period,
    UnitHint,
    categorise_cost,
    excel_serial_to_date,
    names_a_cost,
    names_cpu_instance,
    names_spot,
    parse_count,
    parse_date,
    parse_days,
    parse_duration_minutes,
    parse_money,
    parse_percent,
    parse_terms,
    parse_unit_text,
    price_unit_for,
    read_number_text,
    yen_or_yuan,
)


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("$3.10/hr", "3.10", "USD"),
        ("US$ 2,85", "2.85", "USD"),  # one comma before two digits can only be a decimal mark
        ("US$2,85", "2.85", "USD"),
        ("€ 1.234,56", "1234.56", "EUR"),
        ("1.234,56 €", "1234.56", "EUR"),
        ("1 234,56 EUR", "1234.56", "EUR"),
        ("1\u202f234,56 €", "1234.56", "EUR"),  # narrow no-break space groups thousands
        ("EUR 1.234.567,89", "1234567.89", "EUR"),
        ("(1,200.00)", "-1200.00", None),  # accounting negative
        ("€ 2.85-", "-2.85", "EUR"),  # trailing minus
        ("CHF 1'234.50", "1234.50", "CHF"),
        ("JPY 12,000", "12000", "JPY"),  # yen have no minor unit: the comma groups
        ("RMB 3.5", "3.5", "CNY"),
        ("3.10 net", "3.10", None),
        ("0,018", "0.018", None),  # "0," cannot start a thousands group
    ],
)
def test_prices_in_common_formats(text: str, amount: str, currency: str | None) -> None:
    money, problem = parse_money(text)
    assert problem is None
    assert money is not None
    assert money.amount == Decimal(amount)
    assert money.currency == currency


def test_price_with_unit_suffix_reports_the_unit() -> None:
    money, _ = parse_money("3,10 USD / GPU / hr")
    assert money is not None and money.unit == UnitHint(Period.HOUR, Basis.GPU)
    money, _ = parse_money("$0.02/GB-month")
    assert money is not None and money.unit == UnitHint(Period.MONTH, Basis.GB)


def test_price_per_terabyte_is_brought_to_per_gigabyte() -> None:
    # $20 per TB-month = $0.020 per GB-month (20 × 0.001)
    money, _ = parse_money("$20 per TB per month")
    assert money is not None and money.amount == Decimal("0.020")


@pytest.mark.parametrize("text", ["1.234", "1,234", "EUR 12,000", "-1.234", "20.000"])
def test_lone_separator_before_three_digits_is_ambiguous(text: str) -> None:
    money, problem = parse_money(text)
    assert money is None
    assert problem is not None and problem.severity is Severity.ERROR
    assert "ambiguous" in problem.message


@pytest.mark.parametrize(
    ("text", "currency", "amount"),
    [
        ("CNY 12,000", None, "12000"),
        ("¥12,600", "CNY", "12600"),
        ("¥12,600", "JPY", "12600"),
        ("₩1,250", None, "1250"),
        ("TWD 3,400", None, "3400"),
        ("98,600元", None, "98600"),
    ],
)
def test_yuan_yen_won_and_taiwan_dollars_never_have_a_decimal_comma(
    text: str, currency: str | None, amount: str
) -> None:
    money, problem = parse_money(text, currency=currency)
    assert problem is None and money is not None
    assert money.amount == Decimal(amount)


@pytest.mark.parametrize(
    ("text", "mark", "amount"),
    [
        ("1.234", DecimalMark.POINT, "1.234"),
        ("1.234", DecimalMark.COMMA, "1234"),
        ("1,234", DecimalMark.POINT, "1234"),
        ("1,234", DecimalMark.COMMA, "1.234"),
        ("CNY 12,000", DecimalMark.POINT, "12000"),
    ],
)
def test_a_stated_decimal_mark_resolves_the_ambiguity(
    text: str, mark: DecimalMark, amount: str
) -> None:
    money, problem = parse_money(text, mark=mark)
    assert problem is None and money is not None
    assert money.amount == Decimal(amount)


@pytest.mark.parametrize("text", ["$12k", "approx 3.10", "1,23.45", "USD 3.10 EUR", "1.2E+03"])
def test_prices_that_cannot_be_read_exactly_are_errors(text: str) -> None:
    money, problem = parse_money(text, source="q.xlsx!Q!D7")
    assert money is None
    assert problem is not None and problem.severity is Severity.ERROR
    assert problem.source == "q.xlsx!Q!D7"
    assert problem.found == text


def test_yen_sign_needs_to_know_which_currency() -> None:
    money, problem = parse_money("￥8,000")
    assert money is None and problem is not None and "CNY" in problem.message
    money, problem = parse_money("￥8,000", currency="CNY", mark=DecimalMark.POINT)
    assert problem is None and money is not None
    assert (money.amount, money.currency) == (Decimal(8000), "CNY")


def test_the_language_of_the_file_says_which_currency_a_yen_sign_is() -> None:
    assert yen_or_yuan(["御見積書", "GPUサーバー専有プラン H100", "単価"]) == "JPY"
    assert yen_or_yuan(["单价", "报价单", "GPU服务器租赁"]) == "CNY"
    # Kanji both languages write, or both scripts at once, decide nothing.
    assert yen_or_yuan(["数量", "合計"]) is None
    assert yen_or_yuan(["単価", "单价"]) is None
    assert yen_or_yuan(["Unit price"]) is None


def test_words_that_start_like_a_period_state_none() -> None:
    # "Pay-as-you-go" is no price per year (p.a.), "Model" no price per month (mo).
    for text in ("Pay-as-you-go", "PAYG", "Payment", "Pacific", "Model", "Monitoring fee"):
        hint = parse_unit_text(text)
        assert hint is None or hint.period is None, text
    for text, period in (("EUR p.a.", Period.YEAR), ("$/mo", Period.MONTH), ("MRC", Period.MONTH)):
        hint = parse_unit_text(text)
        assert hint is not None and hint.period is period, text
    assert categorise_cost("PowerEdge XE9680 Base") is not CostCategory.POWER
    assert categorise_cost("Reserved power 80 kW") is CostCategory.POWER


@pytest.mark.parametrize(
    "text",
    ["Shipping", "Frais de port et livraison", "Fracht und Verpackung", "送料", "Spedizione"],
)
def test_shipping_in_any_language_is_installation_not_a_network_port(text: str) -> None:
    assert categorise_cost(text) is CostCategory.INSTALLATION


def test_quarterly_is_a_third_a_month() -> None:
    hint = parse_unit_text("Quarterly Payment per Unit (USD)")
    assert hint is not None and hint.period is Period.MONTH
    assert hint.scale * 3 == pytest.approx(1)
    for rack in ("quarter rack", "Quarter rack, 10U"):  # a quarter of a rack, not of a year
        assert parse_unit_text(rack) is None or parse_unit_text(rack).period is None  # type: ignore[union-attr]


def test_a_price_list_s_price_types_are_ways_of_buying() -> None:
    on_demand, _ = parse_terms("Consumption")
    reserved, _ = parse_terms("Reservation")
    assert on_demand is not None and on_demand.deployment is Deployment.ON_DEMAND
    assert reserved is not None and reserved.deployment is Deployment.RESERVED
    # "consumption" inside a sentence is no way of buying
    assert parse_terms("Power consumption included")[0] is None
    assert names_spot("ND96isr H100 v5 Spot") and names_spot("Low Priority")
    assert not names_spot("ND96isr H100 v5") and not names_spot(None)
    # 租赁 is renting dedicated servers; a finance lease says 融资租赁.
    rented, _ = parse_terms("GPU服务器租赁 12个月")
    financed, _ = parse_terms("融资租赁 36个月")
    assert rented is not None and (rented.deployment, rented.term_months) == (
        Deployment.RESERVED,
        12,
    )
    assert financed is not None and financed.deployment is Deployment.LEASE


@pytest.mark.parametrize(
    ("text", "deployment", "term"),
    [
        ("12ヶ月予約", Deployment.RESERVED, 12),
        ("1年リザーブド", Deployment.RESERVED, 12),
        ("オンデマンド", Deployment.ON_DEMAND, None),
        ("スポット", Deployment.SPOT, None),
        ("12个月预留", Deployment.RESERVED, 12),
        ("抢占式实例", Deployment.SPOT, None),
        ("按量付费", Deployment.ON_DEMAND, None),
        ("Reserviert", Deployment.RESERVED, None),
        ("Réservé 12 mois", Deployment.RESERVED, 12),
        # no commitment, in the vendor's words: not the "engagement" of a reservation
        ("sans engagement", Deployment.ON_DEMAND, None),
        ("Instances à la demande", Deployment.ON_DEMAND, None),
        ("engagement 24 mois", Deployment.RESERVED, 24),
        ("monatlich kündbar", Deployment.ON_DEMAND, None),
        ("ohne Mindestlaufzeit", Deployment.ON_DEMAND, None),
        ("sin permanencia", Deployment.ON_DEMAND, None),
    ],
)
def test_ways_of_buying_in_japanese_and_chinese(
    text: str, deployment: Deployment, term: int | None
) -> None:
    reading, _ = parse_terms(text)
    assert reading is not None and (reading.deployment, reading.term_months) == (deployment, term)


def test_an_hour_written_after_the_gpu_without_a_space() -> None:
    for text in ("GPU時間", "卡小时", "per GPU-hour"):
        hint = parse_unit_text(text)
        assert hint is not None and (hint.basis, hint.period) == (Basis.GPU, Period.HOUR), text
    for text in ("GPU月", "卡月"):
        hint = parse_unit_text(text)
        assert hint is not None and (hint.basis, hint.period) == (Basis.GPU, Period.MONTH), text
    twelve = parse_unit_text("12个月")
    assert twelve is not None and twelve.basis is None  # a term, no price per month of a GPU


@pytest.mark.parametrize(
    ("text", "share"),
    [
        ("+25 %", 0.25),
        (0.25, 0.25),  # a percent-formatted cell
        ("12,5 %", 0.125),
        ("Flex: 20%", 0.2),
        ("up to 20% above commitment at committed rate", 0.2),
        ("bis zu 20 % über Zusage", 0.2),
        ("上浮20%", 0.2),
        ("30% at signing, rest monthly", 0.3),
        ("none", 0.0),
        ("n/a", 0.0),
        ("keine", 0.0),
        ("All upfront", 1.0),
        ("Paiement intégral d'avance", 1.0),
        ("全款预付", 1.0),
        ("全額前払い", 1.0),
        ("vollständig im Voraus", 1.0),
        ("1/3 upfront", 1 / 3),
        # No one share: reported, never guessed.
        ("Partial upfront", None),
        ("25 % + 10 % Burst", None),
        ("-10%", None),
        ("150%", None),
        ("fully refundable", None),
        ("yes", None),
        ("12/2026", None),
    ],
)
def test_a_share_of_a_commitment_in_a_cell(text: object, share: float | None) -> None:
    assert stated_share(text, "flex") == share


def test_a_bare_number_is_a_percent_under_a_header_that_says_so() -> None:
    # A percent-formatted cell holds 0.25 for 25 % and 1 for 100 %; under "Prepayment (%)"
    # a plain 25 is 25 % and a plain 1 is 1 %.
    assert [stated_share(v, "prepayment") for v in (0.25, 1, 25)] == [0.25, 1.0, None]
    header = "prepayment percent"
    assert [stated_share(v, header) for v in (0.25, 1, 25, 100, 150)] == [
        0.25,
        0.01,
        0.25,
        1.0,
        None,
    ]


def test_dollar_sign_follows_a_dollar_hint() -> None:
    money, _ = parse_money("$3.10", currency="AUD")
    assert money is not None and money.currency == "AUD"
    money, _ = parse_money("$3.10", currency="EUR")
    assert money is not None and money.currency == "USD"


def test_numbers_from_cells_are_exact() -> None:
    money, _ = parse_money(3.1)  # a float cell: shortest repr, not binary noise
    assert money is not None and money.amount == Decimal("3.1")
    money, _ = parse_money(438900)
    assert money is not None and money.amount == Decimal(438900)
    assert parse_money(True)[0] is None


def test_included_reads_as_zero_with_a_warning_and_tbd_as_an_error() -> None:
    money, problem = parse_money("Included")
    assert money is not None and money.amount == 0
    assert problem is not None and problem.severity is Severity.WARNING
    money, problem = parse_money("TBD")
    assert money is None and problem is not None and problem.severity is Severity.ERROR


# --------------------------------------------------------------------------- round trip

LOCALES = {
    # name: (grouping separator, decimal mark)
    "en_US": (",", DecimalMark.POINT),
    "de_DE": (".", DecimalMark.COMMA),
    "fr_FR": ("\u202f", DecimalMark.COMMA),
    "de_CH": ("'", DecimalMark.POINT),
    "plain": ("", DecimalMark.POINT),
}


def format_number(value: Decimal, group: str, mark: DecimalMark) -> str:
    sign = "-" if value < 0 else ""
    whole, _, fraction = f"{abs(value):f}".partition(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    text = group.join(groups)
    if fraction:
        text += ("," if mark is DecimalMark.COMMA else ".") + fraction
    return sign + text


amounts = st.decimals(
    min_value=Decimal("-10000000"),
    max_value=Decimal("10000000"),
    places=2,
    allow_nan=False,
    allow_infinity=False,
)
decorations = st.sampled_from(["{}", "€ {}", "{} EUR", "US$ {}", "{} USD", "CNY {}", "${}/hr"])


@given(amounts, st.sampled_from(sorted(LOCALES)), decorations)
def test_price_round_trips_in_every_locale_when_the_mark_is_known(
    value: Decimal, locale: str, decoration: str
) -> None:
    group, mark = LOCALES[locale]
    text = decoration.format(format_number(value, group, mark))
    money, problem = parse_money(text, mark=mark)
    assert problem is None, text
    assert money is not None and money.amount == value, text


@given(amounts, st.sampled_from(sorted(LOCALES)), decorations)
def test_price_without_a_mark_is_right_or_refused_never_wrong(
    value: Decimal, locale: str, decoration: str
) -> None:
    group, mark = LOCALES[locale]
    text = decoration.format(format_number(value, group, mark))
    money, problem = parse_money(text)
    if money is not None:
        assert money.amount == value, text
    else:
        assert problem is not None and problem.severity is Severity.ERROR


@given(st.integers(min_value=0, max_value=10**9))
def test_integers_with_thousands_groups(value: int) -> None:
    # 1,234,567 (two or more commas) can only be grouping.
    text = f"{value:,}"
    reading = read_number_text(text)
    if text.count(",") == 1:
        assert reading.value is None and reading.ambiguous == (
            Decimal(value),
            Decimal(text.replace(",", ".")),
        )
    else:
        assert reading.value == value


# --------------------------------------------------------------------------- units


@pytest.mark.parametrize(
    ("text", "compute", "node", "unit"),
    [
        ("per GPU-hour", True, False, PriceUnit.PER_GPU_HOUR),
        ("GPU-hr", True, True, PriceUnit.PER_GPU_HOUR),  # the text beats the context
        ("per hour", True, True, PriceUnit.PER_NODE_HOUR),
        ("per hour", True, False, PriceUnit.PER_GPU_HOUR),
        ("node/month", True, False, PriceUnit.PER_NODE_MONTH),
        ("per GPU per month", True, False, PriceUnit.PER_GPU_MONTH),
        ("每卡每小时 per card-hour", True, False, PriceUnit.PER_GPU_HOUR),
        ("pc.", True, True, PriceUnit.PER_UNIT),
        ("one-off", False, False, PriceUnit.TOTAL),
        ("lump sum", False, False, PriceUnit.TOTAL),
        ("per cabinet", False, False, PriceUnit.PER_UNIT),
        ("per port-month", False, False, PriceUnit.PER_MONTH),
        ("per GB", False, False, PriceUnit.PER_GB),
        ("GB-month", False, False, PriceUnit.PER_GB_MONTH),
        ("per kW/month", False, False, PriceUnit.PER_KW_MONTH),
        ("annual", False, False, PriceUnit.PER_YEAR),
        # "8-GPU" is the node's size, not a price per GPU.
        ("HGX H100 8-GPU (USD per node-hour)", True, False, PriceUnit.PER_NODE_HOUR),
        ("8x GPU server / month", True, False, PriceUnit.PER_NODE_MONTH),
        ("Price (1 GPU/hr)", True, True, PriceUnit.PER_GPU_HOUR),
    ],
)
def test_units(text: str, compute: bool, node: bool, unit: PriceUnit) -> None:
    hint = parse_unit_text(text)
    assert hint is not None
    assert price_unit_for(hint, compute=compute, node_priced=node) is unit


def test_unit_and_column_period_combine() -> None:
    # "per kW" in a column headed "Monthly recurring" is per kW-month.
    combined = parse_unit_text("per kW")
    assert combined is not None
    combined = combined.merged(UnitHint(Period.MONTH))
    assert price_unit_for(combined, compute=False, node_priced=False) is PriceUnit.PER_KW_MONTH


def test_units_that_say_nothing_or_are_unsupported() -> None:
    assert parse_unit_text("kWh") is None
    assert parse_unit_text("Guaranteed") is None
    assert price_unit_for(UnitHint(Period.HOUR), compute=False, node_priced=False) is None


# --------------------------------------------------------------------------- terms


@pytest.mark.parametrize(
    ("text", "deployment", "term"),
    [
        ("36-month commitment", Deployment.RESERVED, 36),
        ("3 yrs", None, 36),
        ("RI 1 year", Deployment.RESERVED, 12),
        ("pay-as-you-go", Deployment.ON_DEMAND, None),
        ("Pay per use", Deployment.ON_DEMAND, None),
        ("preemptible", Deployment.SPOT, None),
        ("Spot (preemptible)", Deployment.SPOT, None),
        ("interruptible", Deployment.SPOT, None),
        ("12-month reserved", Deployment.RESERVED, 12),
        ("three-year commitment", Deployment.RESERVED, 36),
        ("lease 36 months", Deployment.LEASE, 36),
        ("purchase", Deployment.PURCHASE, None),
        ("12个月 12 months", None, 12),
        (24, None, 24),
    ],
)
def test_terms(text: object, deployment: Deployment | None, term: int | None) -> None:
    reading, problem = parse_terms(text)
    assert problem is None and reading is not None
    assert (reading.deployment, reading.term_months) == (deployment, term)


def test_unrecognised_terms_are_reported() -> None:
    reading, problem = parse_terms("Guaranteed")
    assert reading is None and problem is not None


# --------------------------------------------------------------------------- others


@pytest.mark.parametrize(
    ("value", "percent"),
    [("99.95%", 99.95), ("12,5 %", 12.5), (0.9995, 99.95), ("99.999%", 99.999), (99.9, 99.9)],
)
def test_percentages(value: object, percent: float) -> None:
    assert parse_percent(value)[0] == pytest.approx(percent)


def test_percentage_over_100_is_refused() -> None:
    assert parse_percent("150%")[1] is not None


@pytest.mark.parametrize(
    ("text", "minutes", "best_effort"),
    [
        ("1 hour", 60, False),
        ("30 min", 30, False),
        ("4h", 240, False),
        ("8 business hours", 480, False),  # business hours count 60 minutes each
        ("next business day", 1440, False),
        ("30 分钟 (30 minutes)", 30, False),
        ("best effort", None, True),
    ],
)
def test_durations(text: str, minutes: int | None, best_effort: bool) -> None:
    assert parse_duration_minutes(text)[:2] == (minutes, best_effort)


def test_days() -> None:
    assert parse_days("90 days")[0] == 90
    assert parse_days("3 months")[0] == 90  # 30-day months
    assert parse_days("180 days before the end of the initial 36-month term")[0] == 180


@pytest.mark.parametrize(
    ("value", "day"),
    [
        ("2026-03-01", date(2026, 3, 1)),
        ("15/03/2026", date(2026, 3, 15)),  # can only be day first
        ("03/15/2026", date(2026, 3, 15)),  # can only be month first
        ("12.11.2026", date(2026, 11, 12)),
        ("18-11-2026", date(2026, 11, 18)),
        ("09 Nov 2026", date(2026, 11, 9)),
        ("March 1, 2026", date(2026, 3, 1)),
        ("2026年11月8日", date(2026, 11, 8)),
        (45352, date(2024, 3, 1)),  # Excel serial, 1900 system
    ],
)
def test_dates(value: object, day: date) -> None:
    assert parse_date(value) == (day, None)


def test_a_date_whose_day_and_month_could_change_places_is_read_day_first_and_told() -> None:
    # A US vendor's 03/05/2026 is 5 March; read day first it is 3 May: the reader says so.
    day, problem = parse_date("03/05/2026", "q.pdf!page 1!B5", what="quote date")
    assert day == date(2026, 5, 3)
    assert problem is not None and problem.severity is Severity.WARNING
    assert problem.source == "q.pdf!page 1!B5"
    assert problem.message == (
        "The quote date was read day first, as 3 May 2026; written month first (as in the "
        "United States) it is 5 March 2026"
    )
    # The same day and month, and dots (never month first), are not in doubt.
    assert parse_date("05/05/2026") == (date(2026, 5, 5), None)
    assert parse_date("03.05.2026") == (date(2026, 5, 3), None)


def test_excel_serials_in_both_date_systems() -> None:
    # 45352 days after 1899-12-30 is 2024-03-01; the 1904 system starts 1,462 days later.
    assert excel_serial_to_date(45352) == date(2024, 3, 1)
    assert excel_serial_to_date(43890, date1904=True) == date(2024, 3, 1)
    assert excel_serial_to_date(45352, date1904=True) == date(2028, 3, 2)
    assert excel_serial_to_date(60) == date(1900, 2, 28)  # Excel's phantom 29 February
    assert excel_serial_to_date(61) == date(1900, 3, 1)


def test_implausible_dates_warn() -> None:
    day, problem = parse_date("1999-01-01")
    assert day == date(1999, 1, 1)
    assert problem is not None and problem.severity is Severity.WARNING


def test_counts() -> None:
    assert parse_count("8 GPUs")[0] == 8
    assert parse_count(16.0)[0] == 16
    assert parse_count("x 2")[0] == 2
    assert parse_count("2.5")[1] is not None


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Internet data transfer out (first 10 TB per month tier)", CostCategory.EGRESS),
        ("InfiniBand NDR switch, 64 ports", CostCategory.NETWORK),
        ("Installation, rack integration and commissioning on site", CostCategory.INSTALLATION),
        ("3-year support: NVIDIA Enterprise Support", CostCategory.SUPPORT),
        ("Remote hands, 10 hours per month included", CostCategory.SUPPORT),
        ("Managed Lustre file system", CostCategory.STORAGE),
        ("Cooling upgrade: rear-door heat exchanger", CostCategory.POWER),
        ("Cabinet, 48U, in secure cage", CostCategory.FACILITY),
        ("NVIDIA AI Enterprise licence", CostCategory.SOFTWARE),
        ("Project management", CostCategory.OTHER),
    ],
)
def test_cost_categories(text: str, category: CostCategory) -> None:
    assert categorise_cost(text) is category


@pytest.mark.parametrize(
    ("text", "amount", "mark"),
    [
        ("2.10*", "2.10", "*"),
        ("2.10¹", "2.10", "¹"),
        ("1.85 ²", "1.85", "²"),
        ("2.10 (a)", "2.10", "(a)"),
        ("$2.10†", "2.10", "†"),
        ("2.10 [3]", "2.10", "[3]"),
        ("€ 1.234,50**", "1234.50", "**"),
    ],
)
def test_footnote_marks_are_read_as_the_number_with_the_note_kept(
    text: str, amount: str, mark: str
) -> None:
    money, problem = parse_money(text, mark=DecimalMark.COMMA if "€" in text else None)
    assert money is not None and money.amount == Decimal(amount)
    assert problem is not None and problem.severity is Severity.WARNING
    assert f"footnote mark {mark}" in problem.message


def test_a_negative_amount_in_parentheses_is_not_a_footnote() -> None:
    money, problem = parse_money("(1,200.00)")
    assert problem is None and money is not None and money.amount == Decimal("-1200.00")


@given(
    st.decimals(min_value=0, max_value=10**7, places=2, allow_nan=False),
    st.sampled_from(["*", "**", "†", "‡", "¹", "²", "³", " (a)", " (b)", " [1]", "(ii)"]),
)
def test_a_footnote_mark_never_changes_the_number(amount: Decimal, mark: str) -> None:
    text = f"{amount:.2f}{mark}"
    money, problem = parse_money(text)
    plain, _ = parse_money(f"{amount:.2f}")
    assert money is not None and plain is not None
    assert money.amount == plain.amount == amount
    assert problem is not None and problem.severity is Severity.WARNING


@pytest.mark.parametrize(
    ("text", "basis", "scale"),
    [
        ("per 1M input tokens", Basis.INPUT_TOKENS, "1"),
        ("$/M output tokens", Basis.OUTPUT_TOKENS, "1"),
        ("cached input, per 1M tokens", Basis.CACHED_TOKENS, "1"),
        ("USD per million tokens", Basis.TOKENS, "1"),
        ("per_million_output_tokens", Basis.OUTPUT_TOKENS, "1"),
        ("MTok", Basis.TOKENS, "1"),
        ("per 1K tokens", Basis.TOKENS, "1000"),
        ("input $/1K tok", Basis.INPUT_TOKENS, "1000"),
        ("per token", Basis.TOKENS, "1000000"),
        # "in USD" names no kind of token: the price is for all of them.
        ("Price in USD per 1M tokens", Basis.TOKENS, "1"),
    ],
)
def test_token_units_and_the_factor_to_a_million(text: str, basis: Basis, scale: str) -> None:
    from computescore.domain.quotes import PriceUnit
    from computescore.io.values import parse_unit_text, price_unit_for

    hint = parse_unit_text(text)
    assert hint == UnitHint(None, basis, Decimal(scale))
    unit = price_unit_for(hint, compute=True, node_priced=True)
    assert unit is not None and unit.per_tokens and not unit.recurring
    assert unit is PriceUnit(f"per_million_{basis.value}")


def test_a_price_per_thousand_tokens_is_brought_to_per_million() -> None:
    money, _ = parse_money("$0.0006 / 1K output tokens")
    assert money is not None and money.amount == Decimal("0.6000")


@pytest.mark.parametrize("text", ["条", "项", "套", "式", "一式", "回線", "baie", "unité", "liens"])
def test_a_counter_word_in_a_unit_column_prices_per_item(text: str) -> None:
    # Chinese and Japanese counters, and French items, name what is counted: one item.
    hint = parse_unit_text(text)
    assert hint is not None and hint.basis is Basis.UNIT and hint.period is None


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Wartungsvertrag 36 Monate, 24x7, 4h Reaktionszeit", CostCategory.SUPPORT),
        ("Frais de mise en service", CostCategory.INSTALLATION),
        ("Installation und Inbetriebnahme vor Ort", CostCategory.INSTALLATION),
        ("Rear-door heat exchanger", CostCategory.POWER),
        ("Cooling upgrade: rear-door heat exchanger, 40 kW per rack", CostCategory.POWER),
        ("ConnectX-7 NIC 400G", CostCategory.NETWORK),
        ("閉域網接続", CostCategory.NETWORK),
        ("Énergie électrique réservée", CostCategory.POWER),
        ("Baie 42U haute densité (jusqu'à 20 kW)", CostCategory.FACILITY),
        ("Colocation-Rack 40 kW inkl. Strom", CostCategory.FACILITY),
    ],
)
def test_cost_categories_in_the_vendors_own_words(text: str, category: CostCategory) -> None:
    assert categorise_cost(text) is category


@pytest.mark.parametrize(
    ("text", "deployment", "term"),
    [
        ("engagement 24 mois", Deployment.RESERVED, 24),  # fr: a 24-month commitment
        ("Laufzeit 36 Monate", Deployment.RESERVED, 36),
        ("契約期間12ヶ月", Deployment.RESERVED, 12),
        ("12か月", None, 12),
        ("6 meses", None, 6),
        ("12 mesi", None, 12),
        ("24 maanden", None, 24),
    ],
)
def test_commitments_and_terms_in_the_vendors_own_words(
    text: str, deployment: Deployment | None, term: int
) -> None:
    reading, problem = parse_terms(text)
    assert problem is None and reading is not None
    assert (reading.deployment, reading.term_months) == (deployment, term)


@pytest.mark.parametrize(
    ("text", "service"),
    [
        ("Managed Kubernetes control plane", True),
        ("Support", True),
        ("NVIDIA X900", False),  # a maker: an accelerator the catalogue lacks
        ("Acme Nova 1 96GB", False),  # a figure
        ("H100 SXM", False),
        ("Gaudi", False),
    ],
)
def test_words_in_an_accelerator_column_that_name_a_service(text: str, service: bool) -> None:
    from computescore.io.values import names_a_service

    assert names_a_service(text) is service


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("PowerScale F710 all-flash NAS, 3 nodes, 460TB raw", CostCategory.STORAGE),
        ("Extension de garantie 5 ans J+1", CostCategory.SUPPORT),
        ("Gewährleistungsverlängerung 5 Jahre", CostCategory.SUPPORT),
        ("Site survey and power assessment", CostCategory.INSTALLATION),
        ("Rail kit / cable management arm", CostCategory.OTHER),
        ("NVIDIA OSFP passive copper cable 2m", CostCategory.NETWORK),
        # what a line includes does not say what it is
        ("WEKA storage cluster 8 nodes 1PB usable (incl. licenses 3Y)", CostCategory.STORAGE),
        ("AI Enterprise licence incl. support", CostCategory.SOFTWARE),
        ("Colocation rack 40 kW incl. power", CostCategory.FACILITY),
    ],
)
def test_server_makers_items_fall_in_their_categories(text: str, category: CostCategory) -> None:
    assert categorise_cost(text) is category


def test_next_business_day_is_a_response_time() -> None:
    for text in ("NBD", "NBD on-site", "next business day", "Next working day"):
        minutes, best_effort, problem = parse_duration_minutes(text)
        assert (minutes, best_effort, problem) == (1440, False, None), text


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("$9.6768 per On Demand Linux m7i.48xlarge Instance Hour", "m7i.48xlarge"),
        ("D4s v5", "D4s v5"),
        ("Standard_D4s_v5", "Standard_D4s_v5"),
        ("N2 Instance Core running in Americas", "N2 Instance Core"),
        ("n2-standard-8", "n2-standard-8"),
        ("VM.Standard.E5.Flex", "VM.Standard.E5.Flex"),
        ("AMD Genoa (9274F)", "Genoa"),
        ("Intel Xeon (8480+)", "Xeon"),
        ("Block storage (NVMe)", None),
        ("Managed Kubernetes control plane", None),
        ("a3-highgpu-8g", None),
    ],
)
def test_cpu_instances_are_named_as_such(text: str, found: str | None) -> None:
    assert names_cpu_instance(text) == found


@pytest.mark.parametrize(
    ("text", "cost"),
    [
        ("P30 LRS Disk", True),
        ("Block Volume", True),
        ("Data Transfer Out", True),
        ("Windows Server licence", True),
        ("H100 SXM 80GB", False),
        ("NVIDIA X900", False),
        ("GPU storage node", False),
    ],
)
def test_storage_network_and_licences_in_an_accelerator_column_are_costs(
    text: str, cost: bool
) -> None:
    assert names_a_cost(text) is cost


@pytest.mark.parametrize(
    ("text", "scale"),
    [
        ("€/Go/mois", Decimal(1)),
        ("Go/mois", Decimal(1)),
        ("par To et par mois", Decimal("0.001")),
        ("per TiB-month", Decimal("0.001")),
        ("per PB per month", Decimal("0.000001")),
    ],
)
def test_storage_in_french_octets_and_every_size(text: str, scale: Decimal) -> None:
    hint = parse_unit_text(text)
    assert hint is not None and (hint.basis, hint.period, hint.scale) == (
        Basis.GB,
        Period.MONTH,
        scale,
    )
    # the "go" of pay-as-you-go is no gigaoctet
    assert parse_unit_text("pay-as-you-go") is None
