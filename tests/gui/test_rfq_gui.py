"""Reports ▸ Request for quotation: the dialog writes a workbook Import reads back."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook

from computescore.domain.rfq import FORMAT_MARK
from tests.gui.conftest import wait_idle


def test_the_rfq_dialog_writes_a_workbook_for_a_stored_vendor(
    window, qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from computescore.gui.dialogs.rfq import RfqDialog, rfq_file_name

    dialog = RfqDialog(window.workspace, window)
    qtbot.addWidget(dialog)
    vendors = [dialog.vendor.itemText(i) for i in range(dialog.vendor.count())]
    assert vendors == sorted(v.name for v in window.workspace.snapshot.vendors)
    dialog.vendor.setCurrentText(vendors[0])
    dialog.contact.setText("Ada Roe, ada@buyer.example")
    target = tmp_path / rfq_file_name(vendors[0])
    dialog.write(path=target)
    wait_idle(qtbot)
    assert dialog.written == target
    wb = load_workbook(target)
    assert wb["Keys"]["A1"].value == FORMAT_MARK
    cover = {row[1].value: row[2].value for row in wb["Cover"].iter_rows(max_col=3)}
    assert cover["To (vendor)"] == vendors[0]
    assert cover["Questions to"] == "Ada Roe, ada@buyer.example"


def test_an_empty_vendor_name_is_refused_in_a_sentence(window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from computescore.gui.dialogs.rfq import RfqDialog

    dialog = RfqDialog(window.workspace, window)
    qtbot.addWidget(dialog)
    dialog.vendor.setCurrentText("  ")
    from computescore.gui.errors import reporter

    before = len(reporter().shown)
    dialog.write(path=tmp_path / "x.xlsx")
    qtbot.waitUntil(lambda: len(reporter().shown) > before)
    assert reporter().shown[-1] == "Choose a vendor or type a new vendor's name."
    assert dialog.written is None
    assert not (tmp_path / "x.xlsx").exists()


def test_rfq_file_names_are_safe() -> None:
    from computescore.gui.dialogs.rfq import rfq_file_name

    assert rfq_file_name("Brightline GPU Cloud, Inc.") == "RFQ Brightline GPU Cloud Inc..xlsx"
    assert rfq_file_name("a/b:c") == "RFQ a b c.xlsx"


def test_the_overview_asks_vendors_for_what_is_missing(window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from computescore.gui.dialogs.rfq import write_clarification_letters

    view = window.show_view("overview")
    assert view.ask_button.text() == "Ask vendors…"
    done = write_clarification_letters(window.workspace, window, tmp_path)
    assert done is not None
    folder, vendors, questions = done
    assert folder == tmp_path and vendors > 0 and questions >= vendors
    letters = sorted(p.name for p in tmp_path.glob("Questions to *.pdf"))
    assert len(letters) == vendors
    assert len(list(tmp_path.glob("RFQ *.xlsx"))) == vendors
