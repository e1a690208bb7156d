"""Key-value terms: pairs in title blocks, two-column tables and 'Key: value' sentences."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from computescore.domain.quotes import SlaCredit
from computescore.io.key_values import key_values
from computescore.io.service_words import stated_responses
from computescore.io.term_keys import TermKey, classify_key
from computescore.io.terms import read_terms, split_certifications
from computescore.io.values import DecimalMark
from computescore.io.workbook import SheetData


def terms_of(rows: list[list[object]], **options: object):  # type: ignore[no-untyped-def]
    sheet = SheetData(name="Terms", index=0, rows=rows)  # type: ignore[arg-type]
    pairs = key_values(sheet, range(len(rows)), "q.xlsx!Terms")
    return pairs, read_terms(pairs, **options)  # type: ignore[arg-type]


def test_several_pairs_in_one_title_row() -> None:
    pairs, terms = terms_of(
        [
            ["Supplier", "Acme Cloud", None, "Quote reference", "Q-17"],
            ["Quote date", date(2026, 11, 2), None, "Valid until", "30 days"],
        ]
    )
    assert [p.source for p in pairs][:2] == ["q.xlsx!Terms!B1", "q.xlsx!Terms!E1"]
    assert (terms.vendor, terms.quote_ref) == ("Acme Cloud", "Q-17")
    # valid for 30 days from 2 November 2026 → 2 December 2026
    assert (terms.quote_date, terms.valid_until) == (date(2026, 11, 2), date(2026, 12, 2))


def test_a_title_beside_the_key_it_heads_is_no_key() -> None:
    # "QUOTATION" names the quote reference too, but its neighbour is the key, not its value.
    pairs, terms = terms_of(
        [["QUOTATION", None, None, None, "Quote No.", "SVCS-Q-26-0912"], ["Date", "2026-11-10"]]
    )
    assert terms.quote_ref == "SVCS-Q-26-0912"
    assert pairs[0].source == "q.xlsx!Terms!F1"
    # a value in a few words of its own is still a value
    _, terms = terms_of([["Quote reference", "Q-17"]])
    assert terms.quote_ref == "Q-17"


def test_a_quote_reference_stops_where_words_about_it_start() -> None:
    for written, reference in (
        ("Quotation No.: Q-7781 – valid until 30 Nov 2026", "Q-7781"),
        ("Angebotsnummer: RW-2026-1187 vom 16.11.2026", "RW-2026-1187"),
        ("Quote reference: DV-42 (supersedes DV-41)", "DV-42"),
        ("Quote reference: SQ 2026 04417", "SQ 2026 04417"),
    ):
        _, terms = terms_of([[written]])
        assert terms.quote_ref == reference, written


def test_sentences_give_every_kind_of_term() -> None:
    _, terms = terms_of(
        [
            ["Uptime commitment: 99.95%"],
            ["Service credit below 99.95%: 10% of monthly fee"],
            ["Service credit below 99.0%: 50% of monthly fee"],
            ["Severity-1 response: 30 minutes"],
            ["Severity-2 response: 2 hours"],
            ["Severity-4 response: best effort"],
            ["Expert hours included: 120 hours per year"],
            ["Support coverage: 24x7"],
            ["Annual GPU failure rate: 2.1% (fleet average)"],
            ["Mean time to repair: 4 hours (node swap)"],
            ["Measured MFU: 41% (Llama 3 70B pre-training, BF16, measured 2026-10-14)"],
            ["Termination notice: 90 days"],
            ["Early termination fee: 25% of remaining contract value"],
            ["Data egress: $0.05/GB"],
            ["Data return: full export within 30 days"],
            ["Data deletion: not provided"],
            ["Auto-renewal: no"],
            ["Certifications: ISO/IEC 27001:2022, SOC 2 Type II"],
        ]
    )
    assert terms.sla.uptime_pct == 99.95
    assert terms.sla.credits == (SlaCredit(99.95, 10.0), SlaCredit(99.0, 50.0))
    assert terms.support.response_minutes == {1: 30, 2: 120, 4: None}
    assert terms.support.expert_hours_per_month == 10.0  # 120 hours a year / 12
    assert terms.support.coverage == "24x7"
    assert terms.reliability.annual_failure_rate == 0.021
    assert terms.reliability.mttr_hours == 4.0
    assert terms.performance.mfu == 0.41
    assert terms.performance.method == "Llama 3 70B pre-training, BF16"
    assert terms.performance.measured_on == date(2026, 10, 14)
    assert terms.exit_terms.notice_days == 90
    assert terms.exit_terms.termination_fee_pct == 25.0
    assert terms.exit_terms.egress_usd_per_gb == Decimal("0.05")
    assert (
        terms.exit_terms.data_return,
        terms.exit_terms.data_deletion,
        terms.exit_terms.auto_renewal,
    ) == (True, False, False)
    assert terms.certifications == ("ISO/IEC 27001:2022", "SOC 2 Type II")
    assert terms.problems == ()


def test_two_column_table_with_decimal_commas() -> None:
    _, terms = terms_of(
        [
            ["Uptime commitment", "99,5 %"],
            ["Measured throughput", "1.850,5 tokens/s (vLLM, batch 32)"],
            ["Data egress", "free (fair use)"],
        ],
        mark=DecimalMark.COMMA,
        currency="EUR",
    )
    assert terms.sla.uptime_pct == 99.5
    assert terms.performance.tokens_per_second == 1850.5
    assert terms.egress is not None
    assert (terms.egress.amount, terms.egress.currency) == (Decimal(0), "EUR")
    assert terms.exit_terms.egress_usd_per_gb is None  # not quoted in USD


def test_not_disclosed_terms_stay_empty() -> None:
    _, terms = terms_of(
        [["Annual failure rate", "Not disclosed"], ["Measured performance", "None provided"]]
    )
    assert terms.reliability.annual_failure_rate is None
    assert terms.performance.mfu is None


def test_totals_and_notes_are_not_keys() -> None:
    assert classify_key("Monthly total (excl. on-demand and egress)") is None
    assert classify_key("Interruptible tier notice") is None
    assert classify_key("Termination notice") is TermKey.NOTICE


def test_an_order_forms_sla_key_states_the_uptime() -> None:
    _, terms = terms_of(
        [["SLA:", "99.9% monthly uptime per node; service credits 10% below 99.9%"]]
    )
    assert terms.sla.uptime_pct == 99.9
    assert classify_key("SLA credits") is TermKey.CREDIT


def test_certification_lists_keep_bracketed_commas() -> None:
    assert split_certifications("MLPS Level 3 (GB/T 22239, 2019); ISO/IEC 27001:2013") == (
        "MLPS Level 3 (GB/T 22239, 2019)",
        "ISO/IEC 27001:2013",
    )


def test_a_stated_spot_interruption_rate_is_read_per_hour() -> None:
    _, per_day = terms_of([["Spot interruption rate", "0,5 per day"]], mark=DecimalMark.COMMA)
    assert per_day.reliability.spot_interruptions_per_hour == 0.5 / 24
    _, in_label = terms_of([["Interruption frequency (per week)", "3"]])
    assert in_label.reliability.spot_interruptions_per_hour == 3 / 168
    _, percent = terms_of([["Pre-emption rate", "2 % per hour"]])
    assert percent.reliability.spot_interruptions_per_hour == 0.02
    _, unclear = terms_of([["Spot interruption rate", "low"]])
    assert unclear.reliability.spot_interruptions_per_hour is None
    assert "not a number" in unclear.problems[0].message
    assert unclear.problems[0].source == "q.xlsx!Terms!B1"
    _, no_period = terms_of([["Spot interruption rate", "0.5"]])
    assert no_period.reliability.spot_interruptions_per_hour is None
    assert "per what period" in no_period.problems[0].message


def test_a_cell_holding_key_and_value_keeps_its_own_value() -> None:
    # Two "Key: value" cells in a row: the first is not the key of the second.
    pairs, terms = terms_of(
        [
            ["Devis n° : DS-2026-118", "Date du devis : 05/11/2026"],
            ["Validité : 60 jours", None],
            ["Angebotsnummer:", "AN-2026-0457", "Datum:", "15.03.2026"],
        ]
    )
    assert [(p.key, p.value) for p in pairs][:3] == [
        ("Devis n°", "DS-2026-118"),
        ("Date du devis", "05/11/2026"),
        ("Validité", "60 jours"),
    ]
    assert terms.quote_ref == "DS-2026-118"
    assert (terms.quote_date, terms.valid_until) == (date(2026, 11, 5), date(2027, 1, 4))
    assert classify_key("Angebotsnummer") is TermKey.QUOTE_REF
    assert classify_key("Gültig bis") is TermKey.VALID_UNTIL


def test_a_header_term_written_in_its_cell_does_not_take_the_next_cell() -> None:
    # A Japanese quote's title block: the validity, then the issuer's name beside it.
    _, terms = terms_of(
        [
            ["見積番号：Q-2026-0871", "見積日：2026年11月7日"],
            ["有効期限：2026年12月6日", "株式会社さくらコンピュート"],
            ["服务赔偿 Service credit: below 99.9%", "10%"],
        ]
    )
    assert terms.quote_ref == "Q-2026-0871"
    assert (terms.quote_date, terms.valid_until) == (date(2026, 11, 7), date(2026, 12, 6))
    assert not terms.problems
    assert [(c.below_uptime_pct, c.credit_pct) for c in terms.sla.credits] == [(99.9, 10.0)]


def test_a_credit_table_under_its_own_headings_gives_every_credit() -> None:
    # An SLA's credit table as cloud order forms print it, headings included.
    _, terms = terms_of(
        [
            ["Order Form #", "LF-RC-88213"],
            ["Order date", "March 4, 2026"],
            ["Monthly uptime commitment", "99.9 %"],
            ["Monthly Uptime Percentage", "Service Credit"],
            ["Less than 99.9% but at least 99.0%", "10%"],
            ["Less than 99.0% but at least 95.0%", "25%"],
            ["Less than 95.0%", "100%"],
        ]
    )
    assert not terms.problems
    assert (terms.quote_ref, terms.quote_date) == ("LF-RC-88213", date(2026, 3, 4))
    assert terms.sla.uptime_pct == 99.9
    assert [(c.below_uptime_pct, c.credit_pct) for c in terms.sla.credits] == [
        (99.9, 10.0),
        (99.0, 25.0),
        (95.0, 100.0),
    ]


def test_day_and_month_are_told_as_doubtful_only_in_a_quote_in_dollars() -> None:
    rows = [["Date", "10/03/2026"]]
    _, euros = terms_of(rows, currency="EUR")
    assert euros.quote_date == date(2026, 3, 10) and not euros.problems
    _, dollars = terms_of(rows, currency="USD")
    assert dollars.quote_date == date(2026, 3, 10)
    assert [p.message.split(";")[0] for p in dollars.problems] == [
        "The quote date was read day first, as 10 March 2026"
    ]


def test_us_dates_are_read_month_first_when_only_that_gives_a_usual_validity() -> None:
    # 11/02/2026 → 12/02/2026: one day read day first, a month read month first.
    _, terms = terms_of([["Quote Date", "11/02/2026", "Valid Until", "12/02/2026"]])
    assert (terms.quote_date, terms.valid_until) == (date(2026, 11, 2), date(2026, 12, 2))
    (note,) = [p for p in terms.problems if "dates" in p.message]
    assert note.message.startswith("The quote's dates were read month first")
    assert "valid for 1 day" in note.message
    assert not [p for p in terms.problems if "was read day first" in p.message]
    # 01/03/2026 → 31/03/2026 reads well day first: left as read, with its warning.
    _, terms = terms_of([["Quote Date", "01/03/2026", "Valid Until", "31/03/2026"]])
    assert (terms.quote_date, terms.valid_until) == (date(2026, 3, 1), date(2026, 3, 31))
    assert [p for p in terms.problems if "was read day first" in p.message]
    # an unambiguous quote date settles an ambiguous validity: 2026-11-02 → 12/02/2026
    _, terms = terms_of([["Quote Date", "2026-11-02", "Valid Until", "12/02/2026"]])
    assert terms.valid_until == date(2026, 12, 2)


def test_a_key_does_not_reach_back_past_the_end_of_a_sentence() -> None:
    # "… platform availability. Prepayment: 10 % …" is the prepayment, not the uptime
    _, terms = terms_of(
        [
            [
                "SLA: 99.95% platform availability. Prepayment: 10% upfront on the "
                "36-month commitment."
            ],
            ["Quote no: Q-7 Currency: USD, all prices net. Valid until: 2026-12-31"],
        ]
    )
    assert terms.sla.uptime_pct == 99.95
    assert (terms.quote_ref, terms.currency) == ("Q-7", "USD")
    assert terms.valid_until == date(2026, 12, 31)


def test_a_reference_that_starts_with_letters_after_its_number_word() -> None:
    _, terms = terms_of([["Angebot Nr. RW-2026-1187"], ["Angebotsdatum: 12.11.2026"]])
    assert terms.quote_ref == "RW-2026-1187"
    _, terms = terms_of([["Model No. XE9680"]])
    assert terms.quote_ref is None


def test_several_pairs_in_one_cell_and_keys_without_a_colon() -> None:
    # A Japanese title line: three pairs in one cell, full-width colons.
    title = "見積番号：SRC-2026-0456 見積日：2026年11月14日 有効期限：2026年12月14日"
    _, terms = terms_of([[title]])
    assert terms.quote_ref == "SRC-2026-0456"
    assert (terms.quote_date, terms.valid_until) == (date(2026, 11, 14), date(2026, 12, 14))
    # A PDF's title line: each key and its value in one cell, no colon.
    pairs, terms = terms_of(
        [["Quote #3000184799001.1", "Quote Date 2026-11-02", "Valid Until 2026-12-02"]]
    )
    assert terms.quote_ref == "3000184799001.1"
    assert (terms.quote_date, terms.valid_until) == (date(2026, 11, 2), date(2026, 12, 2))
    assert [p.source for p in pairs] == ["q.xlsx!Terms!A1", "q.xlsx!Terms!B1", "q.xlsx!Terms!C1"]
    assert not terms.problems
    # a date is no reference: "Quotation 2026-11-02" says when, not which
    _, terms = terms_of([["Quotation 2026-11-02"]])
    assert terms.quote_ref is None
    # words that name no quote field keep their neighbour as their value
    _, terms = terms_of([["Uptime commitment 99.95%"], ["Quote reference", "Q-17"]])
    assert terms.quote_ref == "Q-17"


def test_blanks_to_fill_in_and_page_numbers_state_nothing() -> None:
    # a signature line's "Date: __________" is no quote date; a footer's "Page 1" is no
    # reference: neither refuses the quote, nor is stored
    _, terms = terms_of(
        [
            ["Quote date: 2026-11-20"],
            ["Accepted by customer: ____________________ Date: __________"],
            ["Cascade Data Centers LLC · Confidential proposal", "Page 1"],
        ]
    )
    assert terms.quote_date == date(2026, 11, 20)
    assert terms.quote_ref is None
    assert not terms.problems


def test_a_term_that_cannot_be_read_is_told_and_not_stored() -> None:
    # a sentence about the service level, not a figure: the quote's lines still import
    _, terms = terms_of(
        [["Service level: the Compute Service Level Agreement applies (Region-level)"]]
    )
    assert terms.sla.uptime_pct is None
    (problem,) = terms.problems
    assert problem.severity.value == "warning"
    assert problem.message == "The uptime commitment is not a number; it was not stored"


def test_a_title_beside_a_cell_that_holds_its_key_and_value() -> None:
    # a PDF's "QUOTATION | Quote No.: MGC-26-11-0457": the title is no key, and "Issue
    # date" and "Quoted On" are the quote's date
    _, terms = terms_of(
        [
            ["QUOTATION", "Quote No.: MGC-26-11-0457"],
            ["Issue date: 2026/11/20", "Valid until: 2026/12/19"],
        ]
    )
    assert terms.quote_ref == "MGC-26-11-0457"
    assert (terms.quote_date, terms.valid_until) == (date(2026, 11, 20), date(2026, 12, 19))
    _, terms = terms_of([["Quoted On: 2026-11-18"]])
    assert terms.quote_date == date(2026, 11, 18)


def test_german_and_french_service_terms() -> None:
    _, terms = terms_of(
        [
            ["Verfügbarkeit: 99,9 % pro Kalendermonat"],
            ["Kündigungsfrist: 3 Monate zum Laufzeitende"],
            ["Zertifizierungen: ISO/IEC 27001:2022, BSI C5"],
        ]
    )
    assert terms.sla.uptime_pct == 99.9
    assert terms.exit_terms.notice_days == 90
    assert terms.certifications == ("ISO/IEC 27001:2022", "BSI C5")
    _, terms = terms_of(
        [["Disponibilité garantie : 99,5 %"], ["Préavis de résiliation : 60 jours"]]
    )
    assert (terms.sla.uptime_pct, terms.exit_terms.notice_days) == (99.5, 60)
    # a bare "Disponibilité" may be the hardware's delivery, not an uptime
    _, terms = terms_of([["Disponibilité : 4 semaines"]])
    assert terms.sla.uptime_pct is None and not terms.problems


def test_response_times_in_a_support_sentence_are_read_by_severity() -> None:
    # One sentence after "Support:" in place of a key per severity; Microsoft's severity
    # A is the most severe.
    cases = [
        ("Support: 24x7; Severity 1 response within 30 minutes.", {1: 30}),
        ("Support: Microsoft Unified Support via partner, Severity A response: 1 hour.", {1: 60}),
        ("Support: 24/7, Reaktionszeit Priorität 1: 60 Minuten", {1: 60}),
        ("Support : 24h/24 7j/7, délai de prise en charge P1 : 30 minutes.", {1: 30}),
        ("Support: P1 response 15 min, P2 response 4 hours", {1: 15, 2: 240}),
        # support hours, not a time to respond
        ("Support: Priority 1 support, 2 hours a month of engineering", {}),
    ]
    for sentence, minutes in cases:
        _, terms = terms_of([[sentence]])
        assert terms.support.response_minutes == minutes, sentence


def test_a_time_before_its_severity_is_read_and_a_key_of_its_own_wins() -> None:
    assert stated_responses("24x7 with a 15-minute Severity-1 response") == {1: 15}
    assert stated_responses("we set up a response plan in 2 hours") == {}
    # A row of its own for severity 1 says it first; the sentence adds severity 2.
    _, terms = terms_of(
        [
            ["Severity 1 response", "15 minutes"],
            ["Support: Severity 1 response within 1 hour, Severity 2 response within 4 hours"],
        ]
    )
    assert terms.support.response_minutes == {1: 15, 2: 240}


def test_an_unreadable_service_level_is_not_told_when_the_same_cell_states_the_uptime() -> None:
    sentence = (
        "Service level: the Amazon Compute Service Level Agreement applies "
        "(Region-level monthly uptime commitment: 99.99%)."
    )
    _, terms = terms_of([[sentence]])
    assert terms.sla.uptime_pct == 99.99
    assert not [p for p in terms.problems if "uptime" in p.message]
    # stated nowhere else, it is told and not stored
    _, terms = terms_of([["Service level: the provider's standard agreement applies"]])
    assert terms.sla.uptime_pct is None
    assert [p.message for p in terms.problems] == [
        "The uptime commitment is not a number; it was not stored"
    ]


def test_service_stated_in_sentences_under_no_key_is_read() -> None:
    # A proposal's closing paragraph, wrapped over two lines of a PDF: the uptime in the
    # first, the response in the second, neither under a key the terms know.
    _, terms = terms_of(
        [
            [
                "Both options: 99.9% monthly cluster availability SLA; service credits of 5% "
                "per 0.1% below target, capped at 30% of the"
            ],
            ["monthly fee. Support 24x7 with a 15-minute Severity-1 response."],
        ]
    )
    assert terms.sla.uptime_pct == 99.9
    assert terms.support.response_minutes == {1: 15}
    # a key of its own wins over a sentence, whichever comes first
    _, terms = terms_of([["Our clusters run at 99.5% availability."], ["Uptime SLA", "99.95%"]])
    assert terms.sla.uptime_pct == 99.95
    # percentages that are no uptime
    for sentence in ("99.9% of invoices are paid in 30 days", "Discount: 95% of list price"):
        _, terms = terms_of([[sentence]])
        assert terms.sla.uptime_pct is None, sentence


def test_a_key_split_by_a_pages_word_gaps_is_joined_again() -> None:
    pairs, terms = terms_of(
        [
            [None, "QUOTATION", "Quotation", "no.:", "40012877"],
            ["45", "Cambridge Park Drive", "Customer", "no.:", "100482"],
        ]
    )
    assert terms.quote_ref == "40012877"  # "Customer no." is no quote's reference
    assert [p.key for p in pairs] == ["Quotation no.", "no."]


def test_a_sentence_split_by_a_pages_word_gaps_carries_on_into_its_value() -> None:
    pairs, terms = terms_of(
        [
            ["Delivery: 12", "weeks after order confirmation,", "DAP", "Oslo"],
            ["Support: 24x7", "Severity 1 response: 30 minutes"],  # a key of its own
        ]
    )
    assert pairs[0].value == "12 weeks after order confirmation,"
    assert terms.lead_time is not None and terms.lead_time.days == 84
    assert pairs[1].value == "24x7"
    assert terms.support.response_minutes == {1: 30}
