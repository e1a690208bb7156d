"""Two people on one database: an edit of a value the other changed is refused, never lost."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from computescore.errors import StaleEdit
from computescore.store.repository import Store
from tests.store.factories import evaluation, quote


def as_user(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.setenv(variable, name)


def test_a_line_someone_else_changed_is_not_overwritten_silently(
    db_target: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(db_target) as setup, setup.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        qid, _ = uow.add_quote(eid, quote())
    ada, bea = Store.open(db_target), Store.open(db_target)
    try:
        with ada.reading() as uow:
            seen = uow.load_quotes(eid)[0].lines[0]  # Ada opens the line …
        as_user(monkeypatch, "bea")
        with bea.transaction() as uow:  # … Bea saves a new price first …
            uow.update_line(qid, 1, seen, replace(seen, price=Decimal("2.10")))
        as_user(monkeypatch, "ada")
        mine = replace(seen, price=Decimal("1.95"))
        with pytest.raises(StaleEdit) as stale, ada.transaction() as uow:
            uow.update_line(qid, 1, seen, mine)  # … and Ada's save is refused
        assert stale.value.who == "bea" and stale.value.when
        assert (stale.value.theirs, stale.value.mine) == ("price 2.10", "price 1.95")
        assert "was changed by bea at" in str(stale.value)
        assert "reload to see the change, or overwrite it" in str(stale.value)
        with ada.reading() as uow:
            assert uow.load_quotes(eid)[0].lines[0].price == Decimal("2.10")
        with ada.transaction(overwrite=True) as uow:  # Ada saw both and overwrites
            uow.update_line(qid, 1, seen, mine)
        with bea.reading() as uow:
            assert uow.load_quotes(eid)[0].lines[0].price == Decimal("1.95")
        assert ada.verify_audit_chain() == []
    finally:
        ada.close()
        bea.close()


def test_an_evaluation_field_someone_else_changed_is_refused(
    db_target: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(db_target) as store:
        with store.transaction() as uow:
            eid = uow.add_evaluation(evaluation())
        as_user(monkeypatch, "bea")
        with store.transaction() as uow:
            uow.set_evaluation_field(eid, "prepared_by", "Finance", expected="Procurement")
        as_user(monkeypatch, "ada")
        with (
            pytest.raises(StaleEdit, match="prepared by was changed by bea") as stale,
            store.transaction() as uow,
        ):
            uow.set_evaluation_field(eid, "prepared_by", "Legal", expected="Procurement")
        assert (stale.value.theirs, stale.value.mine) == ("Finance", "Legal")
        with store.reading() as uow:
            assert uow.load_evaluation().prepared_by == "Finance"
