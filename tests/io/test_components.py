"""A server maker's system: a priced base unit and its parts at no charge (io/reader/components)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Severity
from computescore.domain.quotes import Deployment, LineKind, PriceUnit
from computescore.io.reader import read_quote_file
from tests.fixtures.xlsx_builder import Sheet, build_xlsx

HEADER = ["Item", "Description", "SKU", "Qty", "Unit Price", "Extended Price"]


def test_a_system_numbered_with_its_parts_is_one_compute_line(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # Dell's layout: the base unit priced, its parts numbered 1.1, 1.2 … at $0.00. The
    # accelerator stands in a part: 4 nodes of 8 H200 at $268,912.00 each, bought.
    rows = [
        HEADER,
        ["1", "PowerEdge XE9680 Base", "210-BDUV", 4, 268912.00, 1075648.00],
        ["1.1", "    NVIDIA HGX H200 8-GPU SXM5 141GB, 700W", "370-AHVN", 4, 0, 0],
        ["1.2", "    2x Intel Xeon Platinum 8568Y+ 2.3G, 48C/96T", "338-CHSJ", 4, 0, 0],
        ["1.3", "    32x 64GB RDIMM, 5600MT/s, Dual Rank", "370-AHCL", 4, 0, 0],
        ["2", "ProSupport Plus Mission Critical 4Hr Onsite, 36 Months", "814-5501", 4,
         38640.00, 154560.00],
        ["3", "Dell PowerSwitch Z9864F-ON, 64x 800GbE OSFP", "210-BKQW", 2, 96400.00,
         192800.00],
        ["", "Subtotal", "", "", "", 1423008.00],
        ["", "Estimated Tax", "", "", "", 0],
        ["", "Total (USD)", "", "", "", 1423008.00],
    ]  # fmt: skip
    path = build_xlsx(tmp_path / "dell.xlsx", [Sheet("Quote", rows)])
    draft = read_quote_file(path, catalogue, vendor="Dell", currency="USD")
    system, support, switch = draft.quotes[0].lines
    assert system.kind is LineKind.COMPUTE
    assert system.description == ("PowerEdge XE9680 Base — NVIDIA HGX H200 8-GPU SXM5 141GB, 700W")
    assert (system.accelerator, system.accelerators_per_node, system.nodes) == (
        "nvidia-h200-sxm",
        8,
        4,
    )
    assert (system.price, system.price_unit, system.deployment) == (
        Decimal(268912),
        PriceUnit.PER_UNIT,
        Deployment.PURCHASE,
    )
    assert support.kind is LineKind.COST and switch.kind is LineKind.COST
    told = [p for p in draft.all_problems if "at no charge" in p.message]
    assert [p.severity for p in told] == [Severity.WARNING]
    assert "3 parts at no charge under a system's line are inside its price" in told[0].message
    assert "rows 3–5 under row 2; its accelerators are row 3's" in told[0].message
    # The lines add up to the subtotal: the parts were not counted twice.
    assert not [p for p in draft.all_problems if "add up to" in p.message]


def test_parts_indented_and_included_and_a_free_line_of_its_own(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # HPE's layout: parts indented under the system and priced "Included". A line at
    # $0.00 that stands on its own (not indented, not numbered under) is a line.
    rows = [
        ["#", "Description", "Qty", "Unit Net", "Ext Net"],
        ["1", "HPE Cray XD670 H100 8-GPU server", 2, 289000.00, 578000.00],
        ["", "  - 8x NVIDIA H100 SXM5 80GB", 2, "Included", ""],
        ["", "  - 2x Intel Xeon 8480+", 2, "Included", ""],
        ["2", "Factory integration", 1, 0, 0],
    ]
    path = build_xlsx(tmp_path / "hpe.xlsx", [Sheet("Quote", rows)])
    lines = read_quote_file(path, catalogue, vendor="HPE", currency="USD").quotes[0].lines
    assert [(line.description, line.price) for line in lines] == [
        ("HPE Cray XD670 H100 8-GPU server", Decimal(289000)),
        ("Factory integration", Decimal(0)),
    ]
    assert (lines[0].accelerator, lines[0].nodes, lines[0].accelerators_per_node) == (
        "nvidia-h100-sxm",
        2,
        8,
    )


def test_options_without_a_price_under_a_system_and_a_net_price_beside_its_discount(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # HPE's layout: the options stand under the system with no price at all, and the
    # "Unit Net" beside "Disc %" is net already: 2 × 379,737.60 is the 759,475.20 total.
    rows = [
        ["Qty", "Product #", "Description", "Unit List", "Disc %", "Unit Net", "Ext Net"],
        [2, "S3K47A", "HPE Cray XD670 H200 SXM5 8-GPU Server", 612480.00, 38.0, 379737.60,
         759475.20],
        [2, "S3K52A 0D1", "NVIDIA HGX H200 8-GPU 141GB SXM5 Kit", None, None, None, None],
        [4, "P67093-B21 0D1", "Intel Xeon-P 8568Y+ 2.3GHz 48-core CPU", None, None, None,
         None],
        [2, "H8QP6E", "HPE Tech Care Critical 3Y Service", 71220.00, 20.0, 56976.00,
         113952.00],
        [None, None, "Total Net (USD)", None, None, None, 873427.20],
    ]  # fmt: skip
    path = build_xlsx(tmp_path / "hpe.xlsx", [Sheet("Quote", rows)])
    draft = read_quote_file(path, catalogue, vendor="HPE", currency="USD")
    system, care = draft.quotes[0].lines
    assert (system.price, system.nodes, system.accelerators_per_node) == (
        Decimal("379737.60"),
        2,
        8,
    )
    assert care.price == Decimal("56976.00")
    assert not [p for p in draft.all_problems if p.severity is Severity.ERROR]
    assert not [p for p in draft.all_problems if "discount" in p.message]
    assert not [p for p in draft.all_problems if "add up to" in p.message]
