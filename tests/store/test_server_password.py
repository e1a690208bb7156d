"""A team database that asks for a password: asked for, kept in memory only, never stored."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from computescore.cli import main
from computescore.services.team import add_member
from computescore.store.repository import Store
from computescore.store.roles import Role
from computescore.store.server import PasswordNeeded, forget_password, remember_password


@pytest.fixture
def guarded_url(pg_server: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[str]:
    """A database reached as a user whose password the server asks for."""
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-pgpass"))
    user = f"pw_{uuid.uuid4().hex[:8]}"
    url = str(pg_server.new_database())
    pg_server.login_with_password(user, "open sesame")
    with Store.open(url) as owner:  # the owner creates the schema and gives a role
        add_member(owner, user, "viewer")
    time.sleep(0.2)  # the reload is asynchronous
    guarded = f"postgresql://{user}@{url.split('@', 1)[1]}"
    yield guarded
    forget_password(guarded)


def test_a_missing_or_wrong_password_is_asked_for_and_the_right_one_opens(
    guarded_url: str,
) -> None:
    with pytest.raises(PasswordNeeded, match="asks for a password"):
        Store.open(guarded_url)
    remember_password(guarded_url, "wrong")
    with pytest.raises(PasswordNeeded, match="The password given was not accepted"):
        Store.open(guarded_url)
    remember_password(guarded_url, "open sesame")
    with Store.open(guarded_url) as store:
        assert store.on_server and store.roles() == (Role.VIEWER,)


def test_the_command_line_says_how_to_give_the_password_when_it_cannot_ask(
    guarded_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["team", "whoami", "--db", guarded_url]) == 3  # stdin is not a terminal
    err = capsys.readouterr().err
    assert "asks for a password" in err and "PGPASSWORD or ~/.pgpass" in err
    assert "open sesame" not in err
