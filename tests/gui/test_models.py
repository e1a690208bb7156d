"""Table models: Qt's model checks, and sorting and filtering that a user can rely on."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt

from computescore.gui.models.lines import LINE_COLUMNS, LinesModel
from computescore.gui.models.table import (
    ROW_ROLE,
    SORT_ROLE,
    Column,
    FastTableModel,
    RowTableModel,
    SortFilterProxy,
    key,
)


def _line(vendor: str, price: str, kind: str = "compute", usd: float | None = 2.0) -> dict:
    return {
        "quote_id": 1,
        "vendor": vendor,
        "quote_ref": "Q-1",
        "revision": 1,
        "kind": kind,
        "accelerator": "nvidia-h100-sxm" if kind == "compute" else None,
        "category": None if kind == "compute" else "network",
        "accelerator_count": 16 if kind == "compute" else None,
        "nodes": 2,
        "accelerators_per_node": 8,
        "quantity": None,
        "deployment": "reserved" if kind == "compute" else None,
        "term_months": 36,
        "price": Decimal(price),
        "currency": "EUR",
        "price_unit": "per_gpu_hour",
        "usd_per_gpu_hour": usd,
        "region": "eu-west",
        "description": f"{vendor} line",
        "source": "q.xlsx!Pricing!7",
    }


ROWS = [
    _line("Helios Cloud", "2.8700"),
    _line("Aurora", "10.5"),
    _line("Müller", "1.25", kind="cost", usd=None),
    _line("Dragon Compute 数据", "3"),
]


def test_row_model_passes_qt_model_checks(qtmodeltester) -> None:
    model = RowTableModel(
        [Column("Vendor", key("vendor")), Column("Price", key("price"), numeric=True)], ROWS
    )
    qtmodeltester.check(model)
    proxy = SortFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(1, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy)
    # 10.5 > 3 > 2.87 > 1.25, numerically (text order would put "10.5" before "2.87").
    assert [proxy.index(r, 1).data() for r in range(4)] == ["10.5", "3", "2.8700", "1.25"]


def test_lines_model_passes_qt_model_checks_after_sort_and_filter(qtmodeltester) -> None:
    model = LinesModel(list(ROWS))
    qtmodeltester.check(model)
    model.sort(8, Qt.SortOrder.AscendingOrder)
    qtmodeltester.check(model)
    model.set_filter("eur", lambda row: row["kind"] == "compute")
    qtmodeltester.check(model)
    assert model.rowCount() == 3


def test_lines_model_sorts_prices_as_numbers_and_keeps_exact_text() -> None:
    model = LinesModel(list(ROWS))
    price_column = [c.title for c in LINE_COLUMNS].index("Price (as quoted)")
    model.sort(price_column, Qt.SortOrder.AscendingOrder)
    shown = [model.index(r, price_column).data() for r in range(model.rowCount())]
    assert shown == ["1.25", "2.8700", "3", "10.5"]
    model.sort(price_column, Qt.SortOrder.DescendingOrder)
    assert model.row(0)["vendor"] == "Aurora"


def test_missing_numbers_sort_first_and_show_a_dash() -> None:
    model = LinesModel(list(ROWS))
    usd = [c.title for c in LINE_COLUMNS].index("Per GPU-hour\n(converted)")
    model.sort(usd, Qt.SortOrder.AscendingOrder)
    assert model.row(0)["vendor"] == "Müller"
    assert model.index(0, usd).data() == "—"
    assert model.index(1, usd).data() == "$2.00"


def test_filter_needs_every_word_and_counts_what_is_hidden() -> None:
    model = LinesModel(list(ROWS))
    model.set_filter("helios reserved")
    assert [model.row(r)["vendor"] for r in range(model.rowCount())] == ["Helios Cloud"]
    model.set_filter("数据")
    assert model.rowCount() == 1
    model.set_filter("")
    assert model.rowCount() == model.total == 4


def test_sort_survives_a_filter_and_new_rows() -> None:
    model = FastTableModel([Column("Name", key("vendor"))], ROWS)
    model.sort(0, Qt.SortOrder.AscendingOrder)
    model.set_filter("", lambda row: row["kind"] == "compute")
    assert [r["vendor"] for r in model.rows()] == ["Aurora", "Dragon Compute 数据", "Helios Cloud"]
    model.set_rows([*ROWS, _line("Bravo", "1")])
    assert [r["vendor"] for r in model.rows()][:2] == ["Aurora", "Bravo"]


def test_roles_give_sort_keys_and_rows() -> None:
    model = LinesModel(list(ROWS))
    index = model.index(0, 0)
    assert model.data(index, SORT_ROLE) == "helios cloud"
    assert model.data(index, ROW_ROLE) is ROWS[0]
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Vendor"


def test_import_preview_model_passes_qt_model_checks(qtmodeltester) -> None:
    from computescore.gui.dialogs.import_wizard import PreviewModel
    from computescore.io.reader import SheetPreview

    sheet = SheetPreview(
        "Pricing",
        "visible",
        (("ACME QUOTE", ""), ("GPU", "Price/hr"), ("H100", "2.10"), ("L40S", "0.90")),
        header_rows=(2,),
        table_rows=((2, 4),),
        hidden_rows=(4,),
    )
    model = PreviewModel()
    model.set_sheet(sheet, marked=(2, 1))
    qtmodeltester.check(model)
    assert model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "B"
    assert model.index(1, 0).data(Qt.ItemDataRole.FontRole).bold()  # the header row
    assert model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole).startswith("Outside the quote")


def test_lines_show_accelerator_names_and_the_price_unit_in_words() -> None:
    named = {**ROWS[0], "accelerator_name": "NVIDIA H100 SXM5 80GB"}
    model = LinesModel([named, ROWS[2]])
    titles = [c.title for c in LINE_COLUMNS]
    what, unit = titles.index("Accelerator / category"), titles.index("Unit")
    assert model.index(0, what).data() == "NVIDIA H100 SXM5 80GB"
    assert model.index(0, what).data(Qt.ItemDataRole.ToolTipRole) == "nvidia-h100-sxm"
    assert model.index(1, what).data() == "Network"  # a cost line's category, in words
    assert model.index(0, unit).data() == "EUR / GPU-hour"
    model.set_filter("sxm5")  # the name is searched as well as the id
    assert model.rowCount() == 1


def test_fit_widths_keeps_the_columns_marked_to_keep() -> None:
    from computescore.gui.widgets import fit_widths

    # (minimum, preferred, shrinks, keep): the name (keep 3) keeps its 200 px while the
    # description (keep 1) gives up 100 of its 300; the last column gives way first.
    widths = [(60, 200, True, 3), (60, 300, True, 1), (50, 50, False, 1), (40, 90, True, 1)]
    assert fit_widths(widths, 490) == [200, 200, 50, 40]
    # Narrower still: the description reaches its minimum, then the name shrinks.
    assert fit_widths(widths, 250) == [100, 60, 50, 40]
    # Too narrow for the minimums: the table scrolls, so the name keeps its width.
    assert fit_widths(widths, 100) == [200, 60, 50, 40]


def test_a_quote_label_is_cut_in_the_vendors_name_and_keeps_its_reference(qapp) -> None:
    from PySide6.QtGui import QFontMetrics

    from computescore.gui.widgets import shorten_label

    metrics = QFontMetrics(qapp.font())
    label = "Kessler Systemhaus GmbH — KS-AN-2026-0419-L"
    full = metrics.horizontalAdvance(label)
    assert shorten_label(label, metrics, full) == label  # it fits
    # A little too wide: the legal form goes, and the name stays whole.
    plain = "Kessler Systemhaus — KS-AN-2026-0419-L"
    assert shorten_label(label, metrics, metrics.horizontalAdvance(plain)) == plain
    shortened = shorten_label(label, metrics, full * 2 // 3)
    assert shortened.endswith("… — KS-AN-2026-0419-L") and shortened.startswith("Kessler")
    assert "GmbH" not in shortened
    assert metrics.horizontalAdvance(shortened) <= full * 2 // 3
    # Too narrow even for the reference: left to the cell's own elide mode.
    assert shorten_label(label, metrics, 20) == label
