"""The one preview entry point opens any page of the app on the demo workspace."""

from __future__ import annotations

from pathlib import Path

import pytest

from computescore.gui import preview


@pytest.mark.parametrize("view", ["tco", "quotes"])
def test_a_page_opens_alone_on_the_demo(app, qtbot, tmp_path: Path, view: str) -> None:
    window = preview.open_preview(view, tmp_path)
    qtbot.addWidget(window)
    assert (tmp_path / "preview.db").exists()
    assert window.current_view() is window.views[view]
    assert window.workspace.snapshot is not None
    assert window.workspace.snapshot.evaluation is not None
    window.close()


def test_an_unknown_page_is_refused_with_the_list() -> None:
    with pytest.raises(SystemExit):
        preview.main(["no-such-page"])


def test_no_page_has_its_own_entry_point() -> None:
    views = Path(__file__).resolve().parents[2] / "src" / "computescore" / "gui" / "views"
    assert all('__name__ == "__main__"' not in p.read_text() for p in views.glob("*.py"))
